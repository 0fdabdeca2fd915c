import type { UserRow } from '../users/user.queries';

/** What a process remembers of a session it has just found alive. */
export interface CachedSession {
  sessionId: string;
  user: UserRow;
  lastSeenAt: Date;
  expiresAt: Date;
  cachedAt: number;
}

export interface SessionCacheLimits {
  /** How long an entry is trusted without asking the database again. */
  ttlMs: number;
  maxEntries: number;
}

export const SESSION_CACHE_LIMITS: SessionCacheLimits = { ttlMs: 15_000, maxEntries: 10_000 };

/**
 * The sessions this process found alive in the last seconds, by token hash,
 * so that a signed-in call costs no database round trip for its session.
 *
 * It only ever answers "alive": an ended, expired or unknown token is always
 * looked up again. It is trusted only while the database's change notices
 * reach this process (`listening`); they clear it (0008_session_notices.sql),
 * and so does every write call this process answers, before its answer
 * leaves, so that a client's next call after its own sign-out never finds
 * its session here. SECURITY.md, "Sessions", states what remains.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  #generation = 0;
  #listening = false;

  constructor(private readonly limits: SessionCacheLimits = SESSION_CACHE_LIMITS) {}

  get listening(): boolean {
    return this.#listening;
  }

  /** Whether the change notices reach this process; either way, starts empty. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }

  /** Forgets everything; a lookup already under way will not store its answer. */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  /** Taken before a lookup and handed to {@link remember}. */
  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(tokenHash: string, now: Date): CachedSession | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    const age = now.getTime() - entry.cachedAt;
    // A clock set back must not stretch an entry's life.
    if (age < 0 || age > this.limits.ttlMs) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps a session found alive by a lookup that started at `generation`:
   * if anything was cleared since, the answer may predate the change and is
   * dropped.
   */
  remember(tokenHash: string, generation: number, entry: CachedSession): void {
    if (!this.#listening || generation !== this.#generation) return;
    if (this.#entries.size >= this.limits.maxEntries && !this.#entries.has(tokenHash)) {
      // The oldest first: a Map keeps insertion order.
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, entry);
  }
}
