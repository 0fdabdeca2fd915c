import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { mixed, object } from 'yup';
import { MSG } from '@psicocampus/shared/domain';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, jsonShapeProblem } from '../lib/body-shape';
import { HttpError } from '../lib/http-error';
import { validateBody } from '../lib/validate';
import { isCatalogueMessage } from '../../test/helpers/hostile';
import { fileUpload } from '../../test/helpers/multipart';
import { createStudent, studentBody } from '../../test/helpers/patients';
import { randomAddress, startTestServer, type TestServer } from '../../test/helpers/test-server';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../../test/helpers/workbooks';

/*
 * What an outside security test found in the built server, and
 * the limits that close it: every refusal is a Spanish sentence of the
 * catalogue that never quotes the value sent, a body's shape is checked
 * before any schema reads it, no body of any shape gets a 5xx, every answer
 * to bad input stays small, and text that would read differently from what
 * it stores (bidirectional controls) is refused wherever text comes in.
 * `npm run test:built` runs this file against dist/main.js as well.
 */

let server: TestServer;
let psychologist: string;

beforeAll(async () => {
  server = await startTestServer();
  psychologist = await server.login('psychologist');
});
afterAll(() => server.close());

/** A value nested `depth` levels: {"a":{"a":…1…}}. */
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const login = (payload: string) =>
  server.call({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    headers: { 'content-type': 'application/json' },
    remoteAddress: randomAddress(),
  });

/** What every refusal of bad input must be: small, Spanish, from the catalogue, quoting nothing. */
function expectSpanishRefusal(response: LightMyRequestResponse, status = 400) {
  const where = `${response.statusCode} ${response.body.slice(0, 300)}`;
  expect({ where, status: response.statusCode }).toEqual({ where, status });
  expect(Buffer.byteLength(response.body)).toBeLessThan(4096);
  const body = response.json<{ ok: boolean; msg: string; errors?: Array<{ msg: string }> }>();
  expect(body.ok).toBe(false);
  for (const msg of [body.msg, ...(body.errors ?? []).map((error) => error.msg)]) {
    expect({ msg, catalogue: isCatalogueMessage(msg) }).toEqual({ msg, catalogue: true });
  }
  expect(response.body).not.toMatch(/must be|final value|\bcannot\b|\berror\b/i);
  return body;
}

describe('the messages are Spanish and never quote the value sent', () => {
  it('answers a password sent as an object (the issue’s reproducer) in Spanish', async () => {
    const response = await login('{"email":"a@b.co","password":{"a":{"b":"SECRETO-ENVIADO"}}}');
    const body = expectSpanishRefusal(response);
    expect(body.msg).toBe(MSG.validation.wrongType);
    expect(response.body).not.toContain('SECRETO-ENVIADO');
  });

  it('answers every wrong type of a student with the catalogue’s sentences only', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: psychologist,
      payload: studentBody({
        firstName: ['VALOR-ENVIADO'] as unknown as string,
        age: { edad: 'VALOR-ENVIADO' } as unknown as number,
        city: 42 as unknown as string,
      }),
    });
    expectSpanishRefusal(response);
    expect(response.body).not.toContain('VALOR-ENVIADO');
  });
});

