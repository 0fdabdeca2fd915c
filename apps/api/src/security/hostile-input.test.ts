import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, MSG } from '@psicocampus/shared/domain';
import { calmAnswers, saveAssessment } from '../../test/helpers/assessments';
import { createUser, userBody } from '../../test/helpers/admin';
import { jsonShapeProblem } from '../lib/body-shape';
import {
  CLASSIC_IDS,
  classicBodiesFor,
  echoedValue,
  ENGLISH_VALIDATION,
  classicQueriesFor,
  hostileBodyFor,
  hostileId,
  hostileQuery,
  injectBody,
  isCatalogueMessage,
  leaks,
  type HostileBody,
} from '../../test/helpers/hostile';
import {
  addNote,
  createStudent,
  inDays,
  scheduleAppointment,
  studentBody,
} from '../../test/helpers/patients';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type DemoAccountKey,
  type TestServer,
} from '../../test/helpers/test-server';

/*
 * Hostile input: random and malformed bodies, query strings
 * and ids sent to every write route and list of the API, signed in with the
 * role the route serves so that validation, not a 401/403, answers. Whatever
 * arrives: never a 5xx, never a stack trace or SQL in the answer, a Spanish
 * `{ok: false, msg}` for every refusal, an audit row for every audited call,
 * and nothing written when the answer is a refusal.
 */

let server: TestServer;
const tokens = {} as Record<DemoAccountKey, string>;
let studentId: string;
let noteId: string;
let signedNoteId: string;
let assessmentId: string;
let appointmentToMove: string;
let appointmentToClose: string;
let staffUserId: string;
let otherStudentId: string;

/** Appointments' dates, fixed for the run. */
const APPOINTMENT_DATE = inDays(3);
const MOVED_DATE = inDays(40);

/** A well-formed id that names nothing. */
const NOBODY = '3f0c6a52-8e7b-4c1d-9a2e-5b6c7d8e9f01';

beforeAll(async () => {
  server = await startTestServer();
  for (const key of ['psychologist', 'psychologist2', 'admin'] as const) {
    tokens[key] = await server.login(key);
  }
  const student = await createStudent(server, tokens.psychologist);
  studentId = student._id;
  noteId = (await addNote(server, tokens.psychologist, studentId))._id;
  signedNoteId = (await addNote(server, tokens.psychologist, studentId))._id;
  const signed = await server.call({
    method: 'POST',
    url: `/api/students/${studentId}/clinical-notes/${signedNoteId}/sign`,
    token: tokens.psychologist,
  });
  expect(signed.statusCode).toBe(200);
  assessmentId = (await saveAssessment(server, tokens.psychologist, studentId))._id;
  appointmentToMove = (await scheduleAppointment(server, tokens.psychologist, studentId))._id;
  appointmentToClose = (await scheduleAppointment(server, tokens.psychologist, studentId))._id;
  // The admin's calls move these, never the psychologist's own records.
  otherStudentId = (await createStudent(server, tokens.psychologist2))._id;
  staffUserId = (await createUser(server, tokens.admin))._id;
});
afterAll(() => server.close());

/** The tables a refused call must leave as they were (sessions and the logs change by design). */
const GUARDED_TABLES = [
  'users',
  'students',
  'clinical_notes',
  'clinical_note_addenda',
  'safety_plan_revisions',
  'appointments',
  'suicide_assessments',
  'password_tokens',
] as const;

type Rows<T> = { rows: T[] };

