import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How many of `thresholdsRem` (widest first) an element is narrower than,
 * the same thresholds as the CSS container queries that restack its
 * content, followed as it resizes: 0 is the widest layout. An element not
 * laid out yet (width 0) counts as wide.
 */
export function useLayoutBand(
  ref: RefObject<HTMLElement | null>,
  thresholdsRem: readonly number[],
): number {
  const [band, setBand] = useState(0);
  // One key for the effect: a new array of the same thresholds is the same layout.
  const key = thresholdsRem.join(',');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const thresholds = key.split(',').map(Number);
    const check = () => {
      const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const width = element.clientWidth;
      setBand(
        width > 0 ? thresholds.filter((threshold) => width < threshold * rootSize).length : 0,
      );
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, key]);
  return band;
}

/** Whether an element is narrower than `thresholdRem` (see useLayoutBand). */
export function useNarrowLayout(ref: RefObject<HTMLElement | null>, thresholdRem: number): boolean {
  return useLayoutBand(ref, [thresholdRem]) > 0;
}
