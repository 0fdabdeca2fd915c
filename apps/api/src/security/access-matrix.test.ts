import type { InjectOptions } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import {
  CLINICAL_RECORDS,
  createAccessFixtures,
  newEmailChangeToken,
  newInviteToken,
  unknownIds,
  type AccessFixtures,
  type RecordIds,
} from '../../test/helpers/access-fixtures';
import { mailQueue } from '../db/schema';
import { NEW_PASSWORD, userBody } from '../../test/helpers/admin';
import { calmAnswers } from '../../test/helpers/assessments';
import { fileUpload } from '../../test/helpers/multipart';
import { freshCodeOf } from '../../test/helpers/totp';
import { addNote, createStudent, inDays, studentBody } from '../../test/helpers/patients';
import {
  demoAccount,
  randomAddress,
  startTestServer,
  type DemoAccountKey,
  type TestServer,
} from '../../test/helpers/test-server';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../../test/helpers/workbooks';

/**
 * docs/permissions.md as one table: every /api route, called by nobody, by
 * psychologist A (the owner of the records), by psychologist B (on A's
 * records) and by an administrator, each with the one status it must get.
 *
 * The route list comes from the server itself (`app.routeTable`): a route
 * the table does not list, or a listed route the server no longer has,
 * fails the test.
 */

/** `METHOD /path` of the route each request reached, in order. */
const reachedRoutes: string[] = [];

type Caller = 'anonymous' | DemoAccountKey;

/** The table's columns, in its order. */
type Expected = readonly [anonymous: number, ownerA: number, otherB: number, admin: number];
const COLUMN: Record<Caller, 0 | 1 | 2 | 3> = {
  anonymous: 0,
  psychologist: 1,
  psychologist2: 2,
  admin: 3,
};
const CALLER_NAME: Record<Caller, string> = {
  anonymous: 'anonymous',
  psychologist: 'psychologist A (owner)',
  psychologist2: 'psychologist B',
  admin: 'admin',
};
/**
 * The owner last: the refusals reach a record while it still exists, then
 * A's call (a delete, a deactivation) may change it.
 */
const CALL_ORDER: readonly Caller[] = ['anonymous', 'admin', 'psychologist2', 'psychologist'];

interface CallContext {
  ids: RecordIds;
  caller: Caller;
  fixtures: AccessFixtures;
}

type MatrixCall = Pick<InjectOptions, 'url' | 'payload' | 'headers' | 'remoteAddress'> & {
  url: string;
};

interface Row {
  /** `METHOD /api/path` exactly as the server registered it. */
  route: string;
  /** Set when a route has more than one row: what this one calls. */
  variant?: string;
  expected: Expected;
  request(context: CallContext): MatrixCall | Promise<MatrixCall>;
  /** The call ends the session it is made with, so it gets a session of its own. */
  ownSession?: true;
  /** Puts back what a successful call changed that other rows rely on. */
  undo?(context: CallContext & { token: string }): Promise<void>;
  /** A route of the FHIR API: its refusals are OperationOutcomes. */
  fhir?: true;
}

/** A new student of A's with a note, archived by A's 'Eliminar' (docs/data-model.md#archived-students). */
async function archivedStudentOf(ownerToken: string): Promise<string> {
  const student = await createStudent(server, ownerToken);
  await addNote(server, ownerToken, student._id);
  const removed = await server.call({
    method: 'DELETE',
    url: `/api/students/${student._id}`,
    token: ownerToken,
  });
  if (removed.json<{ outcome?: string }>().outcome !== 'archived') {
    throw new Error(`archiving a fixture failed: ${removed.body}`);
  }
  return student._id;
}

/** A signed-in caller's own account (anonymous: A's, which they cannot reach). */
const accountOf = (caller: Caller) => demoAccount(caller === 'anonymous' ? 'psychologist' : caller);

let server: TestServer;
let tokens: Record<DemoAccountKey, string>;
let fixtures: AccessFixtures;

let importedRows = 0;

