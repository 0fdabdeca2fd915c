import { compressWhereItFits, type Encoding } from './compression';

/** An answer's JSON text and the revision of the data it was built from. */
export interface RevisionedBody {
  revision: string;
  body: string;
}

/** An answer ready to send: the bytes, and their Content-Encoding if any. */
export interface CachedAnswer {
  body: Buffer;
  encoding: Encoding | null;
}

interface Entry {
  revision: string;
  body: Buffer;
  /** Compressed once, the first time a client asks for that encoding. */
  compressed: Partial<Record<Encoding, Buffer>>;
  /** A compression under way: the calls that ask meanwhile wait for it rather than start another. */
  compressing: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * Answers kept as the bytes sent, each for as long as the revision it was
 * built at is the current one. The revision is read from the database on
 * every call (by the statement that writes the read's audit row, so a hit
 * costs one round trip), never remembered: whatever changes the data —
 * this process, another one, an import, an operator in psql — changes the
 * revision through the database's triggers, and nothing stale is sent.
 * The least recently asked answers go first beyond `maxBytes`.
 */
export class RevisionCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * The answer for `key` in the encoding the client accepts (null:
   * uncompressed), or null when `readRevision` says there is none (an id
   * the caller may not see). `build` runs only when the kept answer is
   * missing or older; it reads the body and its revision in one snapshot.
   */
  async answer(
    key: string,
    encoding: Encoding | null,
    readRevision: () => Promise<string | null>,
    build: () => Promise<RevisionedBody | null>,
  ): Promise<CachedAnswer | null> {
    const revision = await readRevision();
    if (revision === null) return null;
    let entry = this.entries.get(key);
    if (entry && entry.revision === revision) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      const fresh = await build();
      if (!fresh) return null;
      entry = {
        revision: fresh.revision,
        body: Buffer.from(fresh.body, 'utf8'),
        compressed: {},
        compressing: {},
      };
      this.store(key, entry);
    }
    if (!encoding) return { body: entry.body, encoding: null };
    return { body: await this.compressed(key, entry, encoding), encoding };
  }

  /** The entry's body in `encoding`, compressed the first time it is asked for. */
  private compressed(key: string, entry: Entry, encoding: Encoding): Promise<Buffer> {
    const kept = entry.compressed[encoding];
    if (kept) return Promise.resolve(kept);
    let pending = entry.compressing[encoding];
    if (!pending) {
      pending = compressWhereItFits(entry.body, encoding, true)
        .then((compressed) => {
          entry.compressed[encoding] = compressed;
          // Counted only while the entry is still kept: a newer revision may have replaced it meanwhile.
          if (this.entries.get(key) === entry) {
            this.bytes += compressed.length;
            this.shrink();
          }
          return compressed;
        })
        .finally(() => {
          delete entry.compressing[encoding];
        });
      entry.compressing[encoding] = pending;
    }
    return pending;
  }

  /** What the cache holds now, for the tests and the logs. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(key: string, entry: Entry): void {
    this.forget(key);
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    this.shrink();
  }

  /** Forgets the least recently asked answers until the cache fits. */
  private shrink(): void {
    for (const [key] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size === 1) break;
      this.forget(key);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }
}

function sizeOf(entry: Entry): number {
  return (
    entry.body.length + (entry.compressed.br?.length ?? 0) + (entry.compressed.gzip?.length ?? 0)
  );
}
