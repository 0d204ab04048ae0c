import { useEffect, useState } from 'react';
import { ORIGINAL_POLL_MS } from './original-people';

/**
 * A number that grows every few seconds while `active` and the page is seen: the pages read the
 * original server again on it, as it tells nothing live. Stays 0 otherwise.
 */
export function usePollTick(active: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((n) => n + 1);
    }, ORIGINAL_POLL_MS);
    return () => clearInterval(timer);
  }, [active]);
  return tick;
}
