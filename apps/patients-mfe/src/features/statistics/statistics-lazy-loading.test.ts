/**
 * PRODUCT §12: nivo loads only on a statistics screen. The test reads the
 * sources' import graph (what a bundler puts in one chunk): from the
 * remote's entry, static imports never reach nivo; the statistics page
 * brings it with `import()` only.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../../..');
const SHARED_EXPORTS: Record<string, string> = JSON.parse(
  readFileSync(path.join(ROOT, 'libs/shared/package.json'), 'utf8'),
).exports;
const STATIC = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const specifiers = (file: string, pattern: RegExp) =>
  [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => match[1]!);

function resolve(specifier: string, from: string): string | null {
  let base: string | null = null;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier === '@psicocampus/shared' || specifier.startsWith('@psicocampus/shared/')) {
    const entry = SHARED_EXPORTS[`.${specifier.slice('@psicocampus/shared'.length)}`];
    base = entry ? path.join(ROOT, 'libs/shared', entry) : null;
  }
  if (!base || specifier.endsWith('.css')) return null;
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    if (existsSync(base + suffix) && statSync(base + suffix).isFile()) return base + suffix;
  }
  return null;
}

/** Every specifier statically reachable from `entry`. */
function staticClosure(entry: string): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  const found: string[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of specifiers(file, STATIC)) {
      found.push(specifier);
      const next = resolve(specifier, file);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return found;
}

const bringsNivo = (specifier: string) =>
  specifier.startsWith('@nivo/') || specifier === '@psicocampus/shared/charts';

const SRC = path.resolve(__dirname, '../..');
const PAGE = path.join(__dirname, 'statistics.page.tsx');

describe('where nivo is loaded (PRODUCT §12)', () => {
  it("is not reachable by static imports from the remote's entry, nor from the shared entries", () => {
    const reached = [
      path.join(SRC, 'remote-module.tsx'),
      ...['@psicocampus/shared', '@psicocampus/shared/ui', '@psicocampus/shared/forms'].map(
        (entry) => resolve(entry, SRC)!,
      ),
    ].flatMap(staticClosure);
    expect(reached).toEqual(expect.arrayContaining(['react', '@reduxjs/toolkit', 'formik']));
    expect(reached.filter(bringsNivo)).toEqual([]);
  });

  it('is loaded lazily by the statistics page, the page itself holding none', () => {
    expect(specifiers(path.join(SRC, 'remote-module.tsx'), DYNAMIC)).toContain(
      './features/statistics/statistics.page',
    );
    expect(specifiers(PAGE, DYNAMIC)).toEqual(['@psicocampus/shared/charts']);
    expect(staticClosure(PAGE).filter(bringsNivo)).toEqual([]);
    expect(staticClosure(resolve('@psicocampus/shared/charts', PAGE)!)).toEqual(
      expect.arrayContaining(['@nivo/bar', '@nivo/pie']),
    );
  });
});
