import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIP_KEYS, SHIP_NAMES, shipLength } from '../../game';
import { ShipIcon } from '../art/ShipIcon';
import { ICONS } from './icons';
import { touchContext, useCoarsePointer } from './use-coarse-pointer';

/** The rules (issue #13): 10×10, ships 5-4-3-3-2 that may touch, a shot each in turn, sunk ships revealed. */
export function HowToPlayContent({ headingId }: { headingId?: string }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('stage');
  const context = touchContext(useCoarsePointer());
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

/** A "How to play" button that opens the rules in a modal dialog; Escape or the close button shuts it. */
export function HowToPlayButton({ className = 'ghost' }: { className?: string }) {
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
            <HowToPlayContent />
          </div>
        )}
      </dialog>
    </>
  );
}
