import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { navSection } from '../../routing/nav-section';
import { ROUTES } from '../../routing/paths';
import { authStore } from '../../stores/auth';
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
  return (
    <nav className="main-nav" aria-label={t('nav.main')}>
      <NavEntry href={ROUTES.home} icon="play" label={t('nav.play')} current={current === 'play'} />
      <NavEntry
        href={ROUTES.leaderboard}
        icon="leaderboard"
        label={t('nav.leaderboard')}
        current={current === 'leaderboard'}
      />
      {user && (
        <NavEntry href={ROUTES.profile} icon="profile" label={t('nav.profile')} current={current === 'profile'} />
      )}
    </nav>
  );
}