const MATRIX: readonly Row[] = [
  // Health: public, for load balancers.
  {
    route: 'GET /api/health',
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/health' }),
  },
  {
    route: 'GET /api/health/live',
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/health/live' }),
  },
  {
    route: 'GET /api/health/ready',
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/health/ready' }),
  },

  // The API described: public, like the README; it describes calls and holds no data.
  {
    route: 'GET /api/openapi.json',
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/openapi.json' }),
  },
  {
    route: 'GET /api/docs',
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/docs' }),
  },
  {
    route: 'GET /api/docs/:file',
    variant: "the page's script",
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/docs/docs.js' }),
  },

  // Sign-in and recovery: public; a session header changes nothing.
  {
    route: 'POST /api/auth/login',
    variant: "A's credentials",
    expected: [200, 200, 200, 200],
    request: () => ({
      url: '/api/auth/login',
      payload: {
        email: accountOf('psychologist').email,
        password: accountOf('psychologist').password,
      },
      remoteAddress: randomAddress(),
    }),
  },
  {
    route: 'POST /api/auth/forgot-password',
    variant: "A's e-mail",
    expected: [200, 200, 200, 200],
    request: () => ({
      url: '/api/auth/forgot-password',
      payload: { email: accountOf('psychologist').email },
    }),
  },
  {
    route: 'POST /api/auth/reset-password/check',
    variant: 'a live invitation link',
    expected: [200, 200, 200, 200],
    request: ({ fixtures }) => ({
      url: '/api/auth/reset-password/check',
      payload: { token: fixtures.inviteToken },
    }),
  },
  {
    route: 'POST /api/auth/reset-password',
    variant: "a new colleague's invitation link",
    expected: [200, 200, 200, 200],
    request: async () => ({
      url: '/api/auth/reset-password',
      payload: { token: await newInviteToken(server, tokens.admin), password: NEW_PASSWORD },
    }),
  },

  // Confirming a new e-mail: public, the link is the proof.
  {
    route: 'POST /api/auth/email-change/check',
    variant: 'a live confirmation link',
    expected: [200, 200, 200, 200],
    request: ({ fixtures }) => ({
      url: '/api/auth/email-change/check',
      payload: { token: fixtures.emailChangeToken },
      remoteAddress: randomAddress(),
    }),
  },
  {
    route: 'POST /api/auth/email-change/confirm',
    variant: "a new colleague's confirmation link",
    expected: [200, 200, 200, 200],
    request: async () => ({
      url: '/api/auth/email-change/confirm',
      payload: { token: await newEmailChangeToken(server, tokens.admin) },
      remoteAddress: randomAddress(),
    }),
  },

  // The caller's own session and account.
  {
    route: 'GET /api/auth/me',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/auth/me' }),
  },
  {
    route: 'POST /api/auth/logout',
    expected: [401, 200, 200, 200],
    ownSession: true,
    request: () => ({ url: '/api/auth/logout' }),
  },
  {
    route: 'GET /api/auth/profile',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/auth/profile' }),
  },
  {
    route: 'PUT /api/auth/profile',
    expected: [401, 200, 200, 200],
    request: ({ caller }) => {
      const { firstName, lastName, email } = accountOf(caller);
      return {
        url: '/api/auth/profile',
        payload: { firstName, lastName, email, phone: '0991112233' },
      };
    },
  },
  {
    route: 'PUT /api/auth/password',
    expected: [401, 200, 200, 200],
    request: ({ caller }) => ({
      url: '/api/auth/password',
      payload: { currentPassword: accountOf(caller).password, newPassword: NEW_PASSWORD },
    }),
    // Later rows sign the demo accounts in with their demo passwords.
    async undo({ caller, token }) {
      const restored = await server.call({
        method: 'PUT',
        url: '/api/auth/password',
        token,
        payload: { currentPassword: NEW_PASSWORD, newPassword: accountOf(caller).password },
      });
      if (restored.statusCode !== 200) throw new Error(`restoring the password: ${restored.body}`);
    },
  },

  // The second factor: the code step is public, its challenge the proof.
  {
    route: 'POST /api/auth/login/mfa',
    variant: 'a code of five digits',
    expected: [400, 400, 400, 400],
    request: () => ({
      url: '/api/auth/login/mfa',
      payload: { challenge: 'x'.repeat(43), code: '12345' },
      remoteAddress: randomAddress(),
    }),
  },
  {
    route: 'POST /api/auth/mfa/enroll',
    // Administrators enrolled when they signed in (ADMIN_MFA_REQUIRED): a second key is refused.
    variant: 'with the session (the profile) and no password',
    expected: [401, 400, 400, 409],
    request: () => ({ url: '/api/auth/mfa/enroll', payload: {} }),
  },
  {
    route: 'POST /api/auth/mfa/confirm',
    variant: 'with the session and a wrong code, and no key waiting',
    expected: [401, 409, 409, 409],
    request: () => ({
      url: '/api/auth/mfa/confirm',
      payload: { code: '000000' },
      remoteAddress: randomAddress(),
    }),
  },
  {
    route: 'GET /api/auth/mfa',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/auth/mfa' }),
  },
  {
    route: 'DELETE /api/auth/mfa',
    variant: "a psychologist's without one; an administrator's, required",
    expected: [401, 409, 409, 409],
    request: ({ caller }) => ({
      url: '/api/auth/mfa',
      payload: { password: accountOf(caller).password, code: '123456' },
    }),
  },
  {
    route: 'GET /api/psychologists/:id',
    variant: 'A',
    expected: [401, 200, 200, 200],
    request: ({ ids }) => ({ url: `/api/psychologists/${ids.owner}` }),
  },

  // Students: the psychologist's own caseload; clinical, so never an admin's.
  {
    route: 'GET /api/students',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/students' }),
  },
  {
    route: 'GET /api/students',
    variant: 'a page of a search',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/students?q=a&page=1&pageSize=50' }),
  },
  {
    route: 'POST /api/students',
    expected: [401, 201, 201, 403],
    request: () => ({ url: '/api/students', payload: studentBody() }),
  },
  {
    route: 'GET /api/students/:id',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}` }),
  },
  {
    route: 'PUT /api/students/:id',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/students/${ids.studentToEdit}`,
      payload: { firstName: 'Camila Andrea', lastName: 'Paredes', age: 23, version: 1 },
    }),
  },
  {
    route: 'DELETE /api/students/:id',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.studentToDelete}` }),
  },
  {
    route: 'GET /api/students/:id/clinical-notes',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}/clinical-notes?pageSize=20` }),
  },
  {
    route: 'POST /api/students/:id/clinical-notes',
    expected: [401, 201, 404, 403],
    request: ({ ids }) => ({
      url: `/api/students/${ids.student}/clinical-notes`,
      payload: { note: 'Seguimiento: duerme mejor.' },
    }),
  },
  {
    route: 'PUT /api/students/:id/clinical-notes/:noteId',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/students/${ids.student}/clinical-notes/${ids.noteToEdit}`,
      payload: { note: 'Refiere insomnio desde el inicio del semestre; mejora.', version: 1 },
    }),
  },
  {
    route: 'DELETE /api/students/:id/clinical-notes/:noteId',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/students/${ids.student}/clinical-notes/${ids.noteToDelete}`,
    }),
  },
  {
    route: 'GET /api/clinical-notes/recent',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/clinical-notes/recent' }),
  },
  {
    route: 'POST /api/students/:id/clinical-notes/:noteId/sign',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/students/${ids.student}/clinical-notes/${ids.noteToSign}/sign`,
    }),
  },
  {
    route: 'POST /api/students/:id/clinical-notes/:noteId/addenda',
    expected: [401, 201, 404, 403],
    request: ({ ids }) => ({
      url: `/api/students/${ids.student}/clinical-notes/${ids.noteSigned}/addenda`,
      payload: { text: 'Corrección: la sesión fue presencial.' },
    }),
  },
  // The safety plan: the student's record, so the same columns.
  {
    route: 'GET /api/students/:id/safety-plan',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}/safety-plan` }),
  },
  {
    route: 'PUT /api/students/:id/safety-plan',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/students/${ids.student}/safety-plan`,
      payload: { warningSigns: 'Dejo de dormir.', status: 'draft', version: 0 },
    }),
  },
  {
    route: 'GET /api/students/:id/safety-plan/revisions',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}/safety-plan/revisions?page=1` }),
  },
  // After the save above: the plan it saved is the one printed.
  {
    route: 'GET /api/students/:id/safety-plan/pdf',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}/safety-plan/pdf` }),
  },
  {
    route: 'GET /api/clinical-notes/pending-signature',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/clinical-notes/pending-signature' }),
  },
  // Follow-up: the caller's own list; the counts are the administrators'.
  {
    route: 'GET /api/follow-up',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/follow-up' }),
  },
  {
    route: 'GET /api/follow-up/counts',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/follow-up/counts' }),
  },
  {
    route: 'GET /api/students/:id/history',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}/history` }),
  },
  {
    route: 'GET /api/students/import/template',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/students/import/template' }),
  },
  {
    route: 'POST /api/students/import',
    expected: [401, 200, 200, 403],
    request: async () => {
      importedRows += 1;
      const row = studentRow(importedRows, {
        'Correo electrónico': `matriz.${importedRows}.${Date.now()}@estudiantes.test`,
      });
      return {
        url: '/api/students/import',
        ...fileUpload(await xlsxFile([[...TEMPLATE_HEADERS], row])),
      };
    },
  },

  // Appointments.
  {
    route: 'GET /api/appointments',
    variant: "of A's student",
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/appointments?studentId=${ids.student}` }),
  },
  {
    route: 'GET /api/appointments',
    variant: "of the caller's caseload",
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/appointments' }),
  },
  {
    route: 'GET /api/appointments',
    variant: "the caller's agenda of a period",
    expected: [401, 200, 200, 403],
    request: () => ({
      url: `/api/appointments?from=${encodeURIComponent(inDays(0))}&to=${encodeURIComponent(inDays(7))}`,
    }),
  },
  {
    route: 'PUT /api/appointments/:id',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/appointments/${ids.appointmentToMove}`,
      payload: {
        date: inDays(5),
        durationMinutes: 60,
        reason: 'Seguimiento',
        notes: 'Movida por la psicóloga',
        version: 1,
        confirmOverlap: true,
      },
    }),
  },
  {
    route: 'POST /api/appointments/:id/status',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/appointments/${ids.appointmentToClose}/status`,
      payload: { status: 'CANCELLED', cancelledBy: 'STUDENT', reason: 'Viaje', version: 1 },
    }),
  },
  {
    route: 'GET /api/appointments/unrecorded',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/appointments/unrecorded' }),
  },
  {
    route: 'POST /api/appointments',
    variant: "for A's student",
    expected: [401, 201, 404, 403],
    request: ({ ids }) => ({
      url: '/api/appointments',
      payload: { studentId: ids.student, date: inDays(3), reason: 'Seguimiento', notes: '' },
    }),
  },

  // Assessments and their reports.
  {
    route: 'POST /api/suicide-assessments',
    variant: "of A's student",
    expected: [401, 201, 404, 403],
    request: ({ ids }) => ({
      url: '/api/suicide-assessments',
      payload: { ...calmAnswers(), student: ids.student },
    }),
  },
  {
    route: 'GET /api/suicide-assessments',
    variant: "of A's student",
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/suicide-assessments?studentId=${ids.student}` }),
  },
  {
    route: 'GET /api/suicide-assessments',
    variant: "of the caller's caseload",
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/suicide-assessments' }),
  },
  {
    route: 'GET /api/suicide-assessments/:id',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/suicide-assessments/${ids.assessment}` }),
  },
  {
    route: 'PUT /api/suicide-assessments/:id/final-remarks',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/suicide-assessments/${ids.assessmentToRemark}/final-remarks`,
      payload: { finalRemarks: 'Sin riesgo actual; control en un mes.' },
    }),
  },
  {
    route: 'PUT /api/suicide-assessments/:id/clinician-level',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/suicide-assessments/${ids.assessmentToGrade}/clinician-level`,
      payload: { level: 'ALTO', reason: 'Red de apoyo presente; plan de seguridad acordado.' },
    }),
  },
  {
    route: 'GET /api/pdfreport/student/:id',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/pdfreport/student/${ids.student}` }),
  },
  // The whole record, handed over on request (docs/api.md#record-export).
  {
    route: 'GET /api/students/:id/export/pdf',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}/export/pdf` }),
  },
  {
    route: 'GET /api/students/:id/export/fhir',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/students/${ids.student}/export/fhir` }),
  },
  {
    route: 'GET /api/pdfassessement/:id/report/pdfassessment',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/pdfassessement/${ids.assessment}/report/pdfassessment` }),
  },

  // The service's configuration the screens need (its time zone): any staff member.
  {
    route: 'GET /api/service',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/service' }),
  },

  // Statistics: counts of the caller's scope, for both roles.
  {
    route: 'GET /api/statistics',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/statistics' }),
  },
  {
    route: 'GET /api/statistics/gender',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/statistics/gender' }),
  },
  {
    route: 'GET /api/statistics/risk-level',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/statistics/risk-level' }),
  },
  {
    route: 'GET /api/statistics/appointments',
    expected: [401, 200, 200, 200],
    request: () => ({ url: '/api/statistics/appointments' }),
  },

  // The administrators' calls: 403 for every psychologist, owner or not.
  {
    route: 'GET /api/users',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/users' }),
  },
  {
    route: 'POST /api/users',
    expected: [401, 403, 403, 201],
    request: () => ({ url: '/api/users', payload: userBody() }),
  },
  {
    route: 'PUT /api/users/:id',
    expected: [401, 403, 403, 200],
    request: ({ ids }) => ({ url: `/api/users/${ids.accountToEdit}`, payload: userBody() }),
  },
  {
    route: 'POST /api/users/:id/deactivate',
    expected: [401, 403, 403, 200],
    request: ({ ids }) => ({ url: `/api/users/${ids.accountToDeactivate}/deactivate` }),
  },
  {
    route: 'POST /api/users/:id/reactivate',
    expected: [401, 403, 403, 200],
    request: ({ ids }) => ({ url: `/api/users/${ids.accountToReactivate}/reactivate` }),
  },
  {
    route: 'POST /api/users/:id/reset-link',
    expected: [401, 403, 403, 200],
    request: ({ ids }) => ({ url: `/api/users/${ids.accountForLink}/reset-link` }),
  },
  {
    route: 'POST /api/users/:id/mfa/reset',
    // The administrator is let in, with their own password and code (a session alone
    // is not enough); the account has no second factor to reset (409).
    expected: [401, 403, 403, 409],
    request: async ({ ids, caller }) => ({
      url: `/api/users/${ids.accountForLink}/mfa/reset`,
      payload: {
        password: demoAccount('admin').password,
        // Each code is good once: only the administrator's call spends one.
        code: caller === 'admin' ? await freshCodeOf(server, demoAccount('admin').email) : '123456',
      },
    }),
  },
  {
    route: 'GET /api/service/mfa',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/service/mfa' }),
  },
  {
    route: 'PUT /api/service/mfa',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/service/mfa', payload: { psychologistsRequired: false } }),
  },
  {
    route: 'GET /api/admin/students',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/admin/students' }),
  },
  {
    route: 'PUT /api/students/:id/assignment',
    variant: "A's student, to A again",
    expected: [401, 403, 403, 200],
    request: ({ ids }) => ({
      url: `/api/students/${ids.student}/assignment`,
      payload: { psychologistId: ids.owner },
    }),
  },
  {
    route: 'GET /api/admin/students/archived',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/admin/students/archived' }),
  },
  {
    route: 'POST /api/admin/students/:id/restore',
    variant: 'a student A archived, back to A',
    expected: [401, 403, 403, 200],
    request: async ({ ids }) => ({
      url: `/api/admin/students/${await archivedStudentOf(tokens.psychologist)}/restore`,
      payload: { psychologistId: ids.owner },
    }),
  },
  {
    route: 'GET /api/admin/students/:id/export/pdf',
    variant: 'a student A archived, confirmed',
    expected: [401, 403, 403, 200],
    request: async () => ({
      url: `/api/admin/students/${await archivedStudentOf(tokens.psychologist)}/export/pdf?confirm=true`,
    }),
  },
  {
    route: 'GET /api/admin/students/:id/export/fhir',
    variant: 'a student A archived, confirmed',
    expected: [401, 403, 403, 200],
    request: async () => ({
      url: `/api/admin/students/${await archivedStudentOf(tokens.psychologist)}/export/fhir?confirm=true`,
    }),
  },
  {
    route: 'GET /api/audit',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/audit' }),
  },
  {
    route: 'GET /api/audit/verify',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/audit/verify' }),
  },
  {
    route: 'GET /api/mail',
    expected: [401, 403, 403, 200],
    request: () => ({ url: '/api/mail' }),
  },
  {
    route: 'POST /api/mail/:id/retry',
    expected: [401, 403, 403, 200],
    // A mail that failed for good, one per call.
    request: async () => {
      const [failed] = await server.server.database.db
        .insert(mailQueue)
        .values({
          kind: 'notice',
          recipient: 'fallido@psicocampus.test',
          subject: 'Aviso',
          text: 'Texto',
          html: '',
          status: 'failed',
          attempts: 8,
        })
        .returning({ id: mailQueue.id });
      return { url: `/api/mail/${failed!.id}/retry` };
    },
  },

  // The Columbia assessment in FHIR: what the server offers and the form are
  // anyone's (they hold no one's data); the records, as their PDF.
  {
    route: 'GET /api/fhir/metadata',
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/fhir/metadata' }),
    fhir: true,
  },
  {
    route: 'GET /api/fhir/Questionnaire/cssrs-since-last-visit',
    expected: [200, 200, 200, 200],
    request: () => ({ url: '/api/fhir/Questionnaire/cssrs-since-last-visit' }),
    fhir: true,
  },
  {
    route: 'GET /api/fhir/QuestionnaireResponse',
    variant: "A's student",
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({
      url: `/api/fhir/QuestionnaireResponse?subject=Patient/${ids.student}`,
    }),
    fhir: true,
  },
  {
    route: 'GET /api/fhir/QuestionnaireResponse/:id',
    expected: [401, 200, 404, 403],
    request: ({ ids }) => ({ url: `/api/fhir/QuestionnaireResponse/${ids.assessment}` }),
    fhir: true,
  },

  // The psychologist's calendar feed: each psychologist's own; the feed's URL is public.
  {
    route: 'GET /api/calendar/feed',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/calendar/feed' }),
  },
  {
    route: 'POST /api/calendar/feed',
    expected: [401, 201, 201, 403],
    request: () => ({ url: '/api/calendar/feed', payload: { showNames: false } }),
  },
  {
    route: 'PUT /api/calendar/feed',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/calendar/feed', payload: { showNames: true } }),
  },
  {
    route: 'GET /api/calendar/:file',
    variant: "A's feed URL: the token is the key, a session changes nothing",
    expected: [200, 200, 200, 200],
    request: async () => {
      const created = await server.call({
        method: 'POST',
        url: '/api/calendar/feed',
        token: tokens.psychologist,
        payload: {},
      });
      return { url: new URL(created.json().url).pathname, remoteAddress: randomAddress() };
    },
  },
  {
    route: 'DELETE /api/calendar/feed',
    expected: [401, 200, 200, 403],
    request: () => ({ url: '/api/calendar/feed' }),
  },
];

/** The routes of the server under /api, without the HEAD twin Fastify adds to each GET. */
function serverApiRoutes(): Set<string> {
  const routes = new Set(
    server.app.routeTable
      .map(({ method, url }) => `${method} ${url}`)
      .filter((route) => / \/api(\/|$)/.test(route)),
  );
  for (const route of routes) {
    const [method, url] = route.split(' ');
    if (method === 'HEAD' && routes.has(`GET ${url}`)) routes.delete(route);
  }
  return routes;
}

function rowTitle(row: Row): string {
  return row.variant ? `${row.route} (${row.variant})` : row.route;
}

/** A refusal's body: the API's `{ok, msg}`, or for the FHIR API an OperationOutcome saying the same. */
function refusal(row: Row, msg: string): unknown {
  if (!row.fhir) return { ok: false, msg };
  return {
    resourceType: 'OperationOutcome',
    issue: [
      expect.objectContaining({ severity: 'error', details: { text: msg }, diagnostics: msg }),
    ],
  };
}

/** The Spanish message of a refusal, in either shape. */
function refusalMessage(response: { json(): unknown }): unknown {
  const body = response.json() as {
    msg?: unknown;
    resourceType?: string;
    issue?: Array<{ details?: { text?: unknown } }>;
  };
  return body.resourceType === 'OperationOutcome' ? body.issue?.[0]?.details?.text : body.msg;
}

/** At most this much of an unexpected answer goes into a failure message. */
const SHOWN_BODY = 300;

beforeAll(async () => {
  server = await startTestServer(
    {},
    (app) => {
      // onSend: it runs for every answer, also those an earlier hook gave (a 401).
      app.addHook('onSend', async (request, _reply, payload) => {
        reachedRoutes.push(`${request.method} ${request.routeOptions.url ?? '(no route)'}`);
        return payload;
      });
    },
    { contract: true },
  );
  const [psychologist, psychologist2, admin] = await Promise.all([
    server.login('psychologist'),
    server.login('psychologist2'),
    server.login('admin'),
  ]);
  tokens = { psychologist, psychologist2, admin };
  fixtures = await createAccessFixtures(server, { owner: psychologist, admin });
});
afterAll(() => server?.close());

describe('the access matrix', () => {
  it('lists every /api route the server has', () => {
    const listed = new Set(MATRIX.map((row) => row.route));
    const unlisted = [...serverApiRoutes()].filter((route) => !listed.has(route));
    expect(unlisted).toEqual([]);
  });

  it('lists no route the server no longer has', () => {
    const onServer = serverApiRoutes();
    const gone = [...new Set(MATRIX.map((row) => row.route))].filter(
      (route) => !onServer.has(route),
    );
    expect(gone).toEqual([]);
  });

  it('names each call once', () => {
    const titles = MATRIX.map(rowTitle);
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
  });
});

describe.each(MATRIX.map((row) => [rowTitle(row), row] as const))('%s', (_title, row) => {
  const method = row.route.split(' ')[0] as InjectOptions['method'];

  it.each(
    CALL_ORDER.map(
      (caller) => [CALLER_NAME[caller], row.expected[COLUMN[caller]], caller] as const,
    ),
  )('%s gets %d', async (_name, expected, caller) => {
    const token =
      caller === 'anonymous' ? null : row.ownSession ? await server.login(caller) : tokens[caller];
    const context: CallContext = { ids: fixtures.ids, caller, fixtures };
    const response = await server.call({ method, ...(await row.request(context)), token });

    // The row really exercises the route it names.
    expect(reachedRoutes.at(-1)).toBe(row.route);
    const shown =
      response.statusCode === expected
        ? expected
        : `${response.statusCode}: ${response.body.slice(0, SHOWN_BODY)}`;
    expect(shown).toBe(expected);

    if (expected === 401) {
      expect(response.json()).toEqual(refusal(row, MSG.api.unauthorized));
    }
    if (expected === 403) {
      expect(response.json()).toEqual(refusal(row, MSG.api.forbidden));
    }
    if (expected === 404) {
      // Someone else's record reads exactly like one that does not exist.
      const nothing = await server.call({
        method,
        ...(await row.request({ ...context, ids: unknownIds() })),
        token,
      });
      expect(nothing.statusCode).toBe(404);
      expect(response.json()).toEqual(nothing.json());
      expect([
        MSG.students.notFound,
        MSG.assessment.notFound,
        MSG.api.notFound,
        SERVER_MSG.appointments.notFound,
      ]).toContain(refusalMessage(response));
    }
    if (caller === 'psychologist2') {
      const leaked = CLINICAL_RECORDS.filter((name) => response.body.includes(fixtures.ids[name]));
      expect(leaked).toEqual([]);
    }
    if (row.undo && token && response.statusCode < 300) {
      await row.undo({ ...context, token });
    }
  });
});

// Last: every call above was checked against the server's own document.
describe("the server's answers and its OpenAPI document", () => {
  it('agree on every route, status and body the matrix reached', () => {
    expect(server.contract?.checked.size).toBeGreaterThan(MATRIX.length);
    expect(server.contract?.mismatches).toEqual([]);
  });
});
