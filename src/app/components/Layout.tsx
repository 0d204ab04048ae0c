import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import { ErrorBanner } from './ErrorBanner';
import { ICONS } from './icons';
import { ProfilePanel } from './ProfilePanel';

/** SPEC §2: every page sits under a header with the profile button and the error banner. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="layout">
      <header className="header">
        <Link href={ROUTES.home} className="brand">
          {t('app.name')}
        </Link>
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
        {open && <ProfilePanel onClose={() => setOpen(false)} />}
      </header>
      <ErrorBanner />
      <main className="content">{children}</main>
    </div>
  );
}
