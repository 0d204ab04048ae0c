import { useSyncExternalStore } from 'react';

const QUERY = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

/**
 * True on a touch screen (the primary pointer is a finger): texts then say "tap" instead of
 * "click". Use it as i18next's context (touchContext) on texts that say how to act on the board.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

export function touchContext(coarse: boolean): 'touch' | undefined {
  return coarse ? 'touch' : undefined;
}
