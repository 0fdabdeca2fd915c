import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * When the address ends in `#anchor` (the list's 'Notas' opens
 * `patients/:id#notas`), brings that block into view once it is on the
 * screen and moves focus to its heading, so keyboard and screen-reader
 * users land there too.
 */
export function useScrollToAnchor<T extends HTMLElement>(anchor: string, ready: boolean) {
  const { hash } = useLocation();
  const target = useRef<T>(null);
  useEffect(() => {
    if (!ready || hash !== `#${anchor}`) return;
    const element = target.current;
    if (!element) return;
    element.scrollIntoView({ block: 'start' });
    element.focus({ preventScroll: true });
  }, [anchor, hash, ready]);
  return target;
}
