import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { type GameSession, replay } from '../../session/game-session';
import { gameStore } from '../../stores/game';

/** ENDED: '{username} won !' and 'Replay' (SPEC §2). */
export function EndPanel({ session }: { session: GameSession | null }) {
  const { t } = useTranslation();
  const { winner } = useSnapshot(gameStore);
  return (
    <div className="controls">
      {winner && (
        <p className="winner" role="status">
          {t('game.won', { username: winner.username })}
        </p>
      )}
      <button type="button" className="primary" disabled={!session} onClick={() => session && void replay(session)}>
        {t('game.replay')}
      </button>
    </div>
  );
}
