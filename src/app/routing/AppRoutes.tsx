import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Switch } from 'wouter';
import { Guarded } from '../components/Guarded';
import { RequiresFeature } from '../components/RequiresFeature';
import HomePage from '../pages/HomePage';
import LoginPage from '../pages/LoginPage';
import RegisterPage from '../pages/RegisterPage';
import type { User } from '../stores/user';
import { gameRouteAccess, loggedInAccess } from './guards';
import { ROUTES } from './paths';
import { lazyWithTexts } from '../i18n/lazy-with-texts';

/* Pages that need the socket, the stage or the profile call are chunks of their own (size goal). */
const LobbyPage = lazyWithTexts(() => import('../pages/LobbyPage'));
const GamePage = lazyWithTexts(() => import('../pages/GamePage'));
const ProfilePage = lazyWithTexts(() => import('../pages/ProfilePage'));
const WatchPage = lazyWithTexts(() => import('../pages/WatchPage'));
const LiveGamesPage = lazyWithTexts(() => import('../pages/LiveGamesPage'));
const ReplayPage = lazyWithTexts(() => import('../pages/ReplayPage'));
const LeaderboardPage = lazyWithTexts(() => import('../pages/LeaderboardPage'));
/* People and your account (docs/game.md, "Profiles", "Your account"). */
const PlayerPage = lazyWithTexts(() => import('../pages/PlayerPage'));
const PlayersPage = lazyWithTexts(() => import('../pages/PlayersPage'));
const AccountPage = lazyWithTexts(() => import('../pages/AccountPage'));
const AccountDeletedPage = lazyWithTexts(() => import('../pages/AccountDeletedPage'));
const ResetPasswordPage = lazyWithTexts(() => import('../pages/ResetPasswordPage'));
const AdminPage = lazyWithTexts(() => import('../pages/AdminPage'));
/* Friends and direct messages (docs/game.md, "Friends", "Direct messages"). */
const FriendsPage = lazyWithTexts(() => import('../pages/FriendsPage'));
const MessagesPage = lazyWithTexts(() => import('../pages/MessagesPage'));
const ConversationPage = lazyWithTexts(() => import('../pages/ConversationPage'));
/* Pages no first visit of / shows (the not-found art, the log-out step): chunks of their own too. */
const LogoutPage = lazyWithTexts(() => import('../pages/LogoutPage'));
const NotFoundPage = lazyWithTexts(() => import('../pages/NotFoundPage'));

type RoomPage = ComponentType<{ slug: string; user: User }>;

function RoomRoute({ id, page: Page }: { id: string | undefined; page: RoomPage }) {
  return (
    <Guarded access={(loggedIn) => gameRouteAccess(id, loggedIn)}>
      {(user) => <Page key={id} slug={id ?? ''} user={user} />}
    </Guarded>
  );
}

/** The routes of docs/game.md, The pages. */
export function AppRoutes() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="page">{t('app.loading')}</p>}>
      <Switch>
        <Route path={ROUTES.home} component={HomePage} />
        <Route path={ROUTES.login} component={LoginPage} />
        <Route path={ROUTES.register} component={RegisterPage} />
        <Route path={ROUTES.logout} component={LogoutPage} />
        <Route path={ROUTES.profile}>
          <Guarded access={loggedInAccess}>{() => <ProfilePage />}</Guarded>
        </Route>
        <Route path={ROUTES.leaderboard}>
          <Guarded access={loggedInAccess}>
            {(user) => (
              <RequiresFeature feature="ratings">
                <LeaderboardPage userId={user.id} />
              </RequiresFeature>
            )}
          </Guarded>
        </Route>
        <Route path={ROUTES.player}>
          {(params) => (
            <Guarded access={loggedInAccess}>
              {(user) => <PlayerPage key={params.id} id={params.id} myId={user.id} />}
            </Guarded>
          )}
        </Route>
        <Route path={ROUTES.players}>
          <Guarded access={loggedInAccess}>
            {() => (
              <RequiresFeature feature="search">
                <PlayersPage />
              </RequiresFeature>
            )}
          </Guarded>
        </Route>
        <Route path={ROUTES.accountDeleted} component={AccountDeletedPage} />
        <Route path={ROUTES.account}>
          <Guarded access={loggedInAccess}>{(user) => <AccountPage userId={user.id} />}</Guarded>
        </Route>
        <Route path={ROUTES.resetPassword} component={ResetPasswordPage} />
        <Route path={ROUTES.admin}>
          <Guarded access={loggedInAccess}>{() => <AdminPage />}</Guarded>
        </Route>
        <Route path={ROUTES.friends}>
          <Guarded access={loggedInAccess}>
            {(user) => (
              <RequiresFeature feature="friends" orOriginal>
                <FriendsPage myId={user.id} />
              </RequiresFeature>
            )}
          </Guarded>
        </Route>
        <Route path={ROUTES.messages}>
          <Guarded access={loggedInAccess}>
            {(user) => (
              <RequiresFeature feature="friends" orOriginal>
                <MessagesPage myId={user.id} />
              </RequiresFeature>
            )}
          </Guarded>
        </Route>
        <Route path={ROUTES.conversation}>
          {(params) => (
            <Guarded access={loggedInAccess}>
              {(user) => (
                <RequiresFeature feature="friends" orOriginal>
                  <ConversationPage key={params.id} userId={params.id} myId={user.id} />
                </RequiresFeature>
              )}
            </Guarded>
          )}
        </Route>
        <Route path={ROUTES.replay}>
          {(params) => (
            <Guarded access={loggedInAccess}>
              {(user) => (
                <RequiresFeature feature="history">
                  <ReplayPage key={params.id} gameId={params.id} userId={user.id} />
                </RequiresFeature>
              )}
            </Guarded>
          )}
        </Route>
        <Route path={ROUTES.liveGames}>
          <RequiresFeature feature="spectators">
            <LiveGamesPage />
          </RequiresFeature>
        </Route>
        <Route path={ROUTES.watch}>
          {(params) => (
            <RequiresFeature feature="spectators">
              <RoomRoute id={params.id} page={WatchPage} />
            </RequiresFeature>
          )}
        </Route>
        <Route path={ROUTES.lobby}>{(params) => <RoomRoute id={params.id} page={LobbyPage} />}</Route>
        {/* /game/lobby without an id must not be read as the game named "lobby". */}
        <Route path={ROUTES.lobbyWithoutId}>
          <RoomRoute id={undefined} page={LobbyPage} />
        </Route>
        <Route path={ROUTES.game}>{(params) => <RoomRoute id={params.id} page={GamePage} />}</Route>
        <Route path={ROUTES.gameWithoutId}>
          <RoomRoute id={undefined} page={GamePage} />
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