/** One hash per guarded table, of every row's whole text: an insert, update or delete changes it. */
async function fingerprint(): Promise<Record<string, string>> {
  const columns = GUARDED_TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(r::text, ',' order by r.id), '')) from ${table} r) as ${table}`,
  );
  const result = (await server.app.ctx.db.execute(
    sql.raw(`select ${columns.join(', ')}`),
  )) as unknown as Rows<Record<string, string>>;
  return result.rows[0]!;
}

/**
 * The guarded tables' fingerprint as the last call left them: read again only
 * after a call that was let through (it may have written), so that a refused
 * call costs one fingerprint, taken after it, instead of two.
 */
let lastState: Record<string, string> | null = null;

async function stateBefore(): Promise<Record<string, string>> {
  lastState ??= await fingerprint();
  return lastState;
}

async function auditRowsOf(response: LightMyRequestResponse): Promise<number> {
  const requestId = String(response.headers['x-request-id']);
  const result = (await server.app.ctx.db.execute(
    sql`select count(*)::int as n from audit_log where request_id = ${requestId}`,
  )) as unknown as Rows<{ n: number }>;
  return result.rows[0]!.n;
}

type Method = 'POST' | 'PUT' | 'DELETE' | 'GET';

/** An answer and, for the failure message, what was sent (shortened: some bodies are 900k long). */
interface Exchange {
  response: LightMyRequestResponse;
  sent: string;
  /** The body as generated, and the valid body it was made from (to tell an echo). */
  body?: HostileBody;
  valid?: object;
}

/** The largest answer a refusal may be (a nested body once got a 16 MB one). */
const REFUSAL_BYTES_MAX = 4096;

/** What the whole run sent and got; printed at the end, and each count but the first must be 0. */
const tally = {
  calls: 0,
  refusals: 0,
  deepBodies: 0,
  serverErrors: 0,
  notSpanish: 0,
  over4KB: 0,
  echoes: 0,
  largestRefusalBytes: 0,
};

afterAll(() => {
  process.stdout.write(`hostile input: ${JSON.stringify(tally)}\n`);
});

/** Whether a body nests a thousand levels or more (the parser refuses it; it is still counted). */
const isDeep = (payload: unknown) =>
  typeof payload === 'string' &&
  jsonShapeProblem(payload, { depth: 1_000, values: Number.POSITIVE_INFINITY }) === 'depth';

function describeRequest(
  method: Method,
  url: string,
  { payload, headers }: ReturnType<typeof injectBody> | Record<string, never>,
): string {
  const text = typeof payload === 'string' ? payload : '';
  const type = headers && 'content-type' in headers ? ` [${String(headers['content-type'])}]` : '';
  return `${method} ${url.slice(0, 200)}${type} ${JSON.stringify(text.slice(0, 300))}${text.length > 300 ? `... (${text.length})` : ''}`;
}

interface Expectations {
  /** The route writes an audit row whatever it answers. */
  audited: boolean;
  /** Only a refusal is acceptable (the input can never be valid). */
  refusalOnly?: boolean;
}

interface RefusalBody {
  ok: unknown;
  msg: unknown;
  errors?: unknown;
}

/**
 * A refusal as `{ok, msg, errors}`: the API's own, or the FHIR API's
 * OperationOutcome read as one (its issue's Spanish text is the `msg`, and
 * its diagnostics must say the same).
 */
function refusalBody(body: unknown): RefusalBody {
  const outcome = body as {
    resourceType?: unknown;
    issue?: Array<{ details?: { text?: unknown }; diagnostics?: unknown }>;
  };
  if (outcome?.resourceType !== 'OperationOutcome') return body as RefusalBody;
  const [issue] = Array.isArray(outcome.issue) ? outcome.issue : [];
  const msg = issue?.details?.text;
  const wellFormed = outcome.issue?.length === 1 && issue?.diagnostics === msg;
  return { ok: wellFormed ? false : 'malformed OperationOutcome', msg };
}

/** The answer's `msg` and each of its `errors`' (undefined when it is not JSON). */
function messagesOf(text: string): unknown[] {
  try {
    const body = refusalBody(JSON.parse(text)) as {
      msg?: unknown;
      errors?: Array<{ msg?: unknown }>;
    };
    return [body.msg, ...(Array.isArray(body.errors) ? body.errors.map((e) => e.msg) : [])];
  } catch {
    return [undefined];
  }
}

/** Adds an answer to the run's tally (before any assertion, so that a failure is counted too). */
function countAnswer(response: LightMyRequestResponse, generated?: HostileBody, valid?: object) {
  tally.calls += 1;
  if (generated?.kind === 'json' && isDeep(injectBody(generated).payload)) tally.deepBodies += 1;
  if (response.statusCode >= 500) tally.serverErrors += 1;
  if (response.statusCode < 400) return;
  tally.refusals += 1;
  const bytes = Buffer.byteLength(response.body);
  tally.largestRefusalBytes = Math.max(tally.largestRefusalBytes, bytes);
  if (bytes >= REFUSAL_BYTES_MAX) tally.over4KB += 1;
  const messages = messagesOf(response.body);
  if (!messages.every(isCatalogueMessage) || ENGLISH_VALIDATION.test(response.body)) {
    tally.notSpanish += 1;
  }
  if (generated && valid && echoedValue(response.body, generated, valid)) tally.echoes += 1;
}

/** What every answer to hostile input must be; `before` is the fingerprint taken before the call. */
async function expectSafeAnswer(
  { response, sent, body: generated, valid }: Exchange,
  before: Record<string, string>,
  { audited, refusalOnly = false }: Expectations,
): Promise<void> {
  const where = `${sent} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  countAnswer(response, generated, valid);
  expect({ where, status: response.statusCode < 500 }).toEqual({ where, status: true });
  expect({ where, leak: leaks(response.body) }).toEqual({ where, leak: undefined });
  if (refusalOnly) {
    expect({ where, refused: response.statusCode >= 400 }).toEqual({ where, refused: true });
  }
  if (response.statusCode < 400) {
    lastState = null;
    return;
  }

  expect(response.headers['content-type']).toMatch(/^application\/(fhir\+)?json/);
  const bytes = Buffer.byteLength(response.body);
  expect({ where, small: bytes < REFUSAL_BYTES_MAX }).toEqual({ where, small: true });
  expect({ where, english: ENGLISH_VALIDATION.exec(response.body)?.[0] }).toEqual({
    where,
    english: undefined,
  });
  if (generated && valid) {
    expect({ where, echo: echoedValue(response.body, generated, valid) }).toEqual({
      where,
      echo: undefined,
    });
  }
  const body = refusalBody(response.json());
  expect({ where, ok: body.ok }).toEqual({ where, ok: false });
  expect({ where, spanish: isCatalogueMessage(body.msg) }).toEqual({ where, spanish: true });
  // The database's own refusal is a safety net: validation must have refused first.
  expect({ where, databaseRefused: body.msg === MSG.api.valueRefused }).toEqual({
    where,
    databaseRefused: false,
  });
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors)).toBe(true);
    for (const error of body.errors as Array<{ field: unknown; msg: unknown }>) {
      expect(typeof error.field).toBe('string');
      expect({ where, spanish: isCatalogueMessage(error.msg) }).toEqual({ where, spanish: true });
    }
  }
  lastState = await fingerprint();
  expect({ where, written: lastState }).toEqual({ where, written: before });
  // A URL the router cannot read or match leaves no route to audit.
  if (audited && body.msg !== MSG.api.routeNotFound && body.msg !== MSG.api.invalidUrl) {
    expect({ where, auditRows: await auditRowsOf(response) }).toEqual({ where, auditRows: 1 });
  }
}

