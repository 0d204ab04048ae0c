import { Layout } from './components/Layout';
import { AppRoutes } from './routing/AppRoutes';
import { RoomSessionsProvider } from './session/sessions-context';

export function App() {
  return (
    <RoomSessionsProvider>
      <Layout>
        <AppRoutes />
      </Layout>
    </RoomSessionsProvider>
  );
}
