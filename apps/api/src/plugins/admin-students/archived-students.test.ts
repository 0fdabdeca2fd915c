import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { eq } from 'drizzle-orm';
import { LIST_PAGE_SIZE, type ArchivedStudentRow } from '@psicocampus/shared/domain';
import { inviteAndSignIn } from '../../../test/helpers/admin';
import { saveAssessment } from '../../../test/helpers/assessments';
import {
  addNote,
  auditRowsOf,
  createStudent,
  scheduleAppointment,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { demoAccount, type TestServer } from '../../../test/helpers/test-server';
import { students } from '../../db/schema';

/**
 * The administrators' archived students (docs/api.md#archived-students):
 * listed by page with counts and dates, never a clinical text, and given
 * back to a psychologist with an audit row and the reassignment's mail.
 */

let server: TestServer;
let admin: string;
let lucia: string;
let martin: string;
let luciaId: string;
let martinId: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
  luciaId = await userIdOf(server, 'psychologist');
  martinId = await userIdOf(server, 'psychologist2');
});
afterAll(() => server.close());

const NOTE = 'Texto clínico que ningún administrador debe leer.';

const archivedList = (query = '', token = admin) =>
  server.call({ method: 'GET', url: `/api/admin/students/archived${query}`, token });
const restore = (id: string, payload: object, token = admin) =>
  server.call({ method: 'POST', url: `/api/admin/students/${id}/restore`, token, payload });

/** A student of Lucía's with a note, an assessment and an appointment, archived by her 'Eliminar'. */
async function archivedStudent(lastName: string) {
  const student = await createStudent(server, lucia, { firstName: 'Olga', lastName });
  await addNote(server, lucia, student._id, NOTE);
  await saveAssessment(server, lucia, student._id);
  await scheduleAppointment(server, lucia, student._id);
  const removed = await server.call({
    method: 'DELETE',
    url: `/api/students/${student._id}`,
    token: lucia,
  });
  expect(removed.json().outcome).toBe('archived');
  return student;
}

const detail = (token: string, id: string) =>
  server.call({ method: 'GET', url: `/api/students/${id}`, token });

describe('GET /api/admin/students/archived', () => {
  it('lists the archived students by page with their total, counts and dates, never a clinical text', async () => {
    const empty = await archivedList();
    expect(empty.json()).toEqual({
      ok: true,
      students: [],
      total: 0,
      page: 1,
      pageSize: LIST_PAGE_SIZE,
    });
    const first = await archivedStudent('Primera');
    const second = await archivedStudent('Segunda');
    const response = await archivedList('?pageSize=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, total: 2, page: 1, pageSize: 1 });
    // The most recently archived first.
    const [row] = body.students as ArchivedStudentRow[];
    expect(row).toEqual({
      _id: second._id,
      firstName: 'Olga',
      lastName: 'Segunda',
      email: second.email,
      createdAt: expect.any(String),
      archivedAt: expect.any(String),
      archivedBy: {
        _id: luciaId,
        firstName: demoAccount('psychologist').firstName,
        lastName: demoAccount('psychologist').lastName,
        email: demoAccount('psychologist').email,
      },
      records: { notes: 1, assessments: 1, safetyPlanRevisions: 0, appointments: 1 },
    });
    expect(response.body).not.toContain(NOTE);
    const next = (await archivedList('?pageSize=1&page=2')).json();
    expect(next.students.map((s: ArchivedStudentRow) => s._id)).toEqual([first._id]);
    expect((await archivedList('?q=primera')).json().total).toBe(1);
    expect((await archivedList('?page=0')).statusCode).toBe(400);
    const [audit] = (await auditRowsOf(server, 'admin.archived_students')).slice(-1);
    expect(audit).toMatchObject({ outcome: 'invalid', role: 'ADMIN' });
  });

  it('is for administrators only', async () => {
    expect((await archivedList('', lucia)).statusCode).toBe(403);
    expect((await archivedList('', martin)).statusCode).toBe(403);
    expect(
      (await server.call({ method: 'GET', url: '/api/admin/students/archived' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/admin/students/:id/restore', () => {
  it('gives the student back to another psychologist with every record, tells the one who archived them, and audits it', async () => {
    const student = await archivedStudent('Restaurada');
    const mailsToLucia = async () =>
      (await server.outbox()).filter((mail) => mail.to.includes(demoAccount('psychologist').email));
    const before = (await mailsToLucia()).length;

    const response = await restore(student._id, { psychologistId: martinId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.archived.restored(
        'Olga Restaurada',
        `${demoAccount('psychologist2').firstName} ${demoAccount('psychologist2').lastName}`,
      ),
      student: expect.objectContaining({
        _id: student._id,
        assignedPsychologist: expect.objectContaining({ _id: martinId }),
      }),
    });

    const back = await detail(martin, student._id);
    expect(back.statusCode).toBe(200);
    expect(back.json().student.clinicalNotes.map((n: { note: string }) => n.note)).toEqual([NOTE]);
    expect((await detail(lucia, student._id)).statusCode).toBe(404);
    expect((await archivedList()).body).not.toContain(student._id);

    const [row] = await server.server.database.db
      .select()
      .from(students)
      .where(eq(students.id, student._id));
    expect(row).toMatchObject({
      archivedAt: null,
      archivedById: null,
      assignedPsychologistId: martinId,
    });

    const audits = (await auditRowsOf(server, 'student.restore')).filter(
      (entry) => entry.recordId === student._id,
    );
    expect(audits).toEqual([expect.objectContaining({ outcome: 'success', role: 'ADMIN' })]);

    const mails = await mailsToLucia();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('Un estudiante de tu lista fue reasignado en PsicoCampus');
    expect(mails.at(-1)!.body).not.toContain('Restaurada');

    // Restored once: a second restore finds no archived student.
    const again = await restore(student._id, { psychologistId: luciaId });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ ok: false, msg: ADMIN_MSG.archived.notArchived });
  });

  it('gives the student back to the psychologist who archived them without a mail', async () => {
    const student = await archivedStudent('Devuelta');
    const mails = (await server.outbox()).length;
    expect((await restore(student._id, { psychologistId: luciaId })).statusCode).toBe(200);
    expect((await detail(lucia, student._id)).statusCode).toBe(200);
    expect((await server.outbox()).length).toBe(mails);
  });

  it('refuses a psychologist who may not hold students, a student that is not archived, and anyone but an administrator', async () => {
    const student = await archivedStudent('Pendiente');
    const { user: inactive } = await inviteAndSignIn(server, admin);
    await server.call({
      method: 'POST',
      url: `/api/users/${inactive._id}/deactivate`,
      token: admin,
    });
    expect((await restore(student._id, { psychologistId: inactive._id })).statusCode).toBe(409);
    expect(
      (await restore(student._id, { psychologistId: await userIdOf(server, 'admin') })).statusCode,
    ).toBe(400);
    expect((await restore(student._id, { psychologistId: null })).statusCode).toBe(400);
    expect((await restore(student._id, { psychologistId: luciaId }, lucia)).statusCode).toBe(403);
    const active = await createStudent(server, lucia);
    expect((await restore(active._id, { psychologistId: martinId })).statusCode).toBe(404);
    expect((await restore('no-es-un-id', { psychologistId: martinId })).statusCode).toBe(404);
    // Still archived, still nobody's.
    expect((await detail(lucia, student._id)).statusCode).toBe(404);
    expect((await archivedList('?q=pendiente')).json().total).toBe(1);
  });
});
