import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';
import '../styles/people.css';

/** After "Delete my account": what happened, logged out, and the way home. */
export default function AccountDeletedPage() {
  const { t } = useTranslation();
  return (
    <section className="page auth" data-testid="account-deleted">
      <div className="card auth-card">
        <h1>{t('account.deletedTitle')}</h1>
        <p className="card-text">{t('account.deletedText')}</p>
        <Link href={ROUTES.home} className="button primary block">
          {t('account.deletedHome')}
        </Link>
      </div>
    </section>
  );
}
