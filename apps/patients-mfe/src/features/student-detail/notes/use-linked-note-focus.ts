import { useCallback, useRef } from 'react';

/**
 * The note a link opened (`?nota=<id>`): once it is on the screen, on
 * whichever page, it is brought into view and takes the focus, so keyboard
 * and screen-reader users land on it too. Once per link: the note's page
 * read again after a signature does not move the screen.
 */
export function useLinkedNoteFocus(linked: string | null) {
  const reached = useRef<string | null>(null);
  return useCallback(
    (element: HTMLLIElement | null) => {
      if (!element || !linked || reached.current === linked) return;
      reached.current = linked;
      element.scrollIntoView({ block: 'start' });
      element.focus({ preventScroll: true });
    },
    [linked],
  );
}
