import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NotFoundArt } from '../art/NotFoundArt';
import { ROUTES } from '../routing/paths';

/** Any unknown address: a designed page with the way back. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page not-found">
      <NotFoundArt />
      <h1>{t('notFound.title')}</h1>
      <p className="lead">{t('notFound.text')}</p>
      <Link href={ROUTES.home} className="button primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
