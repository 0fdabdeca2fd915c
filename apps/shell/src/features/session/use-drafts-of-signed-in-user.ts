import { useEffect } from 'react';
import { selectSessionUser, useAppSelector, useAppStore } from '@psicocampus/shared/core';
import { clearDrafts, draftStorage } from '@psicocampus/shared/forms';

/**
 * Drafts (docs/sign-in-and-sessions.md#drafts) belong to the person who typed
 * them. Used only while someone is signed in: a different user signing in
 * drops everyone else's, and a session that ends by "Cerrar sesión" (here or
 * in another tab) drops them all. A session that lapsed keeps them for the
 * same person's next sign-in.
 */
export function useDraftsOfSignedInUser(): void {
  const store = useAppStore();
  const userId = useAppSelector(selectSessionUser)?.id;
  useEffect(() => {
    if (userId) clearDrafts(draftStorage(), userId);
  }, [userId]);
  useEffect(
    () => () => {
      if (store.getState().session.endReason === 'logout') clearDrafts(draftStorage());
    },
    [store],
  );
}
