import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { desc, eq, sql } from 'drizzle-orm';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, MSG } from '@psicocampus/shared/domain';
import {
  createUser,
  inviteAndSignIn,
  lastMailTo,
  linkTokenIn,
  setPassword,
} from '../../../test/helpers/admin';
import { saveAssessment } from '../../../test/helpers/assessments';
import {
  addNote,
  auditRowsOf,
  createStudent,
  scheduleAppointment,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { demoAccount, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { auditLog } from '../../db/schema';
import { pagingMessage } from '../../../test/helpers/paged-calls';

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

const adminList = (query = '') =>
  server.call({ method: 'GET', url: `/api/admin/students${query}`, token: admin });
const assign = (studentId: string, payload: object, token = admin) =>
  server.call({ method: 'PUT', url: `/api/students/${studentId}/assignment`, token, payload });
const lastNames = async (query: string) =>
  (await adminList(query)).json().students.map((row: { lastName: string }) => row.lastName);

const staffRef = (key: 'psychologist' | 'psychologist2', id: string) => ({
  _id: id,
  firstName: demoAccount(key).firstName,
  lastName: demoAccount(key).lastName,
  email: demoAccount(key).email,
});

describe('GET /api/admin/students', () => {
  it('lists every student of the service with its psychologist and nothing clinical', async () => {
    const response = await adminList();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.total).toBe(7);
    // Both psychologists' demo students, by accent-folded last name.
    expect(body.students.map((row: { lastName: string }) => row.lastName)).toEqual([
      'Benítez Torres',
      'Castillo Peña',
      'Ibáñez',
      'Muñoz',
      'Núñez Salazar',
      'Ortiz',
      'Paredes',
    ]);
    expect(body.students[1]).toEqual({
      _id: expect.any(String),
      firstName: 'María José',
      lastName: 'Castillo Peña',
      email: 'maria.castillo@estudiantes.psicocampus.test',
      career: 'Medicina',
      careerLevel: 'SEGUNDO',
      assignedPsychologist: staffRef('psychologist', luciaId),
    });
    for (const row of body.students) {
      expect(Object.keys(row).sort()).toEqual(
        [
          '_id',
          'assignedPsychologist',
          'career',
          'careerLevel',
          'email',
          'firstName',
          'lastName',
        ].sort(),
      );
    }
  });

  it('filters by psychologist, by "none" and by name or e-mail, ignoring accents', async () => {
    expect(await lastNames(`?psychologistId=${martinId}`)).toEqual([
      'Benítez Torres',
      'Ibáñez',
      'Paredes',
    ]);
    expect(await lastNames('?psychologistId=none')).toEqual([]);
    expect(await lastNames('?q=IBANEZ')).toEqual(['Ibáñez']);
    expect(await lastNames('?q=maria%20pena')).toEqual(['Castillo Peña']);
    expect(await lastNames('?q=javier.paredes%40')).toEqual(['Paredes']);
    expect(await lastNames(`?q=sofia&psychologistId=${martinId}`)).toEqual([]);
    expect(await lastNames('?q=&psychologistId=')).toHaveLength(7);
  });

  it('refuses bad filters with 400', async () => {
    const response = await adminList(`?psychologistId=lucia&q=${'x'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: MSG.api.invalidQuery,
      errors: [
        { field: 'q', msg: MSG.api.invalidQuery },
        { field: 'psychologistId', msg: MSG.api.invalidId },
      ],
    });
  });

  it('answers one page with the total of every match, filters and all', async () => {
    const first = (await adminList('?pageSize=3')).json();
    expect(first).toMatchObject({ ok: true, total: 7, page: 1, pageSize: 3 });
    expect(first.students.map((row: { lastName: string }) => row.lastName)).toEqual([
      'Benítez Torres',
      'Castillo Peña',
      'Ibáñez',
    ]);
    expect(await lastNames('?page=3&pageSize=3')).toEqual(['Paredes']);
    const martins = (await adminList(`?psychologistId=${martinId}&page=2&pageSize=2`)).json();
    expect(martins).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(martins.students.map((row: { lastName: string }) => row.lastName)).toEqual(['Paredes']);
    expect((await adminList()).json()).toMatchObject({ page: 1, pageSize: LIST_PAGE_SIZE });
  });

  it('refuses a page or a page size out of bounds with 400', async () => {
    for (const [query, field] of [
      [`?pageSize=${LIST_MAX_PAGE_SIZE + 1}`, 'pageSize'],
      ['?page=0', 'page'],
    ] as const) {
      const response = await adminList(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field, msg: pagingMessage(field) }]);
    }
  });

  it('is recorded in the audit log', async () => {
    await adminList('?q=ortiz');
    expect((await auditRowsOf(server, 'admin.students')).at(-1)).toMatchObject({
      userId: await userIdOf(server, 'admin'),
      role: 'ADMIN',
      recordType: null,
      recordId: null,
      outcome: 'success',
    });
  });
});

describe('PUT /api/students/:id/assignment', () => {
  it('moves a student, with its file, from one psychologist to another', async () => {
    const student = await createStudent(server, lucia, { firstName: 'Bruno', lastName: 'Vera' });
    const note = await addNote(server, lucia, student._id, 'Nota de la primera psicóloga');
    const appointment = await scheduleAppointment(server, lucia, student._id);
    const assessment = await saveAssessment(server, lucia, student._id);

    const response = await assign(student._id, { psychologistId: martinId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      msg: ADMIN_MSG.assigned('Bruno Vera', 'Martín Rojas'),
      student: {
        _id: student._id,
        firstName: 'Bruno',
        lastName: 'Vera',
        email: student.email,
        career: student.career,
        careerLevel: student.careerLevel,
        assignedPsychologist: staffRef('psychologist2', martinId),
      },
    });
    expect((await auditRowsOf(server, 'student.reassign')).at(-1)).toMatchObject({
      role: 'ADMIN',
      recordType: 'student',
      recordId: student._id,
      outcome: 'success',
    });

    // The new psychologist reaches the whole file...
    const get = (url: string, token: string) => server.call({ method: 'GET', url, token });
    const detail = await get(`/api/students/${student._id}`, martin);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().student.clinicalNotes.map((n: { _id: string }) => n._id)).toEqual([
      note._id,
    ]);
    const appointments = await get(`/api/appointments?studentId=${student._id}`, martin);
    expect(appointments.json().appointments.map((a: { _id: string }) => a._id)).toEqual([
      appointment._id,
    ]);
    const assessments = await get(`/api/suicide-assessments?studentId=${student._id}`, martin);
    expect(assessments.json().assessments.map((a: { _id: string }) => a._id)).toEqual([
      assessment._id,
    ]);
    expect((await get(`/api/pdfreport/student/${student._id}`, martin)).statusCode).toBe(200);
    expect(
      (await get('/api/students', martin)).json().students.map((s: { _id: string }) => s._id),
    ).toContain(student._id);

    // ...and the previous one no longer does: 404, as if it did not exist.
    for (const url of [
      `/api/students/${student._id}`,
      `/api/appointments?studentId=${student._id}`,
      `/api/suicide-assessments?studentId=${student._id}`,
      `/api/pdfreport/student/${student._id}`,
      `/api/pdfassessement/${assessment._id}/report/pdfassessment`,
    ]) {
      expect({ url, status: (await get(url, lucia)).statusCode }).toEqual({ url, status: 404 });
    }
    const edit = await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}/clinical-notes/${note._id}`,
      token: lucia,
      payload: { note: 'Cambio', version: 1 },
    });
    expect(edit.statusCode).toBe(404);
    expect(
      (await get('/api/students', lucia)).json().students.map((s: { _id: string }) => s._id),
    ).not.toContain(student._id);
  });

  it('leaves a student unassigned: nobody reaches it until it is assigned again', async () => {
    const student = await createStudent(server, lucia, {
      firstName: 'Iris',
      lastName: 'Sin Nadie',
    });
    const response = await assign(student._id, { psychologistId: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().msg).toBe(ADMIN_MSG.unassignedDone('Iris Sin Nadie'));
    expect(response.json().student.assignedPsychologist).toBeNull();
    expect(await lastNames('?psychologistId=none')).toEqual(['Sin Nadie']);
    for (const token of [lucia, martin]) {
      const detail = await server.call({
        method: 'GET',
        url: `/api/students/${student._id}`,
        token,
      });
      expect(detail.statusCode).toBe(404);
    }
    expect((await assign(student._id, { psychologistId: luciaId })).statusCode).toBe(200);
    const back = await server.call({
      method: 'GET',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(back.statusCode).toBe(200);
  });

  it('takes only an active psychologist who has accepted the invitation', async () => {
    const student = await createStudent(server, lucia);
    // Invited, never signed in: an administrator could read that mailbox
    // (docs/decisions.md#e-mail-changes-and-assignments).
    const pending = await createUser(server, admin);
    const { user: inactive } = await inviteAndSignIn(server, admin);
    await server.call({
      method: 'POST',
      url: `/api/users/${inactive._id}/deactivate`,
      token: admin,
    });
    const refusals: [string, number, string][] = [
      [await userIdOf(server, 'admin'), 400, ADMIN_MSG.notAPsychologist],
      ['00000000-0000-4000-8000-000000000000', 400, ADMIN_MSG.notAPsychologist],
      [inactive._id, 409, ADMIN_MSG.psychologistInactive],
      [pending._id, 409, ADMIN_MSG.psychologistPendingInvite],
    ];
    for (const [psychologistId, status, msg] of refusals) {
      const response = await assign(student._id, { psychologistId });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        ok: false,
        msg,
        errors: [{ field: 'psychologistId', msg }],
      });
    }
    // Once the invitation is accepted, the account may take students.
    await setPassword(server, linkTokenIn(await lastMailTo(server, pending.email)));
    expect((await assign(student._id, { psychologistId: pending._id })).statusCode).toBe(200);
    expect((await assign(student._id, { psychologistId: luciaId })).statusCode).toBe(200);
    const detail = await server.call({
      method: 'GET',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(detail.statusCode).toBe(200);
  });

  it('tells the psychologist who loses a student, and records each kind of change as its own action', async () => {
    const mailsTo = async (email: string) =>
      (await server.outbox()).filter((mail) => mail.to.includes(email));
    const { user: carla } = await inviteAndSignIn(server, admin);
    const student = await createStudent(server, lucia, { firstName: 'Olga', lastName: 'Quispe' });
    const luciaMails = (await mailsTo(demoAccount('psychologist').email)).length;
    const lastAction = async () => {
      const rows = await server.server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.recordId, student._id))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return rows[0]!.action;
    };

    // Lucía → Carla: a reassignment, mailed to Lucía, naming no student.
    expect((await assign(student._id, { psychologistId: carla._id })).statusCode).toBe(200);
    expect(await lastAction()).toBe('student.reassign');
    const lost = await mailsTo(demoAccount('psychologist').email);
    expect(lost).toHaveLength(luciaMails + 1);
    const mail = lost.at(-1)!;
    expect(mail.subject).toBe('Un estudiante de tu lista fue reasignado en PsicoCampus');
    expect(mail.body).toContain('Ana Administradora');
    for (const personal of ['Olga', 'Quispe', student.email, student._id, 'OQ']) {
      expect(mail.body).not.toContain(personal);
    }

    // Carla → nobody: its own action, mailed to Carla.
    expect((await assign(student._id, { psychologistId: null })).statusCode).toBe(200);
    expect(await lastAction()).toBe('student.unassign');
    expect((await mailsTo(carla.email)).at(-1)!.body).toContain('dejó sin psicólogo/a asignado/a');

    // Nobody → Lucía: an assignment; nobody lost the student, nobody is mailed.
    const before = (await server.outbox()).length;
    expect((await assign(student._id, { psychologistId: luciaId })).statusCode).toBe(200);
    expect(await lastAction()).toBe('student.assign');
    // The same psychologist again changes nothing and tells nobody.
    expect((await assign(student._id, { psychologistId: luciaId })).statusCode).toBe(200);
    expect(await lastAction()).toBe('student.assign');
    expect(await server.outbox()).toHaveLength(before);

    // A refused assignment is recorded under the route's action, and mails nothing.
    expect(
      (await assign(student._id, { psychologistId: await userIdOf(server, 'admin') })).statusCode,
    ).toBe(400);
    expect(await lastAction()).toBe('student.assign');
    expect(await server.outbox()).toHaveLength(before);
  });

  it('validates the body with the shared schema', async () => {
    const student = await createStudent(server, lucia);
    const missing = await assign(student._id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(MSG.validation.psychologistRequired);
    const malformed = await assign(student._id, { psychologistId: 'martin' });
    expect(malformed.json()).toMatchObject({ msg: MSG.api.invalidId });
    const extra = await assign(student._id, { psychologistId: martinId, version: 1 });
    expect(extra.json().msg).toBe(MSG.api.unknownField('version'));
  });

  it('answers 404 for an unknown or malformed student id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nadie']) {
      const response = await assign(id, { psychologistId: martinId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.notFound });
    }
  });
});

