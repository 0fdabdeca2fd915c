import path from 'node:path';

/**
 * The API package's folder. This file sits one level below it both as
 * source (src/paths.ts) and bundled (dist/main.js), so the same expression
 * holds in tests, in development and in production.
 */
export const API_ROOT = path.resolve(__dirname, '..');

/** The repository's apps/ folder, where the built front ends live by default. */
export const APPS_ROOT = path.resolve(API_ROOT, '..');
