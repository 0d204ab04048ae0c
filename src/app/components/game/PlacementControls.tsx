import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { SHIP_KEYS, SHIP_NAMES } from '../../../game';
import { ShipIcon } from '../../art/ShipIcon';
import type { GameSession } from '../../session/game-session';
import { gameStore, shuffleDraft } from '../../stores/game';
import { touchContext, useCoarsePointer } from '../use-coarse-pointer';

/** PLACE_SHIPS, in the game bar: what to do now, in one line. */
export function PlacementStatus() {
  const { t } = useTranslation();
  const { fleetSubmitted } = useSnapshot(gameStore);
  return (
    <p role="status" className={fleetSubmitted ? 'turn theirs' : 'turn mine'}>
      {fleetSubmitted ? t('game.waitingOpponentFleet') : t('game.placeTitle')}
    </p>
  );
}

/**
 * PLACE_SHIPS, in the stage's free slot (where the enemy grid will be): how to place, shuffle,
 * validate; then the wait for the opponent.
 */
export function PlacementPanel({ session }: { session: GameSession | null }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stage');
  const context = touchContext(useCoarsePointer());
  const { fleetSubmitted } = useSnapshot(gameStore);
  return (
    <div className="card placement-panel">
      <h2>{t('game.placeTitle')}</h2>
      {fleetSubmitted ? (
        <p className="hint">{t('game.waitingPanel')}</p>
      ) : (
        <>
          <p className="hint">{t('game.placeHint', { context })}</p>
          <div className="card-actions">
            <button type="button" className="secondary" onClick={shuffleDraft}>
              {t('game.shuffle')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={!session}
              onClick={() => session && void session.place()}
            >
              {t('game.validate')}
            </button>
          </div>
          <ul className="fleet-legend">
            {SHIP_KEYS.map((ship) => (
              <li key={ship}>
                <ShipIcon ship={ship} scale={12} />
                <span>{ts(`ships.${SHIP_NAMES[ship]}`)}</span>
              </li>
            ))}
          </ul>
          <p className="hint keys-hint">{t('game.placeKeys')}</p>
        </>
      )}
    </div>
  );
}
