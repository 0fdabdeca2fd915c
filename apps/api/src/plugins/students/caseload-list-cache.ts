import type { Database } from '../../db/client';
import { caseloadList, caseloadRevision } from './student-list.json';

/** About 60 caseloads of 500 students; the least recently asked go first. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  revision: string;
  body: Buffer;
}

/**
 * The answer of `GET /api/students` per psychologist, kept as the bytes sent,
 * for as long as the caseload's revision (kept by the database's triggers,
 * migration 0005) does not change. A hit costs one primary-key lookup instead
 * of building ~300 KB of JSON (PRODUCT §12); any write to the caseload — from
 * this process, another one, an import or an administrator's reassignment —
 * changes the revision, so nothing stale is ever sent.
 */
export class CaseloadListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly db: Database,
    private readonly maxBytes = DEFAULT_MAX_BYTES,
  ) {}

  async body(psychologistId: string): Promise<Buffer> {
    const cached = this.entries.get(psychologistId);
    if (cached && cached.revision === (await caseloadRevision(this.db, psychologistId))) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(psychologistId);
      this.entries.set(psychologistId, cached);
      return cached.body;
    }
    const fresh = await caseloadList(this.db, psychologistId);
    const body = Buffer.from(fresh.body, 'utf8');
    this.store(psychologistId, { revision: fresh.revision, body });
    return body;
  }

  /** What the cache holds now, for the tests and the logs. */
  get size(): { caseloads: number; bytes: number } {
    return { caseloads: this.entries.size, bytes: this.bytes };
  }

  private store(psychologistId: string, entry: Entry): void {
    this.forget(psychologistId);
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(psychologistId, entry);
    this.bytes += entry.body.length;
    for (const [id] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(id);
    }
  }

  private forget(psychologistId: string): void {
    const entry = this.entries.get(psychologistId);
    if (!entry) return;
    this.entries.delete(psychologistId);
    this.bytes -= entry.body.length;
  }
}
