import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { shipKind } from '../../../game';
import { checkPlacement } from '../../rules/placement-check';
import { ShipIcon } from '../../art/ShipIcon';
import { fleetGroups } from '../../rules/rule-choice';
import type { GameSession } from '../../session/game-session';
import { gameStore, shuffleDraft } from '../../stores/game';
import { RulesBadge } from '../rules/RulesBadge';
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
 * PLACE_SHIPS, in the stage's free slot (where the enemy grid will be): the room's rules, how to
 * place, shuffle, validate; then the wait for the opponent. Under no-touch rules, ships that touch
 * are named with the reason and Validate waits until they are apart.
 */
export function PlacementPanel({ session }: { session: GameSession | null }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stage');
  const context = touchContext(useCoarsePointer());
  const { fleetSubmitted, draft, match } = useSnapshot(gameStore);
  const rules = match.rules;
  const check = checkPlacement(draft, rules);
  const names = [...new Set(check.refused.map((ship) => ts(`ships.${shipKind(ship, rules)}`)))];
  return (
    <div className="card placement-panel">
      <div className="placement-head">
        <h2>{t('game.placeTitle')}</h2>
        <RulesBadge rules={rules} />
      </div>
      {fleetSubmitted ? (
        <p className="hint">{t('game.waitingPanel')}</p>
      ) : (
        <>
          <p className="hint">
            {t('game.placeHint', { context })} {rules.touch ? null : t('game.placeApart')}
          </p>
          {!check.ok && (
            <p className="placement-refused" role="alert" data-testid="placement-refused">
              {check.code === 'TOUCHING'
                ? t('game.refusedTouching', { ships: names.join(', ') })
                : t('game.refusedFleet')}
            </p>
          )}
          <div className="card-actions">
            <button type="button" className="secondary" onClick={shuffleDraft}>
              {t('game.shuffle')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={!session || !check.ok}
              onClick={() => session && void session.place()}
            >
              {t('game.validate')}
            </button>
          </div>
          <ul className="fleet-legend">
            {fleetGroups(rules).map(({ ship, count }) => (
              <li key={ship}>
                <ShipIcon ship={ship} rules={rules} scale={12} />
                <span>
                  {count > 1 ? `${count} × ` : ''}
                  {ts(`ships.${shipKind(ship, rules)}`)}
                </span>
              </li>
            ))}
          </ul>
          <p className="hint keys-hint">{t('game.placeKeys')}</p>
        </>
      )}
    </div>
  );
}
