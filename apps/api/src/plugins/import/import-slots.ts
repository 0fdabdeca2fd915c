/** Imports one person can have under way at once: a second click waits for the first. */
export const IMPORTS_PER_USER = 1;
/**
 * Imports under way at once in one server process. Each holds its file (up
 * to 5 MB) and waits for the one import thread; past this the others are
 * told to come back rather than queue up and fill the memory.
 */
export const IMPORTS_PER_SERVER = 2;
/** Seconds a refused import is told to wait: about what one import takes. */
export const IMPORT_RETRY_AFTER_SECONDS = 10;

export type SlotRefusal = 'user' | 'server';

/**
 * Counts the imports under way, per person and in all. `take` answers a
 * release function, to be called once the import has answered (a second
 * call does nothing), or why there is no room.
 */
export class ImportSlots {
  private total = 0;
  private readonly perUser = new Map<string, number>();

  constructor(
    private readonly maxPerUser = IMPORTS_PER_USER,
    private readonly maxTotal = IMPORTS_PER_SERVER,
  ) {}

  take(userId: string): (() => void) | SlotRefusal {
    const own = this.perUser.get(userId) ?? 0;
    if (own >= this.maxPerUser) return 'user';
    if (this.total >= this.maxTotal) return 'server';
    this.total += 1;
    this.perUser.set(userId, own + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }

  /** Imports under way now (for tests and the log). */
  get inUse(): number {
    return this.total;
  }
}
