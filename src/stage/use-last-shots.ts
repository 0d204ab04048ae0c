import { useMemo, useRef } from 'react';
import type { StageSnapshot } from './effects-plan';
import { type LastShots, NO_LAST_SHOTS, nextLastShots } from './last-shots';

/** The last shot at each grid (last-shots.ts), remembered from one view to the next. */
export function useLastShots(view: StageSnapshot): LastShots {
  const known = useRef<LastShots>(NO_LAST_SHOTS);
  return useMemo(() => {
    // Running twice on one view (React's strict mode) gives the same answer: the step is idempotent.
    known.current = nextLastShots(known.current, view);
    return known.current;
  }, [view]);
}
