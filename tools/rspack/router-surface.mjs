// The names of react-router-dom the page shares, read from the module that
// provides them, so the lint rule and the build cannot disagree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROUTER_MODULE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'react-router-dom.mjs',
);

/** @returns {string[]} */
export function routerSurface() {
  const source = readFileSync(ROUTER_MODULE, 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(source);
  if (!list) throw new Error(`${ROUTER_MODULE} has no export list`);
  return list[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
