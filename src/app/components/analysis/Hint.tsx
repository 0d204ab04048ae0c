import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { coordLabel } from '../../../game';
import type { Hint as HintAnswer } from '../../../protocol/analysis';
import { firedOn, hintAllowed } from '../../analysis/hint';
import { heatCells } from '../../analysis/review';
import { api } from '../../api';
import { BannerMessageText } from '../BannerMessageText';
import { type BannerText, errorText } from '../../errors/error-text';
import { useFeatures } from '../../server/use-features';
import { gameStore } from '../../stores/game';
import { HeatGrid } from './HeatGrid';
import '../../styles/analysis.css';

/**
 * The Hint button of a game against the computer (docs/game.md, "Hints"): the heat map the player
 * faces, the best cells starred, kept up to date after every shot while it is open. Never in a
 * game between people (the server refuses it there too).
 */
export function Hint({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const features = useFeatures();
  const { gameStatus, members, userId, opponentBoats } = useSnapshot(gameStore);
  const [open, setOpen] = useState(false);
  const [hint, setHint] = useState<HintAnswer | null>(null);
  const [failure, setFailure] = useState<BannerText | null>(null);
  const allowed = features.analysis && hintAllowed(gameStatus, members, userId);
  const fired = useMemo(() => firedOn(opponentBoats), [opponentBoats]);
  // What the player knows changes with each shot: the key that asks again.
  const known = [...fired.entries()].map(([i, r]) => `${i}${r}`).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `known` is the trigger (the board the hint is for)
  useEffect(() => {
    if (!open || !allowed) return;
    let active = true;
    setFailure(null);
    api()
      .then((client) => client.hint(slug))
      .then((answer) => active && setHint(answer))
      .catch((error: unknown) => active && setFailure(errorText(error)));
    return () => {
      active = false;
    };
  }, [open, allowed, slug, known]);

  const cells = useMemo(() => (hint ? heatCells(hint.heat, { fired, best: hint.best }) : []), [hint, fired]);
  if (!allowed) return null;
  if (!open)
    return (
      <button
        type="button"
        className="button secondary small hint-toggle"
        onClick={() => setOpen(true)}
        data-testid="hint-open"
      >
        <span aria-hidden="true">★</span> {t('analysis.hint.open')}
      </button>
    );
  return (
    <section className="card hint-card" aria-labelledby="hint-title" data-testid="hint">
      <div className="hint-card-head">
        <h2 id="hint-title">{t('analysis.hint.title')}</h2>
        <button type="button" className="button ghost small" onClick={() => setOpen(false)}>
          {t('analysis.hint.close')}
        </button>
      </div>
      {failure && (
        <p role="alert">
          <BannerMessageText text={failure} />
        </p>
      )}
      {!hint && !failure && <p role="status">{t('app.loading')}</p>}
      {hint && (
        <>
          <p role="status" data-testid="hint-best">
            {t('analysis.hint.best', {
              cells: hint.best
                .map((c) => t('analysis.cellChance', { cell: coordLabel(c), percent: Math.round(c.p * 100) }))
                .join(', '),
            })}
          </p>
          <HeatGrid cells={cells} caption={t('analysis.hint.caption')} testId="hint-heat" />
        </>
      )}
    </section>
  );
}
