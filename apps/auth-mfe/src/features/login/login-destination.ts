import { dashboardOf, type Role } from '@psicocampus/shared/domain';

/**
 * Where a user goes after signing in: back to the page a lapsed session
 * interrupted, when it lies in their role's dashboard (remote-descriptors.json),
 * else the role's start (docs/screens-and-routes.md#routes: /home for an
 * administrator, /psychologist for anyone else).
 */
export function loginDestination(role: Role, from: unknown): string {
  const area = dashboardOf(role);
  if (area && typeof from === 'string' && (from === area || from.startsWith(`${area}/`))) {
    return from;
  }
  return role === 'ADMIN' ? '/home' : '/psychologist';
}
