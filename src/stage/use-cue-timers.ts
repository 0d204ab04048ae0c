import { useCallback, useEffect, useRef } from 'react';
import type { Timed } from './shot-beats';
import { playCue } from './sounds';
import type { SoundCue } from './effects-plan';

/**
 * Plays scheduled cues (shot-beats.ts) at their delays; `muted()` is asked when each one is due,
 * so muting silences the rest of a salvo. Cues still pending when the stage goes are dropped.
 */
export function useCueTimers(muted: () => boolean): (sounds: readonly Timed<SoundCue>[]) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mutedNow = useRef(muted);
  mutedNow.current = muted;
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);
  return useCallback((sounds) => {
    for (const { delayMs, item } of sounds) {
      if (delayMs <= 0) {
        playCue(item, mutedNow.current());
        continue;
      }
      const t = setTimeout(() => {
        timers.current.delete(t);
        playCue(item, mutedNow.current());
      }, delayMs);
      timers.current.add(t);
    }
  }, []);
}
