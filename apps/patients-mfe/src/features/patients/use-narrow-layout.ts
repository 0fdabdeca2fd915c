import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is narrower than `thresholdRem` (the same threshold
 * as the CSS container query that restacks its content), followed as it
 * resizes. An element not laid out yet (width 0) counts as wide.
 */
export function useNarrowLayout(ref: RefObject<HTMLElement | null>, thresholdRem: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => {
      const rootSize = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      const width = element.clientWidth;
      setNarrow(width > 0 && width < thresholdRem * rootSize);
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, thresholdRem]);
  return narrow;
}
