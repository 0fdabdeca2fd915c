import { isSessionUser, type SessionUser } from '@psicocampus/shared/domain';

/** The localStorage keys of docs/data-model.md#local-data. */
export const STORAGE_KEYS = {
  token: 'x-token',
  userId: 'userId',
  userData: 'user-data',
} as const;

export interface StoredSession {
  token: string;
  user: SessionUser;
}

/**
 * Reads the session kept by an earlier visit. Anything incomplete or
 * malformed is wiped rather than half-trusted, so the guard never sees a
 * token without a valid user (which would bounce between /login and a
 * dashboard).
 */
export function readStoredSession(storage: Storage): StoredSession | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  const rawUser = storage.getItem(STORAGE_KEYS.userData);
  if (!token && !rawUser) return null;
  const user = parseStoredUser(rawUser);
  if (token && isSessionUser(user) && storage.getItem(STORAGE_KEYS.userId) === user.id) {
    return { token, user };
  }
  clearStoredSession(storage);
  return null;
}

/** docs/data-model.md#login-response stores the login response minus the token: `{ ok, user }`. */
function parseStoredUser(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return (JSON.parse(raw) as { user?: unknown }).user ?? null;
  } catch {
    return null;
  }
}

export function writeStoredSession(storage: Storage, session: StoredSession): void {
  storage.setItem(STORAGE_KEYS.token, session.token);
  storage.setItem(STORAGE_KEYS.userId, session.user.id);
  storage.setItem(STORAGE_KEYS.userData, JSON.stringify({ ok: true, user: session.user }));
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.token);
  storage.removeItem(STORAGE_KEYS.userId);
  storage.removeItem(STORAGE_KEYS.userData);
}
