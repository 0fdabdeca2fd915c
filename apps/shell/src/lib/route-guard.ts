import type { Role, SessionUser } from '@psicocampus/shared/domain';
import { DASHBOARD_AREAS, type DashboardArea } from './areas';

export interface GuardSession {
  token: string | null;
  user: SessionUser | null;
}

export const PATHS = {
  login: '/login',
  home: '/home',
  adminHome: '/dashboard/home',
  psychologist: '/psychologist',
  psychologistArea: '/psychologist/dashboard',
} as const;

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether `roles` lets a user with `role` in; an empty list lets anyone in. */
export function admits(roles: readonly Role[], role: Role | undefined): boolean {
  return roles.length === 0 || (role !== undefined && roles.includes(role));
}

/**
 * Where a user goes when a place is not theirs (docs/screens-and-routes.md#login-screen): /login without a
 * session, an admin to /home, anyone else to the psychologist's dashboard.
 */
export function homeOf(role: Role | undefined): string {
  if (role === undefined) return PATHS.login;
  return role === 'ADMIN' ? PATHS.home : PATHS.psychologistArea;
}

/**
 * The navigation guard of docs/screens-and-routes.md#navigation-guard and docs/permissions.md#roles-and-areas as one pure function: where the
 * browser must go instead of `pathname`, or null to stay. Redirect chains
 * (/home → /dashboard/home) resolve by calling it again on the target.
 * Each dashboard admits the roles its remotes' descriptors list; the routes
 * of a remote whose own list is narrower are guarded where they render
 * (RemoteRoutes).
 */
export function guardRedirect(
  pathname: string,
  session: GuardSession,
  areas: readonly Pick<DashboardArea, 'base' | 'roles'>[] = DASHBOARD_AREAS,
): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const signedIn = session.token !== null && session.user !== null;
  const role = signedIn ? session.user?.role : undefined;

  if (path === '/') return PATHS.login;
  if (path === PATHS.psychologist) return PATHS.psychologistArea;

  if (path === PATHS.home) {
    // No token, or a token without a valid stored user: sign in again.
    if (!signedIn) return PATHS.login;
    return role === 'ADMIN' ? PATHS.adminHome : homeOf(role);
  }

  const area = areas.find((candidate) => isWithin(path, candidate.base));
  if (area) {
    if (!signedIn) return PATHS.login;
    return admits(area.roles, role) ? null : homeOf(role);
  }

  if (path === PATHS.login && signedIn) return homeOf(role);
  return null;
}
