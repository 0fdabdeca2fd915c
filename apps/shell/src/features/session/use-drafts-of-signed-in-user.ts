import { useEffect } from 'react';
import {
  selectSessionEndReason,
  selectSessionUser,
  useAppSelector,
} from '@psicocampus/shared/core';

/** Drops every draft of this tab, or everyone's but `keepUserId`'s. */
async function dropDrafts(keepUserId?: string): Promise<void> {
  // Loaded by then (every form uses it); not a part of the shell's first download.
  const { clearDrafts, draftStorage } = await import('@psicocampus/shared/forms');
  clearDrafts(draftStorage(), keepUserId);
}

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
    if (endReason === 'logout') void dropDrafts();
  }, [endReason]);
  useEffect(() => {
    if (userId) void dropDrafts(userId);
  }, [userId]);
}
