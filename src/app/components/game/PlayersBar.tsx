import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import { presenceOf } from '../../session/presence';
import { gameStore } from '../../stores/game';
import { BotBadge } from '../bots/BotBadge';

/**
 * Both members beside the boards, each marked connected or not, live (where the server tells
 * `presence`); in PLAY whose turn it is and, with a turn clock, the turns each one missed in a row.
 */
export function PlayersBar({ presence = true }: { readonly presence?: boolean }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { members, userId, gameStatus, match } = useSnapshot(gameStore);
  const playing = gameStatus === 'PLAY';
  return (
    <ul className="players" aria-label={t('presence.label')}>
      {presenceOf(members, userId).map((entry) => {
        const missed = match.missedTurns[entry.userId] ?? 0;
        return (
          <li
            key={entry.userId}
            className="player"
            data-connected={presence ? entry.connected : undefined}
            data-turn={playing && entry.hasToPlay ? true : undefined}
          >
            {presence && <span className="presence-dot" aria-hidden="true" />}
            <span className="player-name">
              {entry.me ? t('presence.you', { username: entry.username }) : name(entry)}
            </span>
            <BotBadge title={entry.title} />
            {presence && (
              <span className="player-state">
                {entry.bot ? t('presence.computer') : entry.connected ? t('presence.online') : t('presence.offline')}
              </span>
            )}
            {playing && entry.hasToPlay && <span className="player-turn">{t('presence.turn')}</span>}
            {playing && match.turnSeconds !== null && missed > 0 && (
              <span className="player-missed">{t('clock.missed', { count: missed })}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
