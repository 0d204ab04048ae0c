import { useTranslation } from 'react-i18next';
import { usePlayerName } from '../../players/use-player-name';
import { useSnapshot } from 'valtio';
import type { GameSession } from '../../session/game-session';
import { gameStore } from '../../stores/game';
import { RematchPrompt } from './RematchPrompt';

/**
 * ENDED, in the game bar: '{username} won !' and 'Replay' (docs/game.md, Routes); when the opponent already
 * replayed, their request instead of 'Replay'. What happened and how each side shot is in the end
 * card over the boards (EndCard).
 */
export function EndPanel({ session }: { session: GameSession | null }) {
  const { t } = useTranslation();
  const name = usePlayerName();
  const { winner, rematch } = useSnapshot(gameStore);
  return (
    <div className="end-panel">
      {/* While the opponent's rematch waits, the bar is theirs: the result stays in the end card. */}
      {winner && !rematch && (
        <p className="winner" role="status">
          {t('game.won', { username: name(winner) })}
        </p>
      )}
      {rematch ? (
        <RematchPrompt />
      ) : (
        <button
          type="button"
          className="primary small"
          disabled={!session}
          onClick={() => session && void session.replay()}
        >
          {t('game.replay')}
        </button>
      )}
    </div>
  );
}
