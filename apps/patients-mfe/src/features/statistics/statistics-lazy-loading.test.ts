/**
 * docs/limits-and-budgets.md#speed-and-size-budgets: nivo loads only on a statistics screen. The test reads the
 * sources' import graph (what a bundler puts in one chunk): from the
 * remote's entry, static imports never reach nivo; the statistics screen
 * both statistics pages show (`@psicocampus/shared/statistics-screen`) brings it
 * with `import()` only.
 */
import path from 'node:path';
import {
  dynamicSpecifiers,
  resolveSource,
  staticallyReached,
} from '@psicocampus/tools/jest/import-graph';

const bringsNivo = (specifier: string) =>
  specifier.startsWith('@nivo/') || specifier === '@psicocampus/shared/charts';

const SRC = path.resolve(__dirname, '../..');
const PAGE = path.join(__dirname, 'statistics.page.tsx');
const SCREEN = resolveSource('@psicocampus/shared/statistics-screen', SRC)!;

describe('where nivo is loaded (docs/limits-and-budgets.md#speed-and-size-budgets)', () => {
  it("is not reachable by static imports from the remote's entry, nor from the shared entries", () => {
    const reached = [
      path.join(SRC, 'remote-module.tsx'),
      ...[
        '@psicocampus/shared',
        '@psicocampus/shared/ui',
        '@psicocampus/shared/forms',
        '@psicocampus/shared/statistics',
        '@psicocampus/shared/statistics-screen',
      ].map((entry) => resolveSource(entry, SRC)!),
    ].flatMap(staticallyReached);
    expect(reached).toEqual(expect.arrayContaining(['react', '@reduxjs/toolkit', 'formik']));
    expect(reached.filter(bringsNivo)).toEqual([]);
  });

  it('is loaded lazily by the statistics screen, which holds none itself', () => {
    expect(dynamicSpecifiers(path.join(SRC, 'remote-module.tsx'))).toContain(
      './features/statistics/statistics.page',
    );
    expect(dynamicSpecifiers(SCREEN)).toEqual(['@psicocampus/shared/charts']);
    expect(staticallyReached(PAGE).filter(bringsNivo)).toEqual([]);
    expect(staticallyReached(SCREEN).filter(bringsNivo)).toEqual([]);
    expect(staticallyReached(resolveSource('@psicocampus/shared/charts', SCREEN)!)).toEqual(
      expect.arrayContaining(['@nivo/bar', '@nivo/pie']),
    );
  });
});