describe('a service of thousands of students', () => {
  it('answers one page at a time, and the total of every match', async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.login('admin');
      const psychologistId = await userIdOf(fresh, 'psychologist');
      await fresh.server.database.db.execute(sql`
        insert into students (first_name, last_name, age, gender, email, phone, city, career,
          career_level, employment_status, assigned_psychologist_id, search_key)
        select 'Estudiante', 'Apellido ' || lpad(g::text, 5, '0'), 20, 'OTRO',
          'masivo' || g || '@estudiantes.test', '0991234567', 'Quito', 'Medicina', 'PRIMERO',
          'DESEMPLEADO', ${psychologistId}::uuid, 'estudiante apellido ' || lpad(g::text, 5, '0')
        from generate_series(1, 1500) as g`);
      const response = await fresh.call({ method: 'GET', url: '/api/admin/students', token });
      const body = response.json();
      expect(body.total).toBe(1507);
      expect(body.students).toHaveLength(LIST_PAGE_SIZE);
      const last = await fresh.call({
        method: 'GET',
        url: `/api/admin/students?page=8&pageSize=${LIST_MAX_PAGE_SIZE}`,
        token,
      });
      expect(last.json()).toMatchObject({ total: 1507, page: 8 });
      expect(last.json().students).toHaveLength(1507 - 7 * LIST_MAX_PAGE_SIZE);
      // Every word must appear: 'Apellido 00012', 'Apellido 00120', 'Apellido 01234'...
      const matching = Array.from({ length: 1500 }, (_, i) =>
        String(i + 1).padStart(5, '0'),
      ).filter((digits) => digits.includes('012')).length;
      const searched = await fresh.call({
        method: 'GET',
        url: `/api/admin/students?q=apellido%20012&pageSize=${LIST_MAX_PAGE_SIZE}`,
        token,
      });
      expect(searched.json().total).toBe(matching);
      expect(searched.json().students).toHaveLength(matching);
    } finally {
      await fresh.close();
    }
  });
});
