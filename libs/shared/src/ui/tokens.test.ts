/**
 * The design tokens are defined once (tokens.css) and every stylesheet of
 * the shell, the remotes and this library reads them from there: a token
 * used but not defined, a fallback that repeats a value, or a second
 * definition would let the screens drift apart again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const tokensFile = path.join(__dirname, 'tokens.css');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' || entry.name === 'dist'
        ? []
        : filesUnder(full, pattern);
    }
    return pattern.test(entry.name) ? [full] : [];
  });
}

const sources = [
  ...readdirSync(path.join(root, 'apps')).map((app) => path.join(root, 'apps', app, 'src')),
  path.join(root, 'libs/shared/src'),
];
const stylesheets = sources.flatMap((dir) => filesUnder(dir, /\.css$/));
const scripts = sources
  .flatMap((dir) => filesUnder(dir, /\.tsx?$/))
  .filter((file) => !/\.test\.tsx?$/.test(file));

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
const relative = (file: string) => path.relative(root, file);

const defined = new Set(
  [...withoutComments(readFileSync(tokensFile, 'utf8')).matchAll(/(--pc-[\w-]+)\s*:/g)].map(
    (match) => match[1]!,
  ),
);

describe('the design tokens', () => {
  it('are defined in tokens.css', () => {
    expect([...defined]).toEqual(expect.arrayContaining(['--pc-primary', '--pc-font']));
    expect(defined.size).toBeGreaterThan(15);
  });

  it('are defined nowhere else', () => {
    const elsewhere = stylesheets
      .filter((file) => file !== tokensFile)
      .filter((file) => /--pc-[\w-]+\s*:/.test(withoutComments(readFileSync(file, 'utf8'))))
      .map(relative);
    expect(elsewhere).toEqual([]);
  });

  it('are read without fallbacks, and only those that exist', () => {
    const problems: string[] = [];
    for (const file of [...stylesheets, ...scripts]) {
      const text = readFileSync(file, 'utf8');
      for (const [use, name, next] of text.matchAll(/var\(\s*(--pc-[\w-]+)\s*([,)])/g)) {
        if (next === ',') problems.push(`${relative(file)}: ${use} repeats a token's value`);
        if (!defined.has(name!)) problems.push(`${relative(file)}: ${name} is not a token`);
      }
    }
    expect(stylesheets.length).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });

  it('come with the shared UI, wherever it is drawn (the shell, a remote alone, an embed)', () => {
    const entry = readFileSync(path.join(__dirname, 'index.ts'), 'utf8');
    expect(entry).toMatch(/^import '\.\/tokens\.css';$/m);
  });
});
