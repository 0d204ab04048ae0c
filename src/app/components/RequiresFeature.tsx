import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type Feature, peopleRoutes } from '../../protocol/capabilities';
import { ROUTES } from '../routing/paths';
import { useFeatures } from '../server/use-features';
import { useSnapshot } from 'valtio';
import { serverLabel, serverStore } from '../stores/server';

/**
 * A page that needs a feature the server in use may not offer (docs/game.md, "Another server"):
 * where it does not, a short page says so instead, and nothing is asked of the server. With
 * `orOriginal`, the original server's own routes serve the page too (friends and messages).
 */
export function RequiresFeature({
  feature,
  orOriginal = false,
  children,
}: {
  readonly feature: Feature;
  readonly orOriginal?: boolean;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation();
  const features = useFeatures();
  const { reach, capabilities } = useSnapshot(serverStore);
  if (features[feature] || (orOriginal && peopleRoutes(capabilities) === 'original')) return <>{children}</>;
  // Another server's answer may still be on its way: say nothing before it is known.
  if (reach === 'checking') return <p className="page">{t('app.loading')}</p>;
  return (
    <section className="page unavailable" data-feature={feature}>
      <div className="card">
        <h1>{t('server.unavailableTitle')}</h1>
        <p className="card-text">{t('server.unavailable', { server: serverLabel() })}</p>
        <Link className="button primary" href={ROUTES.home}>
          {t('server.home')}
        </Link>
      </div>
    </section>
  );
}
