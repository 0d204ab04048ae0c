import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Layout } from './components/Layout';
import { SessionWatcher } from './components/SessionWatcher';
import { AppRoutes } from './routing/AppRoutes';
import { RoomSessionsProvider } from './session/sessions-context';
import { authStore } from './stores/auth';
import { lazyWithTexts } from './i18n/lazy-with-texts';

/*
 * The people socket and its challenge toasts: for a logged-in player only, loaded after the first
 * paint (the first load's size goal).
 */
const PeopleWatcher = lazyWithTexts(() => import('./components/friends/PeopleWatcher'));

export function App() {
  const { user } = useSnapshot(authStore);
  return (
    <RoomSessionsProvider>
      <SessionWatcher />
      {user && (
        <Suspense fallback={null}>
          <PeopleWatcher />
        </Suspense>
      )}
      <Layout>
        <AppRoutes />
      </Layout>
    </RoomSessionsProvider>
  );
}
