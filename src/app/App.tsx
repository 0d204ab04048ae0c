import { Layout } from './components/Layout';
import { SessionWatcher } from './components/SessionWatcher';
import { PeopleWatcher } from './components/friends/PeopleWatcher';
import { AppRoutes } from './routing/AppRoutes';
import { RoomSessionsProvider } from './session/sessions-context';

export function App() {
  return (
    <RoomSessionsProvider>
      <SessionWatcher />
      <PeopleWatcher />
      <Layout>
        <AppRoutes />
      </Layout>
    </RoomSessionsProvider>
  );
}
