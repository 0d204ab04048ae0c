import { Suspense } from 'react';
import type { GameRecord } from '../../../protocol/history';
import { useFeatures } from '../../server/use-features';
import { lazyWithTexts } from '../../i18n/lazy-with-texts';

const ReviewPanel = lazyWithTexts(() => import('./ReviewPanel').then((m) => ({ default: m.ReviewPanel })));

/**
 * The replay page's hook for the review (docs/game.md, "Reviewing a game"): shown where the server
 * analyses games, loaded with its own code when the replay opens. `?review=1` in the address (the
 * end card's "Review the game") asks for the analysis at once.
 */
export function ReplayReview(props: {
  record: GameRecord;
  step: number;
  onSeek: (step: number) => void;
  nameOf: (id: string) => string;
}) {
  const features = useFeatures();
  if (!features.analysis) return null;
  const start = new URLSearchParams(window.location.search).get('review') === '1';
  return (
    <Suspense fallback={null}>
      <ReviewPanel {...props} start={start} />
    </Suspense>
  );
}
