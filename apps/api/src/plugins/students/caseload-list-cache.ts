import type { Database } from '../../db/client';
import { compressBody, type Encoding } from '../../lib/compression';
import { caseloadList, caseloadRevision } from './student-list.json';

/** About 60 caseloads of 500 students; the least recently asked go first. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  revision: string;
  body: Buffer;
  /** Compressed once, the first time a client asks for that encoding. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** Reads a caseload's current revision ('0' before its first change). */
export type RevisionReader = (psychologistId: string) => Promise<string>;

/** An answer ready to send: the bytes, and their Content-Encoding if any. */
export interface CaseloadAnswer {
  body: Buffer;
  encoding: Encoding | null;
}

/**
 * The answer of `GET /api/students` per psychologist, kept as the bytes sent,
 * for as long as the caseload's revision (kept by the database's triggers,
 * migration 0005) does not change. A hit costs one primary-key lookup instead
 * of building ~300 KB of JSON (docs/limits-and-budgets.md#speed-and-size-budgets); any write to the caseload — from
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
    return (await this.entry(psychologistId)).body;
  }

  /**
   * The list in the encoding the client accepts (null: uncompressed).
   * `readRevision` reads the caseload's current revision (by default a
   * statement of its own); it is always called, once.
   */
  async answer(
    psychologistId: string,
    encoding: Encoding | null,
    readRevision?: RevisionReader,
  ): Promise<CaseloadAnswer> {
    const entry = await this.entry(psychologistId, readRevision);
    if (!encoding) return { body: entry.body, encoding: null };
    let compressed = entry.compressed[encoding];
    if (!compressed) {
      compressed = compressBody(entry.body, encoding, true);
      entry.compressed[encoding] = compressed;
      this.bytes += compressed.length;
      this.shrink();
    }
    return { body: compressed, encoding };
  }

  private async entry(
    psychologistId: string,
    readRevision: RevisionReader = (id) => caseloadRevision(this.db, id),
  ): Promise<Entry> {
    const revision = await readRevision(psychologistId);
    const cached = this.entries.get(psychologistId);
    if (cached && cached.revision === revision) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(psychologistId);
      this.entries.set(psychologistId, cached);
      return cached;
    }
    const fresh = await caseloadList(this.db, psychologistId);
    const entry: Entry = {
      revision: fresh.revision,
      body: Buffer.from(fresh.body, 'utf8'),
      compressed: {},
    };
    this.store(psychologistId, entry);
    return entry;
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
    this.shrink();
  }

  /** Forgets the least recently asked caseloads until the cache fits. */
  private shrink(): void {
    for (const [id] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size === 1) break;
      this.forget(id);
    }
  }

  private forget(psychologistId: string): void {
    const entry = this.entries.get(psychologistId);
    if (!entry) return;
    this.entries.delete(psychologistId);
    this.bytes -= sizeOf(entry);
  }
}

function sizeOf(entry: Entry): number {
  return (
    entry.body.length + (entry.compressed.br?.length ?? 0) + (entry.compressed.gzip?.length ?? 0)
  );
}