interface BodyRoute {
  method: Method;
  url: () => string;
  as: DemoAccountKey | null;
  valid: () => object;
  audited: boolean;
  numRuns?: number;
}

/**
 * Every route that takes a body. Routes that ignore their body (deactivate,
 * deletes...) get an id that names nothing, so that a body they accept does
 * not act on a real record.
 */
const BODY_ROUTES: Record<string, BodyRoute> = {
  'POST /api/auth/login': {
    method: 'POST',
    url: () => '/api/auth/login',
    as: null,
    // An e-mail of no account: its failures must not lock out an account the tests sign in.
    valid: () => ({ email: 'nadie@psicocampus.test', password: 'no es la contraseña' }),
    audited: true,
    numRuns: 40,
  },
  'POST /api/auth/forgot-password': {
    method: 'POST',
    url: () => '/api/auth/forgot-password',
    as: null,
    valid: () => ({ email: 'nadie@psicocampus.test' }),
    audited: false,
  },
  'POST /api/auth/reset-password/check': {
    method: 'POST',
    url: () => '/api/auth/reset-password/check',
    as: null,
    valid: () => ({ token: 'a'.repeat(43) }),
    audited: false,
  },
  'POST /api/auth/reset-password': {
    method: 'POST',
    url: () => '/api/auth/reset-password',
    as: null,
    valid: () => ({ token: 'a'.repeat(43), password: 'una frase larga para el servicio' }),
    audited: true,
    numRuns: 40,
  },
  'POST /api/auth/login/mfa': {
    method: 'POST',
    url: () => '/api/auth/login/mfa',
    as: null,
    valid: () => ({ challenge: 'a'.repeat(43), code: '123456' }),
    audited: true,
    numRuns: 40,
  },
  'POST /api/auth/mfa/enroll': {
    method: 'POST',
    url: () => '/api/auth/mfa/enroll',
    as: 'psychologist',
    valid: () => ({ password: 'no es la actual' }),
    audited: true,
  },
  'POST /api/auth/mfa/confirm': {
    method: 'POST',
    url: () => '/api/auth/mfa/confirm',
    as: 'psychologist',
    valid: () => ({ code: '123456' }),
    audited: true,
  },
  'DELETE /api/auth/mfa': {
    method: 'DELETE',
    url: () => '/api/auth/mfa',
    as: 'psychologist',
    valid: () => ({ password: 'no es la actual', code: '123456' }),
    audited: true,
  },
  'PUT /api/service/mfa': {
    method: 'PUT',
    url: () => '/api/service/mfa',
    as: 'admin',
    valid: () => ({ psychologistsRequired: false }),
    audited: true,
  },
  'PUT /api/auth/password': {
    method: 'PUT',
    url: () => '/api/auth/password',
    as: 'psychologist',
    valid: () => ({ currentPassword: 'no es la actual', newPassword: 'otra frase larga y nueva' }),
    audited: true,
    numRuns: 40,
  },
  'POST /api/auth/email-change/check': {
    method: 'POST',
    url: () => '/api/auth/email-change/check',
    as: null,
    valid: () => ({ token: 'a'.repeat(43) }),
    audited: false,
  },
  'POST /api/auth/email-change/confirm': {
    method: 'POST',
    url: () => '/api/auth/email-change/confirm',
    as: null,
    valid: () => ({ token: 'a'.repeat(43) }),
    audited: true,
  },
  'PUT /api/auth/profile': {
    method: 'PUT',
    url: () => '/api/auth/profile',
    as: 'psychologist',
    valid: () => ({
      firstName: demoAccount('psychologist').firstName,
      lastName: demoAccount('psychologist').lastName,
      email: demoAccount('psychologist').email,
      phone: '0991112233',
    }),
    audited: true,
  },
  'POST /api/students': {
    method: 'POST',
    url: () => '/api/students',
    as: 'psychologist',
    valid: () => studentBody(),
    audited: true,
  },
  'PUT /api/students/:id (modal)': {
    method: 'PUT',
    url: () => `/api/students/${studentId}`,
    as: 'psychologist',
    valid: () => ({ ...studentBody(), version: 1 }),
    audited: true,
  },
  'PUT /api/students/:id (edit screen)': {
    method: 'PUT',
    url: () => `/api/students/${studentId}`,
    as: 'psychologist',
    valid: () => ({
      firstName: 'Lucía',
      lastName: 'Pérez',
      age: 22,
      phone: '0991234567',
      city: 'Quito',
      career: 'Medicina',
      level: 'CUARTO',
      version: 1,
    }),
    audited: true,
  },
  'DELETE /api/students/:id': {
    method: 'DELETE',
    url: () => `/api/students/${NOBODY}`,
    as: 'psychologist',
    valid: () => ({}),
    audited: true,
    numRuns: 20,
  },
  'POST /api/students/:id/clinical-notes': {
    method: 'POST',
    url: () => `/api/students/${studentId}/clinical-notes`,
    as: 'psychologist',
    valid: () => ({ note: 'Refiere mejor descanso esta semana.' }),
    audited: true,
  },
  'PUT /api/students/:id/clinical-notes/:noteId': {
    method: 'PUT',
    url: () => `/api/students/${studentId}/clinical-notes/${noteId}`,
    as: 'psychologist',
    valid: () => ({ note: 'Refiere mejor descanso esta semana.', version: 1 }),
    audited: true,
  },
  'DELETE /api/students/:id/clinical-notes/:noteId': {
    method: 'DELETE',
    url: () => `/api/students/${studentId}/clinical-notes/${NOBODY}`,
    as: 'psychologist',
    valid: () => ({}),
    audited: true,
    numRuns: 20,
  },
  'POST /api/students/:id/clinical-notes/:noteId/sign': {
    method: 'POST',
    url: () => `/api/students/${studentId}/clinical-notes/${NOBODY}/sign`,
    as: 'psychologist',
    valid: () => ({}),
    audited: true,
    numRuns: 20,
  },
  'POST /api/students/:id/clinical-notes/:noteId/addenda': {
    method: 'POST',
    url: () => `/api/students/${studentId}/clinical-notes/${signedNoteId}/addenda`,
    as: 'psychologist',
    valid: () => ({ text: 'Corrección: la sesión fue presencial.' }),
    audited: true,
  },
  'PUT /api/students/:id/safety-plan': {
    method: 'PUT',
    url: () => `/api/students/${studentId}/safety-plan`,
    as: 'psychologist',
    valid: () => ({
      warningSigns: 'Dejo de dormir.',
      copingStrategies: 'Respirar despacio.',
      socialDistractions: 'La biblioteca con Camila.',
      helpContacts: 'Mi hermana.',
      professionalContacts: 'Mi psicóloga.',
      safeEnvironment: 'Mi madre guarda los medicamentos.',
      reasonForLiving: 'Mi sobrina.',
      status: 'complete',
      version: 0,
      assessmentId: assessmentId,
    }),
    audited: true,
  },
  'POST /api/appointments': {
    method: 'POST',
    url: () => '/api/appointments',
    as: 'psychologist',
    // One date for the whole run, so that an answer naming it (the overlap question's
    // appointments) is not taken for an echo; confirmed, so that random bodies test
    // the input rather than ask about overlaps.
    valid: () => ({
      studentId,
      date: APPOINTMENT_DATE,
      reason: 'Seguimiento',
      notes: 'Traer horario',
      confirmOverlap: true,
    }),
    audited: true,
  },
  'PUT /api/appointments/:id': {
    method: 'PUT',
    url: () => `/api/appointments/${appointmentToMove}`,
    as: 'psychologist',
    valid: () => ({
      date: MOVED_DATE,
      durationMinutes: 50,
      reason: 'Seguimiento',
      notes: 'Traer horario',
      version: 1,
      confirmOverlap: true,
    }),
    audited: true,
  },
  'POST /api/appointments/:id/status': {
    method: 'POST',
    url: () => `/api/appointments/${appointmentToClose}/status`,
    as: 'psychologist',
    valid: () => ({
      status: 'CANCELLED',
      cancelledBy: 'STUDENT',
      reason: 'Viaje familiar',
      version: 1,
    }),
    audited: true,
  },
  'POST /api/suicide-assessments': {
    method: 'POST',
    url: () => '/api/suicide-assessments',
    as: 'psychologist',
    valid: () => ({ ...calmAnswers(), student: studentId, riskLevel: 'BAJO' }),
    audited: true,
    numRuns: 80,
  },
  'PUT /api/suicide-assessments/:id/final-remarks': {
    method: 'PUT',
    url: () => `/api/suicide-assessments/${assessmentId}/final-remarks`,
    as: 'psychologist',
    valid: () => ({ finalRemarks: 'Seguimiento semanal acordado.' }),
    audited: true,
  },
  'PUT /api/suicide-assessments/:id/clinician-level': {
    method: 'PUT',
    url: () => `/api/suicide-assessments/${assessmentId}/clinician-level`,
    as: 'psychologist',
    valid: () => ({ level: 'MODERADO', reason: 'Red de apoyo presente; sin plan ni intención.' }),
    audited: true,
  },
  'POST /api/students/import': {
    method: 'POST',
    url: () => '/api/students/import',
    as: 'psychologist',
    valid: () => ({ file: 'estudiantes.xlsx' }),
    audited: true,
    numRuns: 20,
  },
  'POST /api/calendar/feed': {
    method: 'POST',
    url: () => '/api/calendar/feed',
    as: 'psychologist',
    valid: () => ({ showNames: false }),
    audited: true,
    numRuns: 30,
  },
  'PUT /api/calendar/feed': {
    method: 'PUT',
    url: () => '/api/calendar/feed',
    as: 'psychologist',
    valid: () => ({ showNames: true }),
    audited: true,
    numRuns: 30,
  },
  'POST /api/users': {
    method: 'POST',
    url: () => '/api/users',
    as: 'admin',
    valid: () => userBody(),
    audited: true,
  },
  'PUT /api/users/:id': {
    method: 'PUT',
    url: () => `/api/users/${staffUserId}`,
    as: 'admin',
    valid: () => userBody(),
    audited: true,
  },
  'POST /api/users/:id/deactivate': {
    method: 'POST',
    url: () => `/api/users/${NOBODY}/deactivate`,
    as: 'admin',
    valid: () => ({}),
    audited: true,
    numRuns: 20,
  },
  'POST /api/users/:id/reactivate': {
    method: 'POST',
    url: () => `/api/users/${NOBODY}/reactivate`,
    as: 'admin',
    valid: () => ({}),
    audited: true,
    numRuns: 20,
  },
  'POST /api/users/:id/reset-link': {
    method: 'POST',
    url: () => `/api/users/${NOBODY}/reset-link`,
    as: 'admin',
    valid: () => ({}),
    audited: true,
    numRuns: 20,
  },
  'POST /api/users/:id/mfa/reset': {
    method: 'POST',
    url: () => `/api/users/${NOBODY}/mfa/reset`,
    as: 'admin',
    // The administrator's own proof; an account of nobody is a 404 before it is checked.
    valid: () => ({ password: 'no es la actual', code: '123456' }),
    audited: true,
    numRuns: 20,
  },
  'PUT /api/students/:id/assignment': {
    method: 'PUT',
    url: () => `/api/students/${otherStudentId}/assignment`,
    as: 'admin',
    valid: () => ({ psychologistId: null }),
    audited: true,
  },
};

