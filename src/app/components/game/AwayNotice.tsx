import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import { secondsLeft } from '../../session/clock';
import { awayOpponent } from '../../session/presence';
import { gameStore } from '../../stores/game';
import { useNow } from '../use-now';

/** PLAY: the opponent dropped; how long they have to come back before they forfeit. */
export function AwayNotice() {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { members, userId, gameStatus, clockOffsetMs } = useSnapshot(gameStore);
  const away = awayOpponent(members, userId, gameStatus);
  const now = useNow(away !== null);
  if (!away) return null;
  const username = name(away);
  const seconds = secondsLeft(away.awayUntil, now, clockOffsetMs ?? 0);
  return (
    <div className="notice away-notice">
      {/* Announced once; the visible count is a timer, not read out every second. */}
      <span className="visually-hidden" role="status">
        {t('presence.awayAnnounce', { username })}
      </span>
      <p role="timer" aria-live="off">
        {t('presence.away', { username, seconds })}
      </p>
    </div>
  );
}
