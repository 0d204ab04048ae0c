import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { adminPath } from '../../routing/paths';
import { useIsAdmin } from '../../stores/role';

/** A shield: the moderators' entry. */
const SHIELD =
  'M12 2 3.5 5.5v6c0 5 3.6 9.3 8.5 10.5 4.9-1.2 8.5-5.5 8.5-10.5v-6zm0 2.2 6.5 2.7v4.6c0 3.9-2.7 7.3-6.5 8.4z';

/** The moderators' entry among the header's actions: shown to admins only (GET /users/me says `role`). */
export function AdminLink() {
  const { t } = useTranslation();
  const admin = useIsAdmin();
  const [location] = useLocation();
  if (!admin) return null;
  const here = location === adminPath() || location.startsWith(`${adminPath()}/`);
  return (
    <Link
      href={adminPath()}
      className="button ghost small admin-link"
      aria-current={here ? 'page' : undefined}
      data-testid="admin-link"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={SHIELD} fillRule="evenodd" />
      </svg>
      <span className="admin-link-label">{t('admin.entry')}</span>
    </Link>
  );
}
