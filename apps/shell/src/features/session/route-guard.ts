import type { SessionUser } from '@psicocampus/shared/domain';

export interface GuardSession {
  token: string | null;
  user: SessionUser | null;
}

export const PATHS = {
  login: '/login',
  home: '/home',
  adminHome: '/dashboard/home',
  adminArea: '/dashboard',
  psychologist: '/psychologist',
  psychologistArea: '/psychologist/dashboard',
} as const;

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * The navigation guard of SEED §2 and §6 as one pure function: where the
 * browser must go instead of `pathname`, or null to stay. Redirect chains
 * (/home → /dashboard/home) resolve by calling it again on the target.
 */
export function guardRedirect(pathname: string, session: GuardSession): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const signedIn = session.token !== null && session.user !== null;
  const role = session.user?.role;

  if (path === '/') return PATHS.login;
  if (path === PATHS.psychologist) return PATHS.psychologistArea;

  const needsAdmin = path === PATHS.home || isWithin(path, PATHS.adminArea);
  const needsPsychologist = isWithin(path, PATHS.psychologistArea);
  if (needsAdmin || needsPsychologist) {
    // No token, or a token without a valid stored user: sign in again.
    if (!signedIn) return PATHS.login;
    if (needsAdmin && role !== 'ADMIN') return PATHS.psychologistArea;
    if (needsPsychologist && role !== 'PSYCHOLOGIST') return PATHS.home;
    if (path === PATHS.home) return PATHS.adminHome;
    return null;
  }

  if (path === PATHS.login && signedIn) {
    return role === 'ADMIN' ? PATHS.home : PATHS.psychologistArea;
  }
  return null;
}
