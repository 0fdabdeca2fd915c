import { isRole, type Role } from './roles';

/** The signed-in user as the login call returns it and `user-data` stores it. */
export interface SessionUser {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * True when a value read back from storage is a usable user record. The guard
 * of docs/screens-and-routes.md#login-screen sends a missing or invalid stored user to /login, so a record
 * someone edited by hand must not be trusted just because it parses.
 */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    record.id.length > 0 &&
    isRole(record.role) &&
    typeof record.firstName === 'string' &&
    typeof record.lastName === 'string' &&
    typeof record.email === 'string'
  );
}
