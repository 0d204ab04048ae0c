import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rules } from '../../game';
import { ICONS } from './icons';
import { lazyWithTexts } from '../i18n/lazy-with-texts';

/* The rules' text and drawings load when the dialog first opens, not with the first load of /. */
const HowToPlayContent = lazyWithTexts(() => import('./HowToPlay').then((m) => ({ default: m.HowToPlayContent })));

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
            <Suspense fallback={null}>
              <HowToPlayContent rules={rules} />
            </Suspense>
          </div>
        )}
      </dialog>
    </>
  );
}
