import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');

/** Runs ESM in a child Node, where import.meta and package exports behave as in the build. */
function evaluate<T>(source: string): T {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', source], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as T;
}

async function lintAs(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the shared router (tools/rspack/react-router-dom.mjs)', () => {
  it('re-exports only names the installed react-router-dom really has', () => {
    const { surface, missing } = evaluate<{ surface: string[]; missing: string[] }>(`
      import { routerSurface } from './tools/rspack/router-surface.mjs';
      const real = await import('react-router-dom');
      const surface = routerSurface();
      const missing = surface.filter((name) => real[name] === undefined);
      console.log(JSON.stringify({ surface, missing }));
    `);
    expect(surface).toEqual(expect.arrayContaining(['BrowserRouter', 'Routes', 'Link']));
    expect(missing).toEqual([]);
  });

  it('provides every name through the module the page shares', () => {
    const missing = evaluate<string[]>(`
      import { routerSurface } from './tools/rspack/router-surface.mjs';
      const provided = await import('./tools/rspack/react-router-dom.mjs');
      console.log(JSON.stringify(routerSurface().filter((name) => !(name in provided))));
    `);
    expect(missing).toEqual([]);
  });

  it('lets an app import only the shared names, and never react-router itself', async () => {
    expect(
      await lintAs(
        'apps/patients-mfe/src/features/x.tsx',
        "import { Link, type RouteObject } from 'react-router-dom';\nexport const routes: RouteObject[] = [];\nexport { Link };\n",
      ),
    ).toEqual([]);
    expect(
      (
        await lintAs(
          'apps/patients-mfe/src/features/x.tsx',
          "import { useBlocker } from 'react-router-dom';\nexport { useBlocker };\n",
        )
      ).join('\n'),
    ).toMatch(/only part of react-router-dom/);
    expect(
      (
        await lintAs(
          'libs/shared/src/ui/x.tsx',
          "import { Link } from 'react-router';\nexport { Link };\n",
        )
      ).join('\n'),
    ).toMatch(/react-router itself is not shared/);
  });

  it('keeps each entry of libs/shared one module in the page', async () => {
    expect(
      (
        await lintAs(
          'libs/shared/src/api/x.ts',
          "import { MSG } from '../domain/messages';\nexport const m = MSG;\n",
        )
      ).join('\n'),
    ).toMatch(/by its name/);
    expect(
      await lintAs(
        'libs/shared/src/api/x.ts',
        "import { MSG } from '@psicocampus/shared/domain';\nexport const m = MSG;\n",
      ),
    ).toEqual([]);
  });
});
