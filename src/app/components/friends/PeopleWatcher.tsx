import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { openPeople } from '../../people/people-session';
import { lobbyPath } from '../../routing/paths';
import { useFeatures } from '../../server/use-features';
import { authStore } from '../../stores/auth';
import { peopleStore } from '../../stores/people';
import { ChallengeToasts } from './ChallengeToasts';

/**
 * Keeps a logged-in player reachable on every page (docs/game.md, "Friends"): the people socket
 * open, challenges shown wherever they are, and the challenger taken to the room once their
 * challenge is accepted.
 */
export default function PeopleWatcher() {
  const { user } = useSnapshot(authStore);
  const { friends } = useFeatures();
  const { room } = useSnapshot(peopleStore);
  const [, navigate] = useLocation();
  const active = friends && user !== null;

  useEffect(() => (active && user ? openPeople(user) : undefined), [active, user]);

  useEffect(() => {
    if (!room) return;
    peopleStore.room = null;
    navigate(lobbyPath(room));
  }, [room, navigate]);

  return active ? <ChallengeToasts /> : null;
}
