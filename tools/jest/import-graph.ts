/**
 * Reads the import graph of the sources (not Jest's module registry): which
 * modules a file pulls in statically — what a bundler puts in the same
 * chunk — as opposed to `import()`, which starts a chunk of its own. Tests
 * that hold a chunk budget (nivo only on a statistics screen) walk it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SHARED = '@psicocampus/shared';

/** The shared library's entries (`.`, `./ui`, …) and the source file of each. */
function sharedExports(): Record<string, string> {
  return JSON.parse(readFileSync(path.join(ROOT, 'libs/shared/package.json'), 'utf8')).exports;
}

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` — not `import type`, not `import()`. */
const STATIC = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const specifiersIn = (file: string, pattern: RegExp) =>
  [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => match[1]!);

/** What `file` imports statically, as written. */
export function staticSpecifiers(file: string): string[] {
  return specifiersIn(file, STATIC);
}

/** What `file` loads with `import()`, as written. */
export function dynamicSpecifiers(file: string): string[] {
  return specifiersIn(file, DYNAMIC);
}

function asFile(candidate: string): string | null {
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const file = candidate + suffix;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The source file a specifier names, or null for a package outside the
 * workspace (react, @nivo/bar) and for an asset (CSS), which imports nothing.
 */
export function resolveSource(specifier: string, from: string): string | null {
  if (specifier.endsWith('.css')) return null;
  if (specifier.startsWith('.')) return asFile(path.resolve(path.dirname(from), specifier));
  if (specifier === SHARED || specifier.startsWith(`${SHARED}/`)) {
    const entry = sharedExports()[`.${specifier.slice(SHARED.length)}`];
    return entry ? asFile(path.join(ROOT, 'libs/shared', entry)) : null;
  }
  return null;
}

/**
 * Every specifier reachable from `entry` through static imports only, each
 * with the file that imports it (relative to the repository).
 */
export function staticClosure(entry: string): Array<{ specifier: string; from: string }> {
  const seen = new Set<string>([entry]);
  const found: Array<{ specifier: string; from: string }> = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of staticSpecifiers(file)) {
      found.push({ specifier, from: path.relative(ROOT, file) });
      const next = resolveSource(specifier, file);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return found;
}

/** The specifiers alone of `staticClosure(entry)`. */
export function staticallyReached(entry: string): string[] {
  return staticClosure(entry).map((edge) => edge.specifier);
}

export const paths = {
  root: ROOT,
  sharedSrc: path.join(ROOT, 'libs/shared/src'),
  /** The source file of a shared entry, such as `./charts`. */
  shared: (entry: string) => path.join(ROOT, 'libs/shared', sharedExports()[entry]!),
};
