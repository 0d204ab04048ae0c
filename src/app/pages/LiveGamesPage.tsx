import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useNow } from '../components/use-now';
import { LiveGameItem } from '../components/watch/LiveGameItem';
import { ROUTES } from '../routing/paths';
import { liveGameRows } from '../session/live-games';
import { useLiveGames } from '../session/use-live-games';
import { authStore } from '../stores/auth';

/**
 * /watch: the games being played now, each with Watch (docs/game.md, The pages). The list comes
 * again every few seconds; open to visitors too (watching a game asks them to log in).
 */
export default function LiveGamesPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(authStore);
  const loaded = useLiveGames();
  const now = useNow(loaded.state === 'ready' && loaded.games.length > 0, 1000);
  const rows = loaded.state === 'ready' ? liveGameRows(loaded.games, user?.id ?? null, now) : [];
  return (
    <section className="page medium live-games">
      <header className="page-header">
        <h1>{t('liveGames.title')}</h1>
        <p className="lead">{t('liveGames.lead')}</p>
      </header>
      {loaded.state === 'loading' && <p className="hint">{t('app.loading')}</p>}
      {loaded.state === 'failed' && <p className="hint">{t('liveGames.failed')}</p>}
      {loaded.state === 'ready' &&
        (rows.length === 0 ? (
          <div className="card empty-card">
            <p className="card-text">{t('liveGames.empty')}</p>
            <Link className="button primary" href={ROUTES.home}>
              {t('liveGames.play')}
            </Link>
          </div>
        ) : (
          <ul className="list live-game-list" aria-label={t('liveGames.title')}>
            {rows.map((row) => (
              <LiveGameItem key={row.slug} row={row} />
            ))}
          </ul>
        ))}
    </section>
  );
}
