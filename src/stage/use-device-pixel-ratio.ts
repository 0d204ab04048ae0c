import { useEffect, useState } from 'react';

const current = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

/**
 * The device pixel ratio, kept up to date when the page is zoomed or moved to another screen,
 * so the canvas stays crisp (its backing store follows the ratio).
 */
export function useDevicePixelRatio(): number {
  const [ratio, setRatio] = useState(current);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(resolution: ${ratio}dppx)`);
    const update = () => setRatio(current());
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [ratio]);
  return ratio;
}
