import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { navSection } from '../../routing/nav-section';
import { ROUTES } from '../../routing/paths';
import { useFeatures } from '../../server/use-features';
import { usePeopleRoutes } from '../../server/use-people-routes';
import { authStore } from '../../stores/auth';
import { FriendsNavEntry } from './FriendsNavEntry';
import { NavEntry } from './NavEntry';

/**
 * The main navigation (docs/game.md, The pages): in the header on a wide screen, a bar of tabs at
 * the bottom of a phone's screen. One <NavEntry> per section; a section of its own (friends…) adds
 * its entry here, with a `badge` for what it counts.
 */
export function MainNav() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { user } = useSnapshot(authStore);
  const current = navSection(location);
  // What the server in use does not offer is not offered (docs/game.md, "Another server").
  const features = useFeatures();
  const people = usePeopleRoutes();
  return (
    <nav className="main-nav" aria-label={t('nav.main')}>
      <NavEntry href={ROUTES.home} icon="play" label={t('nav.play')} current={current === 'play'} />
      {features.spectators && (
        <NavEntry href={ROUTES.liveGames} icon="watch" label={t('nav.watch')} current={current === 'watch'} />
      )}
      {features.ratings && (
        <NavEntry
          href={ROUTES.leaderboard}
          icon="leaderboard"
          label={t('nav.leaderboard')}
          shortLabel={t('nav.leaderboardShort')}
          current={current === 'leaderboard'}
        />
      )}
      {user && people !== null && <FriendsNavEntry current={current === 'friends'} />}
      {user && (
        <NavEntry href={ROUTES.profile} icon="profile" label={t('nav.profile')} current={current === 'profile'} />
      )}
    </nav>
  );
}
