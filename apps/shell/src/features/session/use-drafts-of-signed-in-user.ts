import { useEffect } from 'react';
import {
  selectSessionEndReason,
  selectSessionUser,
  useAppSelector,
} from '@psicocampus/shared/core';
import { clearDrafts, draftStorage } from '@psicocampus/shared/forms';

/**
 * Drafts (docs/sign-in-and-sessions.md#drafts) belong to the person who typed
 * them: "Cerrar sesión" (here or in another tab) drops them all, and a
 * different user signing in drops everyone else's. A session that lapsed
 * keeps them for the same person's next sign-in.
 */
export function useDraftsOfSignedInUser(): void {
  const userId = useAppSelector(selectSessionUser)?.id;
  const endReason = useAppSelector(selectSessionEndReason);
  useEffect(() => {
    if (endReason === 'logout') clearDrafts(draftStorage());
  }, [endReason]);
  useEffect(() => {
    if (userId) clearDrafts(draftStorage(), userId);
  }, [userId]);
}
