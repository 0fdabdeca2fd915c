/**
 * @jest-environment node
 */
import { build } from 'esbuild';
import { defaultLocale } from 'yup';
import { MSG } from '../messages';
import './index';

/** Every sentence of the catalogue, and what each sentence built from a value starts with. */
function catalogue(): { sentences: Set<string>; templates: string[] } {
  const sentences = new Set<string>();
  const templates: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node === 'string') sentences.add(node);
    else if (typeof node === 'function') {
      const built = String((node as (...args: number[]) => unknown)(7, 7, 7));
      templates.push(built.slice(0, built.indexOf('7')));
    } else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
  };
  visit(MSG);
  return { sentences, templates };
}

/** What yup gives a message function; the value is one nobody would write in a message. */
const PARAMS = {
  path: 'campo',
  label: undefined,
  value: 'VALOR-ENVIADO',
  originalValue: 'VALOR-ENVIADO',
  type: 'string',
  min: 2,
  max: 30,
  length: 5,
  less: 10,
  more: 1,
  regex: /x/,
  values: 'A, B',
  resolved: ['A', 'B'],
  precision: 3,
  spec: { types: 'string' },
  typeError: undefined,
};

describe("yup's messages, once the shared schemas are loaded", () => {
  const { sentences, templates } = catalogue();
  const entries = Object.entries(defaultLocale).flatMap(([group, rules]) =>
    Object.entries(rules as Record<string, unknown>).map(
      ([rule, message]) => [`${group}.${rule}`, message] as const,
    ),
  );

  it.each(entries)(
    '%s is a sentence of the Spanish catalogue and never the value sent',
    (_, message) => {
      const text =
        typeof message === 'function'
          ? String((message as (params: typeof PARAMS) => unknown)(PARAMS))
          : String(message);
      expect(text).not.toContain('VALOR-ENVIADO');
      expect(text).not.toMatch(/\$\{\s*(value|originalValue)\s*\}|must be|final value/);
      expect(
        sentences.has(text) || templates.some((start) => start && text.startsWith(start)),
      ).toBe(true);
    },
  );

  it('no sentence of the catalogue is a yup template that would print the value', () => {
    for (const sentence of sentences) expect(sentence).not.toMatch(/\$\{/);
  });
});

describe('a bundler keeps the Spanish messages', () => {
  // esbuild honours the package's "sideEffects" (the server's bundle is built
  // with it): a bare `import './yup-locale'` was dropped without an error.
  it('bundling the schemas keeps the call that installs them', async () => {
    const result = await build({
      entryPoints: [`${__dirname}/index.ts`],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'cjs',
      external: ['yup'],
      logLevel: 'silent',
      absWorkingDir: `${__dirname}/../../..`,
    });
    expect(result.warnings.map((warning) => warning.text)).toEqual([]);
    const code = result.outputFiles[0]!.text;
    expect(code).toMatch(/setLocale\)\(SPANISH_LOCALE\)/);
    expect(code).toMatch(/^installSpanishLocale\(\);$/m);
  });
});
