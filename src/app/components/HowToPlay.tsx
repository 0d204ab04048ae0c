import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLASSIC_RULES, type Rules, SHIP_KEYS, SHIP_NAMES, sameRules, shipKind, shipLength } from '../../game';
import { ShipIcon } from '../art/ShipIcon';
import { fleetGroups } from '../rules/rule-choice';
import { RulesBadge, RulesList } from './rules/RulesBadge';
import { ICONS } from './icons';
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

/** A "How to play" button that opens the rules in a modal dialog; Escape or the close button shuts it. */
export function HowToPlayButton({ className = 'ghost', rules }: { className?: string; rules?: Rules }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      // jsdom has no showModal; a plain open attribute still shows the content there.
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
    if (!open && el.open) {
      if (typeof el.close === 'function') el.close();
      else el.removeAttribute('open');
    }
  }, [open]);

  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <span className="help-label">{t('howToPlay.open')}</span>
        {/* Where room is short (the game bar on a phone) a "?" stands in; the label stays the name. */}
        <span className="help-icon" aria-hidden="true">
          ?
        </span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse extra; Escape closes a modal dialog natively */}
      <dialog
        ref={dialog}
        className="how-to-play"
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its body) closes it.
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        {open && (
          <div className="how-to-play-body">
            <div className="how-to-play-head">
              <h2 id={titleId}>{t('howToPlay.title')}</h2>
              <button
                type="button"
                className="icon-button"
                aria-label={t('howToPlay.close')}
                onClick={() => setOpen(false)}
              >
                {ICONS.dismiss}
              </button>
            </div>
            <HowToPlayContent rules={rules} />
          </div>
        )}
      </dialog>
    </>
  );
}
