import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { type GameSession, replay } from '../../session/game-session';
import { gameStore } from '../../stores/game';
import { EndSummary } from './EndSummary';
import { RematchPrompt } from './RematchPrompt';

/**
 * ENDED: '{username} won !' and 'Replay' (SPEC §2), what happened and how each side shot; when the
 * opponent already replayed, their request instead of 'Replay'.
 */
export function EndPanel({ session }: { session: GameSession | null }) {
  const { t } = useTranslation();
  const { winner, rematch } = useSnapshot(gameStore);
  return (
    <div className="controls end-panel">
      {winner && (
        <p className="winner" role="status">
          {t('game.won', { username: winner.username })}
        </p>
      )}
      <EndSummary />
      {rematch ? (
        <RematchPrompt />
      ) : (
        <button type="button" className="primary" disabled={!session} onClick={() => session && void replay(session)}>
          {t('game.replay')}
        </button>
      )}
    </div>
  );
}
