/**
 * Drafts of forms being written (docs/sign-in-and-sessions.md#drafts): kept in
 * this tab's sessionStorage, one entry per signed-in user and screen, never
 * in the address or a log. The shell drops them all on "Cerrar sesión" and
 * those of anyone else when a different user signs in.
 */
const PREFIX = 'psicocampus.draft:';

/** The storage of drafts; null where the browser offers none (or refuses it). */
export function draftStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function draftKey(userId: string, screen: string): string {
  return `${PREFIX}${userId}:${screen}`;
}

export function readDraft<T>(storage: Storage | null, key: string): T | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    storage?.removeItem(key);
    return null;
  }
}

export function writeDraft(storage: Storage | null, key: string, values: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(values));
  } catch {
    // A full storage keeps the form as it is: only the draft is not kept.
  }
}

export function removeDraft(storage: Storage | null, key: string): void {
  storage?.removeItem(key);
}

/** Removes every draft, or every draft but `keepUserId`'s. */
export function clearDrafts(storage: Storage | null, keepUserId?: string): void {
  if (!storage) return;
  const keep = keepUserId === undefined ? null : `${PREFIX}${keepUserId}:`;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX) && !(keep && key.startsWith(keep))) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
