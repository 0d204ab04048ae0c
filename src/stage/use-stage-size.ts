import { type RefObject, useEffect, useState } from 'react';
import { availableHeight } from './layout';

export interface StageSize {
  readonly width: number;
  readonly maxHeight: number;
}

/** The container's width (ResizeObserver) and the height the stage may use without page scroll. */
export function useStageSize(ref: RefObject<HTMLElement | null>): StageSize {
  const [size, setSize] = useState<StageSize>({ width: 0, maxHeight: 480 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const next = {
        width: Math.floor(element.clientWidth),
        maxHeight: availableHeight(window.innerHeight, rect.top + window.scrollY),
      };
      setSize((prev) => (prev.width === next.width && prev.maxHeight === next.maxHeight ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return size;
}