const DEFAULT_RUNS = 75;

async function send(
  method: Method,
  url: string,
  as: DemoAccountKey | null,
  body?: HostileBody,
): Promise<Exchange> {
  const payload = body ? injectBody(body) : {};
  const response = await server.call({
    method,
    url,
    token: as && tokens[as],
    ...payload,
    // A fresh address each time: the per-address login limit is not what is tested.
    remoteAddress: randomAddress(),
  });
  return { response, sent: describeRequest(method, url, payload), body };
}

describe('hostile bodies', () => {
  it.each(Object.keys(BODY_ROUTES))('%s', async (name) => {
    const route = BODY_ROUTES[name]!;
    await fc.assert(
      fc.asyncProperty(hostileBodyFor(route.valid()), async (body) => {
        const before = await stateBefore();
        const exchange = await send(route.method, route.url(), route.as, body);
        await expectSafeAnswer({ ...exchange, valid: route.valid() }, before, {
          audited: route.audited,
        });
      }),
      { numRuns: route.numRuns ?? DEFAULT_RUNS, examples: classicBodiesFor(route.valid()) },
    );
  });

  it('POST /api/auth/logout', async () => {
    // Logout ignores its body: any body it parses ends the session, so a new one is opened.
    await fc.assert(
      fc.asyncProperty(hostileBodyFor({}), async (body) => {
        const before = await stateBefore();
        const exchange = await send('POST', '/api/auth/logout', 'psychologist2', body);
        await expectSafeAnswer(exchange, before, { audited: true });
        if (exchange.response.statusCode === 200) {
          tokens.psychologist2 = await server.login('psychologist2');
        }
      }),
      { numRuns: 15 },
    );
  });
});

