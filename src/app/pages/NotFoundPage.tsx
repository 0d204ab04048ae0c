import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ROUTES } from '../routing/paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page not-found">
      <h1>{t('notFound.title')}</h1>
      <Link href={ROUTES.home}>{t('notFound.home')}</Link>
    </section>
  );
}