describe('a body’s shape is checked before any validation', () => {
  it.each([2_000, 2_500, 3_000])(
    'refuses a login body nested %i levels with a short Spanish 400',
    async (depth) => {
      const response = await login(`{"email":"a@b.co","password":${nestedObject(depth)}}`);
      expect(expectSpanishRefusal(response).msg).toBe(MSG.api.bodyTooDeep);
    },
  );

  it('refuses 20,000 nested arrays, and a note nested one level too deep', async () => {
    expect(
      expectSpanishRefusal(await login(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).msg,
    ).toBe(MSG.api.bodyTooDeep);
    const { _id } = await createStudent(server, psychologist);
    const response = await server.call({
      method: 'POST',
      url: `/api/students/${_id}/clinical-notes`,
      token: psychologist,
      payload: `{"note":${nestedObject(MAX_JSON_DEPTH)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(expectSpanishRefusal(response).msg).toBe(MSG.api.bodyTooDeep);
  });

  it('lets a body as deep as the limit reach validation', async () => {
    const response = await login(
      `{"email":"a@b.co","password":${nestedObject(MAX_JSON_DEPTH - 1)}}`,
    );
    expect(expectSpanishRefusal(response).msg).toBe(MSG.validation.wrongType);
  });

  it('refuses a body with more values than any form sends', async () => {
    const many = Array.from({ length: MAX_JSON_VALUES + 1 }, () => 1).join(',');
    const response = await login(`{"email":"a@b.co","password":[${many}]}`);
    expect(expectSpanishRefusal(response).msg).toBe(MSG.api.bodyTooManyValues);
  });

  it('answers a thousand unknown fields, or a 50,000-character one, in a few lines', async () => {
    const keys = Array.from({ length: 1_000 }, (_, n) => `"campo${n}":1`).join(',');
    const many = expectSpanishRefusal(await login(`{"email":"a@b.co","password":"x",${keys}}`));
    expect(many.msg).toBe(MSG.api.unknownField('campo0'));
    expect(many.errors!.length).toBeLessThanOrEqual(30);

    const long = 'k'.repeat(50_000);
    const response = await login(`{"email":"a@b.co","password":"x","${long}":1}`);
    expectSpanishRefusal(response);
    expect(response.body).not.toContain('k'.repeat(100));
    expect(response.json().msg).toBe(MSG.api.unknownFieldUnnamed);
  });

  it('names an unknown field only when it reads as a name, never repeating other text sent as a key', async () => {
    for (const key of ['${path}', '<b>x</b>', 'campo con espacios', 'a'.repeat(65)]) {
      const response = await login(JSON.stringify({ email: 'a@b.co', password: 'x', [key]: 1 }));
      const refusal = expectSpanishRefusal(response);
      expect(refusal).toEqual({
        ok: false,
        msg: MSG.api.unknownFieldUnnamed,
        errors: [{ field: '', msg: MSG.api.unknownFieldUnnamed }],
      });
    }
    const named = expectSpanishRefusal(
      await login(JSON.stringify({ email: 'a@b.co', password: 'x', 'perfil.rol_2': 1 })),
    );
    expect(named.msg).toBe(MSG.api.unknownField('perfil.rol_2'));
  });

  it('reads strings, escapes and brackets inside strings as text, not as structure', () => {
    expect(jsonShapeProblem(`{"note":"${'['.repeat(5_000)}\\"${'{'.repeat(5_000)}"}`)).toBeNull();
    expect(jsonShapeProblem(`{"a":"\\\\"${',1'.repeat(10)}}`)).toBeNull();
    expect(jsonShapeProblem(nestedObject(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(nestedObject(MAX_JSON_DEPTH + 1))).toBe('depth');
  });
});

describe('no body of any shape is answered with a 5xx', () => {
  it('answers 400 when a schema’s own walk overflows the stack (a RangeError)', async () => {
    const schema = object({
      deep: mixed().test('walk', 'x', () => {
        throw new RangeError('Maximum call stack size exceeded');
      }),
    });
    const refusal = await validateBody(schema, { deep: 1 }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(400);
  });
});

/** How many rows a table holds now (a refused call must leave it as it was). */
async function count(table: 'students' | 'clinical_notes'): Promise<number> {
  const result = (await server.app.ctx.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

/**
 * An import whose second row has `changes`: refused whole with a 400 whose
 * one error is `error`, and no student added.
 */
async function expectImportRowRefused(
  changes: Parameters<typeof studentRow>[1],
  error: { row: number; column: string; field: string; msg: string },
) {
  const before = await count('students');
  const file = await xlsxFile([[...TEMPLATE_HEADERS], studentRow(1), studentRow(2, changes)]);
  const response = await server.call({
    method: 'POST',
    url: '/api/students/import',
    token: psychologist,
    ...fileUpload(file),
  });
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual([error]);
  expect(await count('students')).toBe(before);
}

describe('bidirectional controls are refused wherever text comes in', () => {
  /** A note that reads "Sin riesgo: alto en este" where it stores something else. */
  const TROJAN = 'Sin riesgo \u202eetse ne otla\u202c';

  it('in a clinical note', async () => {
    const { _id } = await createStudent(server, psychologist);
    const before = await count('clinical_notes');
    const response = await server.call({
      method: 'POST',
      url: `/api/students/${_id}/clinical-notes`,
      token: psychologist,
      payload: { note: TROJAN },
    });
    expect(expectSpanishRefusal(response).msg).toBe(MSG.validation.bidiControl);
    expect(await count('clinical_notes')).toBe(before);
  });

  it('in a student', async () => {
    const before = await count('students');
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: psychologist,
      payload: studentBody({ career: 'Medi\u2067cina' }),
    });
    expect(expectSpanishRefusal(response).msg).toBe(MSG.validation.bidiControl);
    expect(await count('students')).toBe(before);
  });

  it('in a row of an import', async () => {
    await expectImportRowRefused(
      { Ciudad: 'Qui\u200fto' },
      { row: 3, column: 'Ciudad', field: 'city', msg: MSG.validation.bidiControl },
    );
  });
});

describe('line breaks and tabs are refused in a field of one line, wherever it comes in', () => {
  it.each([
    ['CR LF', 'Perez\r\nX'],
    ['a tab', 'Perez\tX'],
    ['U+2028', 'Perez\u2028X'],
  ])('a student whose last name holds %s', async (_, lastName) => {
    const before = await count('students');
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: psychologist,
      payload: studentBody({ lastName }),
    });
    expect(expectSpanishRefusal(response).msg).toBe(MSG.validation.singleLine);
    expect(await count('students')).toBe(before);
  });

  it('a row of an import whose name holds a line break', async () => {
    await expectImportRowRefused(
      { Nombres: 'Ana\nMaría' },
      { row: 3, column: 'Nombres', field: 'firstName', msg: MSG.validation.singleLine },
    );
  });
});