interface IdRoute {
  method: Method;
  /** The path, with the hostile id put in. */
  url: (id: string) => string;
  as: DemoAccountKey;
  body?: () => object;
}

/** Every route with an id in its path, each id position fuzzed on its own. */
const ID_ROUTES: Record<string, IdRoute> = {
  'GET /api/students/:id/history': {
    method: 'GET',
    url: (id) => `/api/students/${id}/history`,
    as: 'psychologist',
  },
  'GET /api/students/:id': {
    method: 'GET',
    url: (id) => `/api/students/${id}`,
    as: 'psychologist',
  },
  'PUT /api/students/:id': {
    method: 'PUT',
    url: (id) => `/api/students/${id}`,
    as: 'psychologist',
    body: () => ({ ...studentBody(), version: 1 }),
  },
  'DELETE /api/students/:id': {
    method: 'DELETE',
    url: (id) => `/api/students/${id}`,
    as: 'psychologist',
  },
  'POST /api/students/:id/clinical-notes': {
    method: 'POST',
    url: (id) => `/api/students/${id}/clinical-notes`,
    as: 'psychologist',
    body: () => ({ note: 'Nota de prueba' }),
  },
  'PUT /api/students/:id/clinical-notes/:noteId (student id)': {
    method: 'PUT',
    url: (id) => `/api/students/${id}/clinical-notes/${noteId}`,
    as: 'psychologist',
    body: () => ({ note: 'Nota de prueba', version: 1 }),
  },
  'PUT /api/students/:id/clinical-notes/:noteId (note id)': {
    method: 'PUT',
    url: (id) => `/api/students/${studentId}/clinical-notes/${id}`,
    as: 'psychologist',
    body: () => ({ note: 'Nota de prueba', version: 1 }),
  },
  'DELETE /api/students/:id/clinical-notes/:noteId (student id)': {
    method: 'DELETE',
    url: (id) => `/api/students/${id}/clinical-notes/${noteId}`,
    as: 'psychologist',
  },
  'DELETE /api/students/:id/clinical-notes/:noteId (note id)': {
    method: 'DELETE',
    url: (id) => `/api/students/${studentId}/clinical-notes/${id}`,
    as: 'psychologist',
  },
  'POST /api/students/:id/clinical-notes/:noteId/sign (student id)': {
    method: 'POST',
    url: (id) => `/api/students/${id}/clinical-notes/${noteId}/sign`,
    as: 'psychologist',
  },
  'POST /api/students/:id/clinical-notes/:noteId/sign (note id)': {
    method: 'POST',
    url: (id) => `/api/students/${studentId}/clinical-notes/${id}/sign`,
    as: 'psychologist',
  },
  'POST /api/students/:id/clinical-notes/:noteId/addenda (student id)': {
    method: 'POST',
    url: (id) => `/api/students/${id}/clinical-notes/${signedNoteId}/addenda`,
    as: 'psychologist',
    body: () => ({ text: 'Adenda de prueba' }),
  },
  'POST /api/students/:id/clinical-notes/:noteId/addenda (note id)': {
    method: 'POST',
    url: (id) => `/api/students/${studentId}/clinical-notes/${id}/addenda`,
    as: 'psychologist',
    body: () => ({ text: 'Adenda de prueba' }),
  },
  'PUT /api/appointments/:id': {
    method: 'PUT',
    url: (id) => `/api/appointments/${id}`,
    as: 'psychologist',
    body: () => ({
      date: inDays(41),
      durationMinutes: 50,
      reason: 'Seguimiento',
      notes: '',
      version: 1,
      confirmOverlap: true,
    }),
  },
  'POST /api/appointments/:id/status': {
    method: 'POST',
    url: (id) => `/api/appointments/${id}/status`,
    as: 'psychologist',
    body: () => ({ status: 'CANCELLED', cancelledBy: 'SERVICE', reason: 'Feriado', version: 1 }),
  },
  'GET /api/suicide-assessments/:id': {
    method: 'GET',
    url: (id) => `/api/suicide-assessments/${id}`,
    as: 'psychologist',
  },
  'PUT /api/suicide-assessments/:id/final-remarks': {
    method: 'PUT',
    url: (id) => `/api/suicide-assessments/${id}/final-remarks`,
    as: 'psychologist',
    body: () => ({ finalRemarks: 'Seguimiento semanal.' }),
  },
  'PUT /api/suicide-assessments/:id/clinician-level': {
    method: 'PUT',
    url: (id) => `/api/suicide-assessments/${id}/clinician-level`,
    as: 'psychologist',
    body: () => ({ level: 'ALTO', reason: 'Red de apoyo presente; sin plan ni intención.' }),
  },
  'GET /api/students/:id/safety-plan': {
    method: 'GET',
    url: (id) => `/api/students/${id}/safety-plan`,
    as: 'psychologist',
  },
  'PUT /api/students/:id/safety-plan': {
    method: 'PUT',
    url: (id) => `/api/students/${id}/safety-plan`,
    as: 'psychologist',
    body: () => ({ status: 'draft', version: 0 }),
  },
  'GET /api/students/:id/safety-plan/pdf': {
    method: 'GET',
    url: (id) => `/api/students/${id}/safety-plan/pdf`,
    as: 'psychologist',
  },
  'GET /api/pdfreport/student/:id': {
    method: 'GET',
    url: (id) => `/api/pdfreport/student/${id}`,
    as: 'psychologist',
  },
  'GET /api/pdfassessement/:id/report/pdfassessment': {
    method: 'GET',
    url: (id) => `/api/pdfassessement/${id}/report/pdfassessment`,
    as: 'psychologist',
  },
  'GET /api/fhir/QuestionnaireResponse/:id': {
    method: 'GET',
    url: (id) => `/api/fhir/QuestionnaireResponse/${id}`,
    as: 'psychologist',
  },
  'GET /api/psychologists/:id': {
    method: 'GET',
    url: (id) => `/api/psychologists/${id}`,
    as: 'psychologist',
  },
  'PUT /api/users/:id': {
    method: 'PUT',
    url: (id) => `/api/users/${id}`,
    as: 'admin',
    body: () => userBody(),
  },
  'POST /api/users/:id/deactivate': {
    method: 'POST',
    url: (id) => `/api/users/${id}/deactivate`,
    as: 'admin',
  },
  'POST /api/users/:id/reactivate': {
    method: 'POST',
    url: (id) => `/api/users/${id}/reactivate`,
    as: 'admin',
  },
  'POST /api/users/:id/reset-link': {
    method: 'POST',
    url: (id) => `/api/users/${id}/reset-link`,
    as: 'admin',
  },
  'POST /api/users/:id/mfa/reset': {
    method: 'POST',
    url: (id) => `/api/users/${id}/mfa/reset`,
    as: 'admin',
    body: () => ({ password: demoAccount('admin').password, code: '123456' }),
  },
  'PUT /api/students/:id/assignment': {
    method: 'PUT',
    url: (id) => `/api/students/${id}/assignment`,
    as: 'admin',
    body: () => ({ psychologistId: null }),
  }, // Public, and a session changes nothing: any id but a live token's answers 404.
  'GET /api/calendar/:file': {
    method: 'GET',
    url: (id) => `/api/calendar/${id}`,
    as: 'psychologist',
  },
};

