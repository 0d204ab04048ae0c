import { useEffect, useState } from 'react';

/**
 * The local time for a countdown: the component renders again several times a second while
 * `active`, and each render reads the clock afresh (a new deadline is never shown against a
 * stale time).
 */
export function useNow(active: boolean, intervalMs = 250): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return Date.now();
}
