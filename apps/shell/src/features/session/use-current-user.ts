import { useEffect } from 'react';
import {
  selectSessionUser,
  sessionUserUpdated,
  useAppDispatch,
  useAppSelector,
  useCurrentUserQuery,
} from '@psicocampus/shared';

/**
 * Asks the server who is signed in when a dashboard opens: an ended session
 * is noticed at once (the 401 ends it here too), and a name or role changed
 * by an administrator is picked up.
 */
export function useCurrentUser(): void {
  const dispatch = useAppDispatch();
  const stored = useAppSelector(selectSessionUser);
  const { data } = useCurrentUserQuery();
  useEffect(() => {
    const fresh = data?.user;
    if (!fresh || !stored || fresh.id !== stored.id) return;
    if (JSON.stringify(fresh) !== JSON.stringify(stored)) dispatch(sessionUserUpdated(fresh));
  }, [data, dispatch, stored]);
}
