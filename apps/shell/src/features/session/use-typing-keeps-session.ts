import { useEffect } from 'react';
import { useAppStore } from '@psicocampus/shared/core';

/**
 * Typing anywhere in the page counts as activity while someone is signed in
 * (docs/sign-in-and-sessions.md#sessions).
 */
export function useTypingKeepsSession(): void {
  const store = useAppStore();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let done = false;
    // Signed in, the API slice is loaded already: this import only finds it.
    void import('@psicocampus/shared').then(({ keepSessionWhileTyping }) => {
      if (!done) stop = keepSessionWhileTyping(store, document);
    });
    return () => {
      done = true;
      stop?.();
    };
  }, [store]);
}
