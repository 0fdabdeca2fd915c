import { useCallback, useState } from 'react';
import {
  errorMessage,
  useCalendarFeedQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
  useUpdateCalendarFeedMutation,
} from '@psicocampus/shared';
import { CALENDAR_FEED_MSG as T } from '@psicocampus/shared/calendar-feed';
import { useIsSessionOver } from '@psicocampus/shared/forms';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';

/**
 * The psychologist's calendar feed as the panel uses it: asked for only
 * while the panel is open. The URL lives only here, in memory, after the
 * creation that returned it: the server never shows it again.
 */
export function useCalendarFeed(open: boolean) {
  const feed = useCalendarFeedQuery(undefined, { skip: !open });
  const [create, creating] = useCreateCalendarFeedMutation();
  const [update, updating] = useUpdateCalendarFeedMutation();
  const [revoke, revoking] = useRevokeCalendarFeedMutation();
  const isSessionOver = useIsSessionOver();
  const [url, setUrl] = useState<string | null>(null);
  /** The choice for a feed not created yet; an existing feed's is the server's. */
  const [draftShowNames, setDraftShowNames] = useState(false);

  const exists = feed.data?.feed.exists ?? false;
  const showNames = exists ? (feed.data?.feed.showNames ?? false) : draftShowNames;

  const fail = useCallback(
    async (error: unknown) => {
      if (isSessionOver()) return;
      await showError(errorMessage(error, T.saveError));
    },
    [isSessionOver],
  );

  const createLink = useCallback(async () => {
    if (
      exists &&
      !(await confirmAction(T.rotateConfirmTitle, T.rotateConfirmText, T.rotateConfirm))
    ) {
      return;
    }
    try {
      const answer = await create({ showNames }).unwrap();
      setUrl(answer.url);
    } catch (error) {
      await fail(error);
    }
  }, [create, exists, fail, showNames]);

  const changeShowNames = useCallback(
    async (value: boolean) => {
      if (!exists) {
        setDraftShowNames(value);
        return;
      }
      try {
        await update({ showNames: value }).unwrap();
      } catch (error) {
        await fail(error);
      }
    },
    [exists, fail, update],
  );

  const revokeLink = useCallback(async () => {
    if (!(await confirmAction(T.revokeConfirmTitle, T.revokeConfirmText, T.revokeConfirm))) return;
    try {
      const answer = await revoke().unwrap();
      setUrl(null);
      setDraftShowNames(false);
      await showSuccess(answer.msg ?? T.revoke);
    } catch (error) {
      await fail(error);
    }
  }, [fail, revoke]);

  return {
    isLoading: feed.isLoading,
    isError: feed.isError,
    exists,
    showNames,
    url,
    busy: creating.isLoading || updating.isLoading || revoking.isLoading,
    createLink,
    changeShowNames,
    revokeLink,
  };
}
