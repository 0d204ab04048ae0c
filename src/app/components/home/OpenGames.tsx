import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { RulesBadge } from '../rules/RulesBadge';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { openGameRows } from '../../session/open-games';
import { formatElapsed } from '../../session/quick-match';
import { lobbyPath, ROUTES } from '../../routing/paths';
import { lobbyStore } from '../../stores/lobby';
import { useNow } from '../use-now';
import { BotBadge } from '../bots/BotBadge';

/**
 * Home: the public rooms waiting for a second player, live from the /lobby namespace (issue 12).
 * Joining one is opening its lobby, as an invitation link does. The player's own room is marked and
 * links back to its lobby. The server lists only rooms waiting in their lobby, so there is nothing
 * to watch here (games in play are watched from their link).
 */
export function OpenGames({ userId }: { readonly userId: string | null }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { games, connection, offsetMs } = useSnapshot(lobbyStore);
  const now = useNow(games.length > 0, 1000);
  const rows = openGameRows(games, userId, now, offsetMs ?? 0).map((row) => ({
    ...row,
    host: name({ username: row.host }),
  }));
  return (
    <section className="card open-games" aria-labelledby="open-games-title">
      <h2 id="open-games-title">{t('openGames.title')}</h2>
      {userId === null ? (
        <p className="card-text">
          {t('openGames.loginFirst')} <Link href={ROUTES.login}>{t('openGames.login')}</Link>
        </p>
      ) : (
        <>
          {connection === 'offline' && <p className="hint">{t('openGames.offline')}</p>}
          <ul className="list game-list open-game-list" aria-labelledby="open-games-title">
            {rows.length === 0 ? (
              <li className="empty">{connection === 'connecting' ? t('openGames.loading') : t('openGames.empty')}</li>
            ) : (
              rows.map((row) => (
                <li key={row.slug} data-mine={row.mine || undefined}>
                  <span className="avatar" aria-hidden="true">
                    {row.host.slice(0, 1)}
                  </span>
                  <span className="grow open-game-text">
                    <span className="open-game-host">
                      <span className="open-game-name">{row.host}</span> <BotBadge title={row.hostTitle} />
                    </span>
                    <span className="open-game-wait">
                      {t('openGames.waiting', { time: formatElapsed(row.waitingMs) })}
                    </span>
                    <RulesBadge rules={row.rules} />
                  </span>
                  {row.mine ? (
                    <>
                      <span className="badge accent">{t('openGames.yours')}</span>
                      <Link className="button small" href={lobbyPath(row.slug)}>
                        {t('openGames.open')}
                      </Link>
                    </>
                  ) : (
                    <Link
                      className="button small primary"
                      href={lobbyPath(row.slug)}
                      aria-label={t('openGames.joinLabel', { host: row.host })}
                    >
                      {t('openGames.join')}
                    </Link>
                  )}
                </li>
              ))
            )}
          </ul>
        </>
      )}
    </section>
  );
}
