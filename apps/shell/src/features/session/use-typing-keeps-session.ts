import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { keepSessionWhileTyping, type AppStore } from '@psicocampus/shared';

export { KEEP_ALIVE_AFTER_MS } from '@psicocampus/shared';

/** Typing anywhere in the page counts as activity while someone is signed in (issue 16). */
export function useTypingKeepsSession(): void {
  const store = useStore() as AppStore;
  useEffect(() => keepSessionWhileTyping(store, document), [store]);
}
