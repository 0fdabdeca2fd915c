import type { Database } from '../../db/client';
import type { Encoding } from '../../lib/compression';
import { RevisionCache, type CachedAnswer } from '../../lib/revision-cache';
import { caseloadList, caseloadRevision } from './student-list.json';

/** About 60 caseloads of 500 students; the least recently asked go first. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** Reads a caseload's current revision ('0' before its first change). */
export type RevisionReader = (psychologistId: string) => Promise<string>;

/**
 * The answer of `GET /api/students` per psychologist, kept for as long as the
 * caseload's revision (kept by the database's triggers, migrations 0005 and
 * 0009) does not change. A hit costs one primary-key lookup instead of
 * building ~300 KB of JSON (docs/limits-and-budgets.md#speed-and-size-budgets); any write to the caseload — from
 * this process, another one, an import or an administrator's reassignment —
 * changes the revision, so nothing stale is ever sent.
 */
export class CaseloadListCache {
  private readonly cache: RevisionCache;

  constructor(
    private readonly db: Database,
    maxBytes = DEFAULT_MAX_BYTES,
  ) {
    this.cache = new RevisionCache(maxBytes);
  }

  async body(psychologistId: string): Promise<Buffer> {
    return (await this.answer(psychologistId, null)).body;
  }

  /**
   * The list in the encoding the client accepts (null: uncompressed).
   * `readRevision` reads the caseload's current revision (by default a
   * statement of its own); it is always called, once.
   */
  async answer(
    psychologistId: string,
    encoding: Encoding | null,
    readRevision: RevisionReader = (id) => caseloadRevision(this.db, id),
  ): Promise<CachedAnswer> {
    const answer = await this.cache.answer(
      psychologistId,
      encoding,
      () => readRevision(psychologistId),
      () => caseloadList(this.db, psychologistId),
    );
    // A caseload always has a list, '[]' at worst.
    return answer!;
  }

  /** What the cache holds now, for the tests and the logs. */
  get size(): { caseloads: number; bytes: number } {
    const { entries, bytes } = this.cache.size;
    return { caseloads: entries, bytes };
  }
}
