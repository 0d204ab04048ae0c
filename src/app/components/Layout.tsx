import { type ReactNode, useCallback, useRef, useState, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import { Logo } from '../art/Logo';
import { AdminLink } from './admin/AdminLink';
import { ErrorBanner } from './ErrorBanner';
import { HowToPlayButton } from './HowToPlayButton';
import { ICONS } from './icons';
import { MainNav } from './nav/MainNav';
import { VisitorLinks } from './nav/VisitorLinks';
import { useDismiss } from './use-dismiss';
import { lazyWithTexts } from '../i18n/lazy-with-texts';

/* The profile panel opens on a click only: a chunk of its own, not part of the first load of /. */
const ProfilePanel = lazyWithTexts(() => import('./ProfilePanel').then((m) => ({ default: m.ProfilePanel })));

/**
 * docs/game.md, The pages: every page sits under a header and the error banner. The header: the
 * logo, the main navigation (nav/MainNav.tsx: its sections; a bar at the bottom of a phone's
 * screen), then the header's actions on the right — How to play, Log in and Register for a visitor,
 * and the profile button. A count or a shortcut of its own (unread messages, admin) goes among the
 * actions, before the profile button.
 */
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
        <MainNav />
        <div className="header-actions">
          <HowToPlayButton className="ghost small header-help" />
          <VisitorLinks />
          <AdminLink />
        </div>
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
