import { useCallback, useEffect, useState } from 'react';
import { activeHolds, type MarkHold, nextRelease } from './mark-beats';

/**
 * The marks held back until their shots land (mark-beats.ts): `add` holds more, and the stage
 * renders again each time one is released, so a salvo's marks appear beat by beat.
 */
export function useMarkHolds(): { readonly holds: readonly MarkHold[]; readonly add: (holds: MarkHold[]) => void } {
  const [holds, setHolds] = useState<readonly MarkHold[]>([]);
  useEffect(() => {
    const now = performance.now();
    const next = nextRelease(holds, now);
    if (next === null) return;
    // A millisecond late, so that the render it causes finds the stage over.
    const timer = setTimeout(() => setHolds((current) => activeHolds(current, performance.now())), next - now + 1);
    return () => clearTimeout(timer);
  }, [holds]);
  const add = useCallback((more: MarkHold[]) => {
    if (more.length === 0) return;
    setHolds((current) => [...activeHolds(current, performance.now()), ...more]);
  }, []);
  return { holds, add };
}
