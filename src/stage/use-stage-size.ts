import { type RefObject, useEffect, useState } from 'react';

export interface StageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The size of the box the page gives the stage (ResizeObserver). The page sizes that box from the
 * window, never from the stage's content, so the measure cannot feed back into itself.
 */
export function useStageSize(ref: RefObject<HTMLElement | null>): StageSize {
  const [size, setSize] = useState<StageSize>({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = { width: Math.floor(element.clientWidth), height: Math.floor(element.clientHeight) };
      setSize((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
