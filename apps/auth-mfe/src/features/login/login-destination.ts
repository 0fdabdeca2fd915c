import { returnPathAfterLogin, type LoginReturn } from '@psicocampus/shared/core';
import type { Role } from '@psicocampus/shared/domain';

export type { LoginReturn };

/**
 * Where a user goes after signing in: back to the page a lapsed session
 * interrupted, when it lies in their role's dashboard (remote-descriptors.json)
 * and the session was theirs, else the role's start (docs/screens-and-routes.md#routes:
 * /home for an administrator, /psychologist for anyone else). Never another
 * site (no open redirect).
 */
export function loginDestination(
  user: { id: string; role: Role },
  remembered: LoginReturn | null | undefined,
): string {
  return (
    returnPathAfterLogin(user, remembered) ?? (user.role === 'ADMIN' ? '/home' : '/psychologist')
  );
}
