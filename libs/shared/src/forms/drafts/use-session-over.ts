import { useCallback } from 'react';
import { useAppStore } from '@psicocampus/shared/core';

/**
 * Whether the session has ended, asked after a failed save: the server
 * refused the token (401), so the shell is showing /login and the draft
 * waits for the next sign-in. An error dialog then would only cover the
 * login page.
 */
export function useIsSessionOver(): () => boolean {
  const store = useAppStore();
  return useCallback(() => store.getState().session.token === null, [store]);
}
