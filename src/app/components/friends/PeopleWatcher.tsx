import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { openPeople } from '../../people/people-session';
import { lobbyPath } from '../../routing/paths';
import { usePeopleRoutes } from '../../server/use-people-routes';
import { authStore } from '../../stores/auth';
import { peopleStore } from '../../stores/people';
import { ChallengeToasts } from './ChallengeToasts';

/**
 * Keeps a logged-in player reachable on every page (docs/game.md, "Friends"): the people socket
 * open, challenges shown wherever they are, and the challenger taken to the room once their
 * challenge is accepted. On the original server, its friends and requests read now and then.
 */
export default function PeopleWatcher() {
  const { user } = useSnapshot(authStore);
  const routes = usePeopleRoutes();
  const { room } = useSnapshot(peopleStore);
  const [, navigate] = useLocation();

  useEffect(() => (routes && user ? openPeople(user, routes) : undefined), [routes, user]);

  useEffect(() => {
    if (!room) return;
    peopleStore.room = null;
    navigate(lobbyPath(room));
  }, [room, navigate]);

  // The original server has no challenges.
  return routes === 'broadside' && user !== null ? <ChallengeToasts /> : null;
}
