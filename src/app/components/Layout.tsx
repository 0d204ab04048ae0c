import { type ReactNode, useCallback, useRef, useState, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import { Logo } from '../art/Logo';
import { ErrorBanner } from './ErrorBanner';
import { HowToPlayButton } from './HowToPlayButton';
import { ICONS } from './icons';
import { useDismiss } from './use-dismiss';

/* The profile panel opens on a click only: a chunk of its own, not part of the first load of /. */
const ProfilePanel = lazy(() => import('./ProfilePanel').then((m) => ({ default: m.ProfilePanel })));

/** docs/game.md, The pages: every page sits under a header (logo, navigation, profile button) and the error banner. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, header, close);
  return (
    <div className="layout">
      <header className="header" ref={header}>
        <Link href={ROUTES.home} className="brand">
          <Logo />
          <span>{t('app.name')}</span>
        </Link>
        <nav className="header-nav" aria-label={t('nav.main')}>
          <HowToPlayButton className="ghost small" />
        </nav>
        <button
          type="button"
          className="profile-button"
          aria-expanded={open}
          aria-controls="profile-panel"
          aria-label={t('nav.profileButton')}
          onClick={() => setOpen((value) => !value)}
        >
          {ICONS.profile}
        </button>
        {open && (
          <Suspense fallback={null}>
            <ProfilePanel onClose={close} />
          </Suspense>
        )}
      </header>
      <ErrorBanner />
      <main className="content">{children}</main>
    </div>
  );
}
