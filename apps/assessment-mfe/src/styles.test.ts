/**
 * The embed runs on pages we do not own (docs/architecture.md#the-embeddable-assessment, docs/architecture.md#styles):
 * every rule of this remote must be scoped by one of its own (prefixed) CSS
 * module classes. The design tokens it reads come with the shared UI, on
 * those pages too (libs/shared/src/ui/tokens.test.ts holds that).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

const files = cssFiles(__dirname);
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The selectors of every rule, outside @media and @keyframes blocks' own syntax. */
function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  const pattern = /([^{}]+)\{/g;
  for (const match of css.matchAll(pattern)) {
    const prelude = match[1]!.trim();
    if (prelude.startsWith('@')) continue;
    selectors.push(...prelude.split(',').map((part) => part.trim()));
  }
  return selectors;
}

describe("the remote's styles", () => {
  it('are CSS modules', () => {
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect(file).toMatch(/\.module\.css$/);
  });

  it.each(files.map((file) => [path.relative(__dirname, file), file]))(
    '%s scopes every rule by a class of its own',
    (_name, file) => {
      const css = withoutComments(readFileSync(file, 'utf8'));
      expect(css).not.toMatch(/:global|:root|@import/);
      for (const selector of selectorsOf(css)) expect(selector).toMatch(/^(\.|[a-z]+\.)[\w-]/);
    },
  );
});
