import type { Role } from '@psicocampus/shared/domain';

/**
 * Where a user goes after signing in: back to the page a lapsed session
 * interrupted, when it belongs to their role, else the role's start (docs/screens-and-routes.md#routes: /home for an administrator, /psychologist for anyone else).
 */
export function loginDestination(role: Role, from: unknown): string {
  const area = role === 'ADMIN' ? '/dashboard' : '/psychologist/dashboard';
  if (typeof from === 'string' && (from === area || from.startsWith(`${area}/`))) return from;
  return role === 'ADMIN' ? '/home' : '/psychologist';
}
