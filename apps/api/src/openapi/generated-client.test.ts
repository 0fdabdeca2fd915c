import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { buildOpenApiDocument } from './document';
import { OPERATIONS } from './operations';

/**
 * A client generated from the document compiles against what the server
 * answers (docs/api.md#the-document-and-the-reference-page): the types
 * openapi-typescript writes from the document, and a small program
 * (test/fixtures/generated-client-use.ts) reading the fields of a student,
 * a note, a paged list, an assessment and an appointment, compile strict
 * with no error. A field the document stops describing fails it.
 */

const FIXTURE = path.join(__dirname, '../../test/fixtures/generated-client-use.ts');

/**
 * openapi-typescript's Node API, as a client's build runs it. In a Node
 * process of its own: the package and its dependencies are ES modules,
 * which Jest's CommonJS runtime does not load.
 */
const GENERATE = `
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
const [input, output] = process.argv.slice(1);
writeFileSync(output, astToString(await openapiTS(JSON.parse(readFileSync(input, 'utf8')))));
`;

/**
 * The document as the server builds it. Its answers do not depend on the
 * route table, which only says which routes are public; no database needed.
 */
function documentOfEveryOperation() {
  const routes = Object.keys(OPERATIONS).map((route) => {
    const [method, url] = route.split(' ') as [string, string];
    return { method, url, public: false };
  });
  return buildOpenApiDocument(routes, { version: 'test' });
}

/** The client's types, generated from `document` into `folder`, with the program beside them. */
function writeClient(folder: string, document: object): string {
  const input = path.join(folder, 'openapi.json');
  writeFileSync(input, JSON.stringify(document));
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', GENERATE, input, path.join(folder, 'psicocampus-api.d.ts')],
    { cwd: __dirname, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const program = path.join(folder, 'generated-client-use.ts');
  copyFileSync(FIXTURE, program);
  return program;
}

function compile(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    noUnusedLocals: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts'],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'psicocampus-client-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('generates a typed client that a program reading every answer field compiles against', () => {
  expect(compile([writeClient(folder, documentOfEveryOperation())])).toEqual([]);
});

it('fails to compile when the document leaves out a field the program reads', () => {
  const document = documentOfEveryOperation();
  const schemas = (document.components as { schemas: Record<string, { properties: object }> })
    .schemas;
  const detail = schemas.StudentDetail!;
  schemas.StudentDetail = {
    ...detail,
    properties: Object.fromEntries(
      Object.entries(detail.properties).filter(([name]) => name !== 'phone'),
    ),
  };
  expect(compile([writeClient(folder, document)])).toEqual([
    expect.stringContaining("Property 'phone' does not exist"),
  ]);
});
