import zlib from 'node:zlib';
import { ON_THREAD_UP_TO_BYTES } from './compression';
import { RevisionCache } from './revision-cache';

/**
 * The kept answers (the caseload list, a student's detail): a large one is
 * compressed in libuv's pool, never on the server's thread, and once for
 * every call that asks while it is under way (docs/decisions.md#heavy-work-off-the-main-thread).
 */

/** JSON of about `bytes` bytes that compresses like a caseload (names, ids, levels). */
function caseloadJson(bytes: number): string {
  const rows: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i += 1) {
    const row = JSON.stringify({
      _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      firstName: `Nombre${i % 97}`,
      lastName: `Apellido${i % 89}`,
      latestRisk: ['BAJO', 'MODERADO', 'ALTO', 'MUY_ALTO'][i % 4],
    });
    rows.push(row);
    size += row.length + 1;
  }
  return `[${rows.join(',')}]`;
}

/** The largest input each synchronous compression of zlib took while `work` ran. */
async function largestOnThread(work: () => Promise<void>): Promise<number> {
  const sizes: number[] = [];
  const { brotliCompressSync, gzipSync } = zlib;
  const spies = [
    jest.spyOn(zlib, 'brotliCompressSync').mockImplementation((body, options) => {
      sizes.push(Buffer.byteLength(body as Buffer));
      return brotliCompressSync(body, options);
    }),
    jest.spyOn(zlib, 'gzipSync').mockImplementation((body, options) => {
      sizes.push(Buffer.byteLength(body as Buffer));
      return gzipSync(body, options);
    }),
  ];
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return Math.max(0, ...sizes);
}

const decompress = (body: Buffer, encoding: 'br' | 'gzip') =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString('utf8');

describe('a kept answer', () => {
  it.each(['br', 'gzip'] as const)(
    'of a large caseload is compressed (%s) off the server’s thread, the same bytes',
    async (encoding) => {
      const body = caseloadJson(2 * 1024 * 1024);
      const cache = new RevisionCache(16 * 1024 * 1024);
      let answer: Awaited<ReturnType<RevisionCache['answer']>> = null;
      const largest = await largestOnThread(async () => {
        answer = await cache.answer(
          'list',
          encoding,
          async () => 'r1',
          async () => ({ revision: 'r1', body }),
        );
      });
      expect(largest).toBeLessThanOrEqual(ON_THREAD_UP_TO_BYTES);
      expect(answer!.encoding).toBe(encoding);
      expect(decompress(answer!.body, encoding)).toBe(body);
    },
  );

  it('of a small one is compressed on the thread, where it costs microseconds', async () => {
    const body = caseloadJson(8 * 1024);
    const cache = new RevisionCache(1024 * 1024);
    const largest = await largestOnThread(async () => {
      await cache.answer(
        'detail',
        'br',
        async () => 'r1',
        async () => ({ revision: 'r1', body }),
      );
    });
    expect(largest).toBe(Buffer.byteLength(body));
  });

  it('is built once and its compressed bytes kept for the next calls', async () => {
    const body = caseloadJson(512 * 1024);
    const cache = new RevisionCache(16 * 1024 * 1024);
    let builds = 0;
    const ask = () =>
      cache.answer(
        'list',
        'br',
        async () => 'r1',
        async () => {
          builds += 1;
          return { revision: 'r1', body };
        },
      );
    const first = await ask();
    const [second, third] = await Promise.all([ask(), ask()]);
    expect(builds).toBe(1);
    expect(second!.body).toBe(first!.body);
    expect(third!.body).toBe(first!.body);
    expect(cache.size.bytes).toBe(Buffer.byteLength(body) + first!.body.length);
  });

  it('answers the calls that ask together with one compression', async () => {
    const body = caseloadJson(512 * 1024);
    const fresh = new RevisionCache(16 * 1024 * 1024);
    // Kept uncompressed first, so that the three calls below all find no compressed copy.
    await fresh.answer(
      'list',
      null,
      async () => 'r1',
      async () => ({ revision: 'r1', body }),
    );
    const together = await Promise.all(
      [0, 1, 2].map(() =>
        fresh.answer(
          'list',
          'gzip',
          async () => 'r1',
          async () => ({ revision: 'r1', body }),
        ),
      ),
    );
    expect(together[1]!.body).toBe(together[0]!.body);
    expect(together[2]!.body).toBe(together[0]!.body);
    expect(fresh.size.bytes).toBe(Buffer.byteLength(body) + together[0]!.body.length);
  });
});
