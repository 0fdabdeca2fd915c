import { dashboardOf, type Role } from '@psicocampus/shared/domain';

/**
 * What the shell remembers, in the history entry's state (never the
 * address), when it sends someone to /login: where they were, and whose
 * session it was (docs/sign-in-and-sessions.md#drafts).
 */
export interface LoginReturn {
  from?: unknown;
  userId?: unknown;
}

/**
 * The page to return to after signing in, or null for the role's start: the
 * remembered path when it lies inside the role's dashboard and the session
 * was this user's (or nobody's: a link followed before signing in). Only a
 * plain path inside the dashboard is followed, never another site.
 */
export function returnPathAfterLogin(
  user: { id: string; role: Role },
  remembered: LoginReturn | null | undefined,
): string | null {
  const from = remembered?.from;
  const previousUser = remembered?.userId;
  if (typeof previousUser === 'string' && previousUser !== user.id) return null;
  const area = dashboardOf(user.role);
  if (
    area &&
    typeof from === 'string' &&
    (from === area || from.startsWith(`${area}/`)) &&
    !from.includes('//') &&
    !from.includes('\\') &&
    !from.split('/').includes('..')
  ) {
    return from;
  }
  return null;
}