describe('hostile ids in paths', () => {
  it.each(Object.keys(ID_ROUTES))('%s', async (name) => {
    const route = ID_ROUTES[name]!;
    await fc.assert(
      fc.asyncProperty(hostileId, async (id) => {
        const before = await stateBefore();
        const body = route.body && { kind: 'json' as const, value: route.body() };
        const exchange = await send(route.method, route.url(id), route.as, body);
        await expectSafeAnswer(exchange, before, { audited: true, refusalOnly: true });
      }),
      { numRuns: 30, examples: [...CLASSIC_IDS] },
    );
  });
});

interface ListRoute {
  /** A function when the path names a record made in beforeAll. */
  url: string | (() => string);
  as: DemoAccountKey;
  /** False for a route that reads no record (the FHIR form): nothing to audit. */
  audited?: boolean;
  params: readonly string[];
  /** Values the route knows, so that valid and almost-valid filters are tried too. */
  known: () => readonly string[];
}

const LIST_ROUTES: Record<string, ListRoute> = {
  'GET /api/students': {
    url: '/api/students',
    as: 'psychologist',
    params: ['q', 'page', 'pageSize'],
    known: () => ['1', '2', '50', '200', '201', '0', 'Lucía', 'jose'],
  },
  'GET /api/users': {
    url: '/api/users',
    as: 'admin',
    params: ['q', 'role', 'status'],
    known: () => ['ADMIN', 'PSYCHOLOGIST', 'active', 'inactive', 'Mendoza'],
  },
  'GET /api/admin/students': {
    url: '/api/admin/students',
    as: 'admin',
    params: ['q', 'psychologistId'],
    known: () => ['none', staffUserId, 'Lucía'],
  },
  'GET /api/audit': {
    url: '/api/audit',
    as: 'admin',
    params: ['userId', 'action', 'from', 'to', 'page', 'pageSize'],
    known: () => [
      ...AUDIT_ACTIONS.slice(0, 4),
      '2026-01-01',
      '2026-02-30',
      '1',
      '200',
      staffUserId,
    ],
  },
  'GET /api/mail': {
    url: '/api/mail',
    as: 'admin',
    params: ['status', 'page', 'pageSize'],
    known: () => ['queued', 'failed', '1', '200'],
  },
  'GET /api/appointments': {
    url: '/api/appointments',
    as: 'psychologist',
    params: ['studentId', 'from', 'to'],
    known: () => [
      studentId,
      otherStudentId,
      '2026-11-01T00:00:00Z',
      '2026-12-01T00:00:00.000Z',
      '2027-03-01T00:00:00-05:00',
      '2026-11-01',
    ],
  },
  'GET /api/appointments/unrecorded': {
    url: '/api/appointments/unrecorded',
    as: 'psychologist',
    params: ['page', 'pageSize'],
    known: () => ['1', '2', '20', '100', '101', '0', '-1', '1e3'],
  },
  'GET /api/suicide-assessments': {
    url: '/api/suicide-assessments',
    as: 'psychologist',
    params: ['studentId', 'riskLevel', 'from', 'to'],
    known: () => [studentId, 'ALTO', 'BAJO', '2026-01-01', '2026-02-30'],
  },
  'GET /api/statistics (psychologist)': {
    url: '/api/statistics',
    as: 'psychologist',
    params: ['scope', 'from', 'to'],
    known: () => ['SERVICE', 'CASELOAD'],
  },
  'GET /api/statistics (admin)': {
    url: '/api/statistics',
    as: 'admin',
    params: ['scope', 'psychologistId'],
    known: () => ['SERVICE', 'CASELOAD', staffUserId],
  },
  'GET /api/statistics/gender': {
    url: '/api/statistics/gender',
    as: 'admin',
    params: ['scope'],
    known: () => ['SERVICE'],
  },
  'GET /api/statistics/risk-level': {
    url: '/api/statistics/risk-level',
    as: 'psychologist',
    params: ['scope'],
    known: () => ['SERVICE'],
  },
  'GET /api/statistics/appointments': {
    url: '/api/statistics/appointments',
    as: 'admin',
    params: ['months', 'scope'],
    known: () => ['12', '36', '37', '0'],
  },
  'GET /api/fhir/QuestionnaireResponse': {
    url: '/api/fhir/QuestionnaireResponse',
    as: 'psychologist',
    params: ['subject', '_format'],
    known: () => [
      studentId,
      `Patient/${studentId}`,
      `Patient/${otherStudentId}`,
      'json',
      'application/fhir+json',
      'xml',
    ],
  },
  'GET /api/fhir/Questionnaire/cssrs-since-last-visit': {
    url: '/api/fhir/Questionnaire/cssrs-since-last-visit',
    as: 'psychologist',
    audited: false,
    params: ['_format'],
    known: () => ['json', 'application/json', 'xml', 'text/html'],
  },
  'GET /api/clinical-notes/recent': {
    url: '/api/clinical-notes/recent',
    as: 'psychologist',
    params: ['limit'],
    known: () => ['5', '1000000'],
  },
  'GET /api/follow-up': {
    url: '/api/follow-up',
    as: 'psychologist',
    params: ['days'],
    known: () => ['7', '0', '-1'],
  },
  'GET /api/follow-up/counts': {
    url: '/api/follow-up/counts',
    as: 'admin',
    params: ['days'],
    known: () => ['7', '0'],
  },
  'GET /api/students/:id/safety-plan': {
    url: () => `/api/students/${studentId}/safety-plan`,
    as: 'psychologist',
    params: ['version'],
    known: () => ['1', '2', '0', '-1', '2147483647', '2147483648'],
  },
  'GET /api/clinical-notes/pending-signature': {
    url: '/api/clinical-notes/pending-signature',
    as: 'psychologist',
    params: ['hours'],
    known: () => ['24', '0'],
  },
};

describe('hostile query strings', () => {
  it.each(Object.keys(LIST_ROUTES))('%s', async (name) => {
    const route = LIST_ROUTES[name]!;
    await fc.assert(
      fc.asyncProperty(hostileQuery(route.params, route.known()), async (query) => {
        const before = await stateBefore();
        const url = typeof route.url === 'function' ? route.url() : route.url;
        const exchange = await send('GET', `${url}?${query}`, route.as);
        await expectSafeAnswer(exchange, before, { audited: route.audited ?? true });
      }),
      { numRuns: 40, examples: classicQueriesFor(route.params) },
    );
  });
});

describe('the whole run', () => {
  it('counts no answer of 500 or more, no message outside the catalogue, no refusal of 4 KB or more, no echo', () => {
    expect(tally.calls).toBeGreaterThan(2_000);
    expect(tally.deepBodies).toBeGreaterThan(50);
    expect({
      serverErrors: tally.serverErrors,
      notSpanish: tally.notSpanish,
      over4KB: tally.over4KB,
      echoes: tally.echoes,
    }).toEqual({ serverErrors: 0, notSpanish: 0, over4KB: 0, echoes: 0 });
  });
});
