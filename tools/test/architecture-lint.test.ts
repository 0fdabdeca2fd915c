import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(__dirname, '../..');

/** Lints a made-up file as if it lived at `file`, with the repository's real config. */
async function lintAs(file: string, source: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('architecture rules enforced by lint', () => {
  it("stops an app from importing another app's source by package name", async () => {
    const messages = await lintAs(
      'apps/shell/src/features/x.ts',
      "import remote from '@psicocampus/patients-mfe/src/remote-module';\nexport default remote;\n",
    );
    expect(messages.join('\n')).toMatch(/no-restricted-imports: .*another app's source/);
  });

  it("stops an app from importing another app's source by a relative path", async () => {
    const messages = await lintAs(
      'apps/patients-mfe/src/features/x.ts',
      "import remote from '../../../assessment-mfe/src/remote-module';\nexport default remote;\n",
    );
    expect(messages.join('\n')).toMatch(/import-x\/no-relative-packages/);
  });

  it('stops libs/shared from importing any app', async () => {
    const messages = await lintAs(
      'libs/shared/src/x.ts',
      "import { App } from '../../../apps/shell/src/app/app.component';\nexport { App };\n",
    );
    expect(messages.join('\n')).toMatch(/libs\/shared never imports an app/);
  });

  it('keeps React out of the server', async () => {
    const messages = await lintAs(
      'apps/api/src/x.ts',
      "import { api } from '@psicocampus/shared';\nexport { api };\n",
    );
    expect(messages.join('\n')).toMatch(/only @psicocampus\/shared\/domain/);
  });

  it.each([
    ['a remote', 'useSelector', 'apps/patients-mfe/src/features/x.ts'],
    ['the shell', 'useDispatch', 'apps/shell/src/features/x.ts'],
    ['the shared library', 'useStore', 'libs/shared/src/forms/x.ts'],
  ])("stops %s from taking react-redux's untyped %s", async (_, hook, file) => {
    const messages = await lintAs(
      file,
      `import { ${hook} } from 'react-redux';\nexport const h = ${hook};\n`,
    );
    expect(messages.join('\n')).toMatch(/no-restricted-imports: .*useAppStore/);
  });

  it('refuses an import circle', async () => {
    // The schemas take their messages from the catalogue: the catalogue taking a schema back closes a circle.
    const messages = await lintAs(
      'libs/shared/src/domain/messages.ts',
      "import { appointmentSchema } from './schemas/appointment.schemas';\nexport const s = appointmentSchema;\n",
    );
    expect(messages.join('\n')).toMatch(/import-x\/no-cycle/);
  });

  it.each([
    [
      'a feature from another feature of its app',
      'apps/patients-mfe/src/features/home/x.ts',
      "import { AgendaPage } from '../agenda/agenda.page';\nexport const a = AgendaPage;\n",
      /import-x\/no-restricted-paths: .*A feature imports nothing from another feature/,
    ],
    [
      'a lazily loaded feature from another feature',
      'apps/assessment-mfe/src/features/reports/x.tsx',
      "import { lazy } from 'react';\nexport const P = lazy(() => import('../saved-assessment/saved-assessment.page'));\n",
      /import-x\/no-restricted-paths: .*A feature imports nothing from another feature/,
    ],
    [
      'a shared component from a feature',
      'apps/assessment-mfe/src/components/x.ts',
      "import R from '../features/reports/reports.page';\nexport const r = R;\n",
      /import-x\/no-restricted-paths: .*components\/ and lib\/ are shared by the features/,
    ],
    [
      "a feature from the shell's composition",
      'apps/shell/src/features/session/x.ts',
      "import { PublicArea } from '../../app/layout/public-area.component';\nexport const p = PublicArea;\n",
      /import-x\/no-restricted-paths: .*app\/ composes the features/,
    ],
  ])('refuses %s', async (_, file, source, refusal) => {
    expect((await lintAs(file, source)).join('\n')).toMatch(refusal);
  });

  it('lets a feature take its own files, the shared parts, and the app compose features', async () => {
    const allowed: [string, string][] = [
      [
        'apps/patients-mfe/src/features/home/x.ts',
        "import { UnrecordedAttendance } from './unrecorded-attendance.component';\nimport { UNRECORDED_AGENDA_LINK } from '../../lib/agenda-address';\nexport const u = [UnrecordedAttendance, UNRECORDED_AGENDA_LINK];\n",
      ],
      [
        'apps/assessment-mfe/src/features/evaluations/x.ts',
        "import AssessmentForm from '../../components/assessment-form/assessment-form.component';\nexport const f = AssessmentForm;\n",
      ],
      [
        'apps/shell/src/app/x.ts',
        "import { RemoteArea } from '../features/remotes/remote-area.component';\nexport const r = RemoteArea;\n",
      ],
    ];
    for (const [file, source] of allowed) {
      expect(await lintAs(file, source)).toEqual([]);
    }
  });

  it('accepts the imports the architecture allows', async () => {
    expect(
      await lintAs(
        'apps/api/src/x.ts',
        "import { MSG } from '@psicocampus/shared/domain';\nexport const m = MSG;\n",
      ),
    ).toEqual([]);
    expect(
      await lintAs(
        'apps/patients-mfe/src/x.ts',
        "import { api } from '@psicocampus/shared';\nexport const a = api;\n",
      ),
    ).toEqual([]);
    expect(
      await lintAs(
        'apps/shell/src/features/x.ts',
        "import { Provider } from 'react-redux';\nimport { useAppStore } from '@psicocampus/shared/core';\nexport const p = [Provider, useAppStore];\n",
      ),
    ).toEqual([]);
  });
});
