import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePlayerName } from '../../players/use-player-name';
import { gamePath, watchPath } from '../../routing/paths';
import type { LiveGameRow } from '../../session/live-games';
import { formatElapsed } from '../../session/quick-match';
import { BotBadge } from '../bots/BotBadge';
import { RulesBadge } from '../rules/RulesBadge';

/** One live game: who plays whom, under which rules, since when, and Watch (or Back to it for one's own). */
export function LiveGameItem({ row }: { readonly row: LiveGameRow }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const [a, b] = row.players.map((p) => ({ ...p, shown: name(p) }));
  if (!a || !b) return null;
  const state =
    row.status === 'PLAY' ? t('liveGames.playing', { time: formatElapsed(row.playingMs) }) : t('liveGames.placing');
  return (
    <li className="live-game" data-mine={row.mine || undefined}>
      <span className="live-game-players">
        <span className="live-game-name">
          {a.shown} <BotBadge title={a.title} />
        </span>
        <span className="live-game-vs">{t('liveGames.vs')}</span>
        <span className="live-game-name">
          {b.shown} <BotBadge title={b.title} />
        </span>
      </span>
      <span className="live-game-meta">
        <span className={row.status === 'PLAY' ? 'badge accent' : 'badge'}>{state}</span>
        {row.turnSeconds !== null && (
          <span className="live-game-clock">{t('liveGames.clock', { seconds: row.turnSeconds })}</span>
        )}
        <RulesBadge rules={row.rules} />
      </span>
      {row.mine ? (
        <Link className="button small" href={gamePath(row.slug)}>
          {t('liveGames.resume')}
        </Link>
      ) : (
        <Link
          className="button small primary"
          href={watchPath(row.slug)}
          aria-label={t('liveGames.watchLabel', { a: a.shown, b: b.shown })}
        >
          {t('watch.link')}
        </Link>
      )}
    </li>
  );
}
