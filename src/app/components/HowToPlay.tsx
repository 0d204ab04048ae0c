import { useTranslation } from 'react-i18next';
import { CLASSIC_RULES, type Rules, SHIP_KEYS, SHIP_NAMES, sameRules, shipKind, shipLength } from '../../game';
import { ShipIcon } from '../art/ShipIcon';
import { fleetGroups } from '../rules/rule-choice';
import { RulesBadge, RulesList } from './rules/RulesBadge';
import { touchContext, useCoarsePointer } from './use-coarse-pointer';

/**
 * The rules (issue #13): 10×10, ships 5-4-3-3-2 that may touch, a shot each in turn, sunk ships
 * revealed. In a game under other rules (docs/game.md, "Rule variants") they are that game's:
 * each rule explained, and its fleet.
 */
export function HowToPlayContent({ headingId, rules }: { headingId?: string; rules?: Rules }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stage');
  const context = touchContext(useCoarsePointer());
  if (rules && !sameRules(rules, CLASSIC_RULES)) return <VariantContent rules={rules} context={context} />;
  return (
    <>
      <ol className="rules">
        <li>{t('howToPlay.rules.grid')}</li>
        <li>{t('howToPlay.rules.place', { context })}</li>
        <li>{t('howToPlay.rules.turns', { context })}</li>
        <li>{t('howToPlay.rules.results')}</li>
        <li>{t('howToPlay.rules.win')}</li>
      </ol>
      <h3 id={headingId}>{t('howToPlay.fleet')}</h3>
      <ul className="fleet-legend">
        {SHIP_KEYS.map((ship) => (
          <li key={ship}>
            <ShipIcon ship={ship} scale={14} />
            <span>
              {ts(`ships.${SHIP_NAMES[ship]}`)} · {t('howToPlay.cells', { count: shipLength(ship) })}
            </span>
          </li>
        ))}
      </ul>
      <p className="hint">{t('howToPlay.keyboard')}</p>
    </>
  );
}

/** How to play a game under other rules than the classic ones: the room's rules first, then the fleet. */
function VariantContent({ rules, context }: { rules: Rules; context: string | undefined }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stage');
  return (
    <>
      <div className="how-to-play-rules" data-testid="how-to-play-rules">
        <h3>
          {t('howToPlay.roomRules')} <RulesBadge rules={rules} />
        </h3>
        <RulesList rules={rules} />
      </div>
      <ol className="rules">
        <li>{t('howToPlay.variant.grid')}</li>
        <li>{t('howToPlay.variant.place', { context })}</li>
        <li>{t('howToPlay.variant.turns', { context })}</li>
        <li>{t('howToPlay.rules.results')}</li>
        <li>{t('howToPlay.variant.win')}</li>
      </ol>
      <h3>{t('howToPlay.fleet')}</h3>
      <ul className="fleet-legend">
        {fleetGroups(rules).map(({ ship, length, count }) => (
          <li key={ship}>
            <ShipIcon ship={ship} rules={rules} scale={14} />
            <span>
              {count > 1 ? `${count} × ` : ''}
              {ts(`ships.${shipKind(ship, rules)}`)} · {t('howToPlay.cells', { count: length })}
            </span>
          </li>
        ))}
      </ul>
      <p className="hint">{t('howToPlay.keyboard')}</p>
    </>
  );
}
