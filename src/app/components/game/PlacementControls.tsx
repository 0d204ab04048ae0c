import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { type GameSession, placeShips } from '../../session/game-session';
import { gameStore, shuffleDraft } from '../../stores/game';

/** PLACE_SHIPS: shuffle the draft fleet or validate it; then wait for the opponent. */
export function PlacementControls({ session }: { session: GameSession | null }) {
  const { t } = useTranslation();
  const { fleetSubmitted } = useSnapshot(gameStore);
  if (fleetSubmitted) return <p role="status">{t('game.waitingOpponentFleet')}</p>;
  return (
    <div className="controls">
      <h2>{t('game.placeTitle')}</h2>
      <p className="hint">{t('game.placeHint')}</p>
      <button type="button" className="secondary" onClick={shuffleDraft}>
        {t('game.shuffle')}
      </button>
      <button type="button" className="primary" disabled={!session} onClick={() => session && void placeShips(session)}>
        {t('game.validate')}
      </button>
    </div>
  );
}
