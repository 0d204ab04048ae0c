import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import { secondsLeft } from '../../session/clock';
import { gameStore, isMyTurn } from '../../stores/game';
import { useNow } from '../use-now';

/** PLAY with a turn clock: the current turn's countdown, on both screens. */
export function TurnClock() {
  const { t } = useTranslation();
  const name = usePlayerName();
  const snapshot = useSnapshot(gameStore);
  const deadline = snapshot.gameStatus === 'PLAY' ? snapshot.match.turnDeadline : null;
  const now = useNow(deadline !== null);
  if (deadline === null) return null;
  const seconds = secondsLeft(deadline, now, snapshot.clockOffsetMs ?? 0);
  const mine = isMyTurn(snapshot);
  const opponent = snapshot.members.find((member) => member.userId !== snapshot.userId);
  const text = mine
    ? t('clock.yourTime', { seconds })
    : t('clock.theirTime', { username: opponent ? name(opponent) : t('game.opponentFallback'), seconds });
  return (
    <p className="turn-clock" data-mine={mine} data-low={seconds <= 10}>
      <span className="turn-clock-long" role="timer" aria-live="off">
        {text}
      </span>
      {/* A phone's bar has room for the figure only; the sentence stays for screen readers. */}
      <span className="turn-clock-short" aria-hidden="true">
        {t('clock.seconds', { seconds })}
      </span>
    </p>
  );
}
