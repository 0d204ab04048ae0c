import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { ADMIN_SECTIONS, adminSection } from '../admin/sections';
import { adminPath } from '../routing/paths';
import { useIsAdmin } from '../stores/role';
import '../styles/admin.css';

/**
 * /admin and /admin?section=<id>: the moderators' page (docs/game.md, "Moderation"). A shell with one
 * tab per section (src/app/admin/sections.ts: reports, the audit log, the operator's console…);
 * shown to admins only — anyone else is told it is for moderators, and the server refuses them
 * every call anyway.
 */
export default function AdminPage() {
  const section = new URLSearchParams(useSearch()).get('section') ?? undefined;
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const current = adminSection(section);
  const title = current ? t(current.labelKey) : t('admin.title');
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${t('admin.title')} · ${t('app.name')}`;
    return () => {
      document.title = previous;
    };
  }, [title, t]);

  if (admin === null)
    return (
      <p className="page" role="status">
        {t('app.loading')}
      </p>
    );
  if (!admin)
    return (
      <section className="page admin" data-testid="admin-refused">
        <div className="page-header">
          <h1>{t('admin.title')}</h1>
        </div>
        <p className="card">{t('admin.onlyModerators')}</p>
      </section>
    );
  return (
    <section className="page admin" data-testid="admin-page">
      <div className="page-header">
        <h1>{t('admin.title')}</h1>
      </div>
      <nav className="admin-tabs" aria-label={t('admin.sectionsLabel')}>
        {ADMIN_SECTIONS.map((s) => (
          <Link key={s.id} href={adminPath(s.id)} aria-current={s === current ? 'page' : undefined}>
            {t(s.labelKey)}
          </Link>
        ))}
      </nav>
      {current ? (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <current.Page />
        </Suspense>
      ) : (
        <p className="card">{t('admin.noSuchSection')}</p>
      )}
    </section>
  );
}
