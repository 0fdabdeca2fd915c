import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');

/** Lints a made-up file as if it lived at `file`, with the repository's real config. */
async function lintAs(file: string, source: string): Promise<string> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`).join('\n');
}

const RESTRICTED = /no-restricted-imports: .*before sign-in/;

// docs/limits-and-budgets.md#speed-and-size-budgets: /login loads the shell, the auth remote and the shared
// singletons, within 195 KB; the API slice is what would break it.
describe('code that runs before sign-in (lint)', () => {
  it.each([
    'apps/shell/src/features/remotes/x.ts',
    'apps/auth-mfe/src/features/login/x.ts',
    'apps/auth-mfe/src/components/forgot-password/x.ts',
  ])('keeps the API slice out of %s', async (file) => {
    const source = "import { authApi } from '@psicocampus/shared';\nexport const api = authApi;\n";
    expect(await lintAs(file, source)).toMatch(RESTRICTED);
    const charts = "import { BarChart } from '@psicocampus/shared/charts';\nexport { BarChart };\n";
    expect(await lintAs(file, charts)).toMatch(RESTRICTED);
  });

  it('lets it take core, domain, ui and forms, a type, and the slice loaded on demand', async () => {
    const source = [
      "import { sessionStarted } from '@psicocampus/shared/core';",
      "import { MSG } from '@psicocampus/shared/domain';",
      "import { Button } from '@psicocampus/shared/ui';",
      "import { Formik } from '@psicocampus/shared/forms';",
      "import type * as SharedApi from '@psicocampus/shared';",
      "export const load = (): Promise<typeof SharedApi> => import('@psicocampus/shared');",
      'export const used = [sessionStarted, MSG, Button, Formik];',
      '',
    ].join('\n');
    expect(await lintAs('apps/auth-mfe/src/features/login/x.ts', source)).not.toMatch(
      /no-restricted-imports/,
    );
  });

  it('keeps the dashboards, which load after sign-in, out of its static imports', async () => {
    const source =
      "import DashboardLayout from '../layout/dashboard-layout.component';\nexport { DashboardLayout };\n";
    expect(await lintAs('apps/shell/src/app/x.tsx', source)).toMatch(/runs after sign-in/);
  });

  it('leaves the remotes used after sign-in free to use the API slice', async () => {
    const source = "import { authApi } from '@psicocampus/shared';\nexport const api = authApi;\n";
    expect(await lintAs('apps/patients-mfe/src/features/x.ts', source)).not.toMatch(RESTRICTED);
  });
});
