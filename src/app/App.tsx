import { Layout } from './components/Layout';
import { SessionWatcher } from './components/SessionWatcher';
import { AppRoutes } from './routing/AppRoutes';
import { RoomSessionsProvider } from './session/sessions-context';

export function App() {
  return (
    <RoomSessionsProvider>
      <SessionWatcher />
      <Layout>
        <AppRoutes />
      </Layout>
    </RoomSessionsProvider>
  );
}
