/**
 * Reads the import graph of the sources (not Jest's module registry): which
 * modules a file pulls in statically — what a bundler puts in the same
 * chunk — as opposed to `import()`, which starts a chunk of its own.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');
const SHARED_SRC = path.join(ROOT, 'libs/shared/src');
const SHARED_EXPORTS: Record<string, string> = JSON.parse(
  readFileSync(path.join(ROOT, 'libs/shared/package.json'), 'utf8'),
).exports;

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` — not `import type`, not `import()`. */
const STATIC = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function staticSpecifiers(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(STATIC)].map((match) => match[1]!);
}

export function dynamicSpecifiers(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(DYNAMIC)].map((match) => match[1]!);
}

function asFile(candidate: string): string | null {
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const file = candidate + suffix;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/** The source file a specifier names, or null for a package outside the workspace (react, @nivo/bar). */
export function resolveSource(specifier: string, from: string): string | null {
  if (specifier.startsWith('.')) return asFile(path.resolve(path.dirname(from), specifier));
  if (specifier === '@psicocampus/shared' || specifier.startsWith('@psicocampus/shared/')) {
    const entry = SHARED_EXPORTS[`.${specifier.slice('@psicocampus/shared'.length)}`];
    return entry ? path.join(ROOT, 'libs/shared', entry) : null;
  }
  return null;
}

/**
 * Every specifier reachable from `entry` through static imports only, each
 * with the file that imports it (CSS and other assets are leaves).
 */
export function staticClosure(entry: string): Array<{ specifier: string; from: string }> {
  const seen = new Set<string>([entry]);
  const found: Array<{ specifier: string; from: string }> = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const specifier of staticSpecifiers(file)) {
      found.push({ specifier, from: path.relative(ROOT, file) });
      if (specifier.endsWith('.css')) continue;
      const next = resolveSource(specifier, file);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return found;
}

export const paths = {
  root: ROOT,
  sharedSrc: SHARED_SRC,
  shared: (entry: string) => path.join(ROOT, 'libs/shared', SHARED_EXPORTS[entry]!),
};
