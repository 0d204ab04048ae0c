import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { ROUTES } from '../../routing/paths';
import { authStore } from '../../stores/auth';
import { rememberPath } from '../../stores/return-path';

/** Log in and Register in the header for a visitor; after either, back to the page they were on. */
export function VisitorLinks() {
  const { t } = useTranslation();
  const { user, status } = useSnapshot(authStore);
  const [location] = useLocation();
  if (user || status === 'loading') return null;
  const remember = (): void => rememberPath(location);
  return (
    <div className="visitor-links">
      <Link href={ROUTES.login} className="button ghost small" onClick={remember}>
        {t('nav.login')}
      </Link>
      <Link href={ROUTES.register} className="button primary small" onClick={remember}>
        {t('nav.register')}
      </Link>
    </div>
  );
}
