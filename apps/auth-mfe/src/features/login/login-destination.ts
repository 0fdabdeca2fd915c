import { dashboardOf, type Role } from '@psicocampus/shared/domain';

/** What the shell remembers when it sends someone to /login: where they were, and whose session it was. */
export interface LoginReturn {
  from?: unknown;
  userId?: unknown;
}

/**
 * Where a user goes after signing in: back to the page a lapsed session
 * interrupted, when it lies in their role's dashboard (remote-descriptors.json)
 * and the session was theirs, else the role's start (docs/screens-and-routes.md#routes:
 * /home for an administrator, /psychologist for anyone else). Only a path
 * inside the dashboard is followed: never another site (no open redirect).
 */
export function loginDestination(
  user: { id: string; role: Role },
  remembered: LoginReturn | null | undefined,
): string {
  const home = user.role === 'ADMIN' ? '/home' : '/psychologist';
  const from = remembered?.from;
  const previousUser = remembered?.userId;
  if (typeof previousUser === 'string' && previousUser !== user.id) return home;
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
  return home;
}
