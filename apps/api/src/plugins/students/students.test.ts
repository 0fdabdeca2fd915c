import { eq, sql } from 'drizzle-orm';
import { MSG, type StudentSummary } from '@psicocampus/shared/domain';
import { appointments, clinicalNotes, students } from '../../db/schema';
import { backfillSearchKeys } from './student.queries';
import {
  addNote,
  createStudent,
  scheduleAppointment,
  studentBody,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { demoAccount, startTestServer, type TestServer } from '../../../test/helpers/test-server';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const list = (token: string, query = '') =>
  server.call({ method: 'GET', url: `/api/students${query}`, token });
const detail = (token: string, id: string) =>
  server.call({ method: 'GET', url: `/api/students/${id}`, token });
const update = (token: string, id: string, payload: object) =>
  server.call({ method: 'PUT', url: `/api/students/${id}`, token, payload });
const remove = (token: string, id: string) =>
  server.call({ method: 'DELETE', url: `/api/students/${id}`, token });

const names = (students: StudentSummary[]) => students.map((s) => `${s.lastName}, ${s.firstName}`);

describe('GET /api/students', () => {
  it("lists only the caller's caseload, with the psychologist and no clinical content", async () => {
    const response = await list(lucia);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.total).toBe(body.students.length);
    const lucy = demoAccount('psychologist');
    for (const student of body.students) {
      expect(student.assignedPsychologist).toEqual({
        _id: await userIdOf(server, 'psychologist'),
        firstName: lucy.firstName,
        lastName: lucy.lastName,
        email: lucy.email,
      });
    }
    expect(body.students.map((s: StudentSummary) => s.email)).toContain(
      'maria.castillo@estudiantes.psicocampus.test',
    );
    expect(body.students.map((s: StudentSummary) => s.email)).not.toContain(
      'javier.paredes@estudiantes.psicocampus.test',
    );
    expect(response.body).not.toMatch(/clinicalNotes|searchKey|search_key/);
  });

  it('answers each student in the shape of docs/data-model.md#student, level repeating careerLevel', async () => {
    const created = await createStudent(server, lucia, {
      firstName: 'Ana Belén',
      lastName: 'Quishpe',
      careerLevel: 'SEPTIMO',
      income: 320.5,
    });
    const { students: caseload } = (await list(lucia)).json();
    const listed = caseload.find((s: StudentSummary) => s._id === created._id);
    expect(listed).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Ana Belén',
      lastName: 'Quishpe',
      age: 21,
      gender: 'FEMENINO',
      email: created.email,
      phone: '0991234567',
      city: 'Quito',
      career: 'Medicina',
      careerLevel: 'SEPTIMO',
      level: 'SEPTIMO',
      employmentStatus: 'DESEMPLEADO',
      income: 320.5,
      assignedPsychologist: expect.objectContaining({ email: demoAccount('psychologist').email }),
      latestRisk: null,
      version: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('orders by last name then first name, accents sorting with their letter', async () => {
    const fresh = await startTestServer({ seedDemo: true });
    try {
      const token = await fresh.login('psychologist2');
      await createStudent(fresh, token, { firstName: 'Bruno', lastName: 'Zambrano' });
      await createStudent(fresh, token, { firstName: 'Elena', lastName: 'Ávila' });
      await createStudent(fresh, token, { firstName: 'Adrián', lastName: 'Ávila' });
      await createStudent(fresh, token, { firstName: 'Óscar', lastName: 'Benítez' });
      const { students: caseload } = (
        await fresh.call({
          method: 'GET',
          url: '/api/students',
          token,
        })
      ).json();
      expect(names(caseload)).toEqual([
        'Ávila, Adrián',
        'Ávila, Elena',
        'Benítez, Óscar',
        'Benítez Torres, Camila',
        'Ibáñez, Valentina',
        'Paredes, Javier',
        'Zambrano, Bruno',
      ]);
    } finally {
      await fresh.close();
    }
  });

  it('searches first and last names ignoring case and accents, paged', async () => {
    await createStudent(server, lucia, { firstName: 'José Luis', lastName: 'Ñauñay' });
    await createStudent(server, lucia, { firstName: 'Josefina', lastName: 'Andrade' });

    const jose = (await list(lucia, '?q=JOSE')).json();
    expect(names(jose.students)).toEqual([
      'Andrade, Josefina',
      'Castillo Peña, María José',
      'Ñauñay, José Luis',
    ]);
    expect(jose).toMatchObject({ ok: true, total: 3, page: 1, pageSize: 50 });

    const byLastName = (await list(lucia, `?q=${encodeURIComponent('nauñay')}`)).json();
    expect(names(byLastName.students)).toEqual(['Ñauñay, José Luis']);

    // Every word must match, wherever it is in the name.
    const both = (await list(lucia, '?q=jose%20castillo')).json();
    expect(names(both.students)).toEqual(['Castillo Peña, María José']);

    // A psychologist never finds someone else's students.
    expect((await list(lucia, '?q=javier')).json()).toMatchObject({ students: [], total: 0 });
    // % and _ are letters to look for, not wildcards.
    expect((await list(lucia, '?q=%25')).json().total).toBe(0);
    expect((await list(lucia, '?q=_')).json().total).toBe(0);
  });

  it('pages the caseload with a total', async () => {
    const all = (await list(lucia)).json();
    const first = (await list(lucia, '?page=1&pageSize=2')).json();
    const second = (await list(lucia, '?page=2&pageSize=2')).json();
    expect(first).toMatchObject({ ok: true, total: all.total, page: 1, pageSize: 2 });
    expect(first.students).toEqual(all.students.slice(0, 2));
    expect(second.students).toEqual(all.students.slice(2, 4));
    const beyond = (await list(lucia, '?page=999&pageSize=200')).json();
    expect(beyond).toMatchObject({ students: [], total: all.total, page: 999, pageSize: 200 });
  });

  it.each(['?page=0', '?page=abc', '?page=1.5', '?pageSize=0', '?pageSize=201', '?pageSize=-3'])(
    'refuses bad paging %s in Spanish',
    async (query) => {
      const response = await list(lucia, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, msg: MSG.api.invalidQuery });
    },
  );

  it('answers 401 without a session and 403 to an admin', async () => {
    expect((await list('')).statusCode).toBe(401);
    const response = await list(admin);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.forbidden });
  });
});

describe('POST /api/students', () => {
  it('creates a student assigned to and created by the caller', async () => {
    const body = studentBody({ firstName: 'Mateo', lastName: 'Chávez', income: 450 });
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: martin,
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ ok: true, msg: MSG.students.created });
    expect(answer.student).toMatchObject({
      firstName: 'Mateo',
      lastName: 'Chávez',
      email: body.email,
      income: 450,
      level: 'TERCERO',
      version: 1,
      assignedPsychologist: { _id: await userIdOf(server, 'psychologist2') },
    });
    const [row] = await server.server.database.db
      .select()
      .from(students)
      .where(eq(students.id, answer.student._id));
    expect(row!.createdById).toBe(await userIdOf(server, 'psychologist2'));
    expect(row!.searchKey).toBe('mateo chavez');
    // Martín sees it; Lucía does not.
    expect((await detail(martin, answer.student._id)).statusCode).toBe(200);
    expect((await detail(lucia, answer.student._id)).statusCode).toBe(404);
  });

  it('says every problem of the form in Spanish and writes nothing', async () => {
    const before = await server.server.database.db.$count(students);
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: lucia,
      payload: studentBody({ firstName: 'R2D2', age: 120, email: 'no-es-correo', phone: 'abc' }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.ok).toBe(false);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', msg: MSG.students.nameLetters },
        { field: 'age', msg: MSG.students.ageRange },
        { field: 'email', msg: MSG.students.emailInvalid },
        { field: 'phone', msg: MSG.students.phoneFormat },
      ]),
    );
    expect(await server.server.database.db.$count(students)).toBe(before);
  });

  it('refuses unknown fields instead of storing them', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: lucia,
      payload: {
        ...studentBody(),
        assignedPsychologistId: await userIdOf(server, 'psychologist2'),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.api.unknownField('assignedPsychologistId'));
  });

  it('refuses an e-mail another student has, in any case, even of another caseload', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: lucia,
      payload: studentBody({ email: 'JAVIER.Paredes@estudiantes.psicocampus.test' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ ok: false, msg: MSG.students.emailTaken });
  });

  it('lets one of several simultaneous saves of one e-mail win, the others get 409', async () => {
    const email = 'simultaneo@estudiantes.test';
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        server.call({
          method: 'POST',
          url: '/api/students',
          token: index % 2 ? lucia : martin,
          payload: studentBody({ email: index % 3 ? email : email.toUpperCase() }),
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().msg).toBe(MSG.students.emailTaken);
    }
    const rows = await server.server.database.db
      .select()
      .from(students)
      .where(sql`lower(${students.email}) = ${email}`);
    expect(rows).toHaveLength(1);
  });

  it('is refused to an admin', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/students',
      token: admin,
      payload: studentBody(),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/students/:id', () => {
  it('answers the student with its clinical notes, newest first, each with its author', async () => {
    const student = await createStudent(server, lucia);
    const first = await addNote(server, lucia, student._id, 'Primera nota');
    server.advanceClock(60_000);
    const second = await addNote(server, lucia, student._id, 'Segunda nota');
    const response = await detail(lucia, student._id);
    expect(response.statusCode).toBe(200);
    const { student: found } = response.json();
    expect(found).toMatchObject({ _id: student._id, email: student.email, level: 'TERCERO' });
    expect(found.clinicalNotes.map((n: { _id: string }) => n._id)).toEqual([second._id, first._id]);
    const lucy = demoAccount('psychologist');
    expect(found.clinicalNotes[0]).toEqual({
      _id: second._id,
      studentId: student._id,
      note: 'Segunda nota',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
      signedAt: null,
      signedBy: null,
      addenda: [],
      createdBy: {
        _id: await userIdOf(server, 'psychologist'),
        firstName: lucy.firstName,
        lastName: lucy.lastName,
        email: lucy.email,
      },
    });
  });

  it('answers the same 404 for an unknown, a malformed and someone else’s id', async () => {
    const others = await createStudent(server, martin);
    for (const id of [
      others._id,
      '00000000-0000-4000-8000-000000000000',
      'no-es-un-id',
      '1%27%20or%201%3D1',
    ]) {
      const response = await detail(lucia, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: MSG.students.notFound });
    }
  });
});

describe('PUT /api/students/:id', () => {
  it('saves the modal’s full update and raises the version', async () => {
    const student = await createStudent(server, lucia, { income: 300 });
    const { _id, version } = student;
    const response = await update(lucia, _id, {
      ...studentBody({ email: student.email, firstName: 'Carolina', city: 'Cuenca' }),
      version,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, msg: MSG.students.updated });
    expect(body.student).toMatchObject({
      firstName: 'Carolina',
      city: 'Cuenca',
      version: 2,
      income: null,
    });
    expect((await detail(lucia, _id)).json().student).toMatchObject({
      firstName: 'Carolina',
      version: 2,
    });
    // The search follows the new name.
    expect(names((await list(lucia, '?q=carolina')).json().students)).toEqual([
      'Pérez Vega, Carolina',
    ]);
  });

  it('saves the edit screen’s fields and keeps those it did not send', async () => {
    const student = await createStudent(server, lucia, {
      phone: '0987654321',
      city: 'Loja',
      career: 'Derecho',
    });
    const response = await update(lucia, student._id, {
      firstName: 'Gabriela',
      lastName: 'Mora',
      age: 23,
      career: 'Economía',
      level: 'OCTAVO',
      phone: '',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().student).toMatchObject({
      firstName: 'Gabriela',
      lastName: 'Mora',
      age: 23,
      career: 'Economía',
      careerLevel: 'OCTAVO',
      level: 'OCTAVO',
      phone: '0987654321',
      city: 'Loja',
      email: student.email,
      version: 2,
    });
  });

  it('applies the edit screen’s age rule (1–100) and its unknown-field rule', async () => {
    const student = await createStudent(server, lucia);
    const zero = await update(lucia, student._id, {
      firstName: 'Ana',
      lastName: 'Mora',
      age: 0,
      version: 1,
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toContainEqual({ field: 'age', msg: MSG.students.ageRangeEdit });
    const extra = await update(lucia, student._id, {
      firstName: 'Ana',
      lastName: 'Mora',
      age: 30,
      gender: 'OTRO',
      version: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().msg).toBe(MSG.api.unknownField('gender'));
    const noVersion = await update(lucia, student._id, {
      firstName: 'Ana',
      lastName: 'Mora',
      age: 30,
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().msg).toBe(MSG.students.versionRequired);
  });

  it('refuses a save made over an older version and keeps the newer one', async () => {
    const student = await createStudent(server, lucia, { city: 'Quito' });
    // Two people opened version 1; the first saves.
    const first = await update(lucia, student._id, {
      firstName: 'Primera',
      lastName: 'Persona',
      age: 30,
      city: 'Ambato',
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const second = await update(lucia, student._id, {
      ...studentBody({ email: student.email, firstName: 'Segunda', city: 'Manta' }),
      version: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ ok: false, msg: MSG.api.conflict });
    expect((await detail(lucia, student._id)).json().student).toMatchObject({
      firstName: 'Primera',
      city: 'Ambato',
      version: 2,
    });
  });

  it('refuses an e-mail another student has, but accepts its own in another case', async () => {
    const student = await createStudent(server, lucia);
    const other = await createStudent(server, martin);
    const taken = await update(lucia, student._id, {
      ...studentBody({ email: other.email.toUpperCase() }),
      version: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ ok: false, msg: MSG.students.emailTaken });
    const own = await update(lucia, student._id, {
      ...studentBody({ email: student.email.toUpperCase() }),
      version: 1,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('DELETE /api/students/:id', () => {
  it('deletes a student without clinical records, with their appointments', async () => {
    const { db } = server.server.database;
    const student = await createStudent(server, lucia);
    await scheduleAppointment(server, lucia, student._id);
    const response = await remove(lucia, student._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, msg: MSG.students.deleted, outcome: 'deleted' });
    expect(await db.$count(appointments, eq(appointments.studentId, student._id))).toBe(0);
    expect((await detail(lucia, student._id)).statusCode).toBe(404);
    expect((await remove(lucia, student._id)).json()).toEqual({
      ok: false,
      msg: MSG.students.notFound,
    });
  });

  it('archives a student with notes instead, every note kept (docs/data-model.md#archived-students)', async () => {
    const { db } = server.server.database;
    const student = await createStudent(server, lucia);
    await addNote(server, lucia, student._id);
    const response = await remove(lucia, student._id);
    expect(response.json()).toEqual({ ok: true, msg: MSG.students.archived, outcome: 'archived' });
    expect(await db.$count(clinicalNotes, eq(clinicalNotes.studentId, student._id))).toBe(1);
    expect((await detail(lucia, student._id)).statusCode).toBe(404);
  });

  it('deletes all of it or nothing: a failure midway leaves the student and its appointments', async () => {
    const { db } = server.server.database;
    const student = await createStudent(server, lucia);
    await scheduleAppointment(server, lucia, student._id);
    // Make the cascade fail when it reaches the appointments.
    await db.execute(sql`
      create function refuse_appointment_delete() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure'; end; $$`);
    await db.execute(sql`
      create trigger refuse_appointment_delete before delete on appointments
      for each row execute function refuse_appointment_delete()`);
    try {
      const response = await remove(lucia, student._id);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        ok: false,
        msg: MSG.api.internal,
        requestId: expect.any(String),
      });
    } finally {
      await db.execute(sql`drop trigger refuse_appointment_delete on appointments`);
      await db.execute(sql`drop function refuse_appointment_delete()`);
    }
    expect((await detail(lucia, student._id)).statusCode).toBe(200);
    expect(await db.$count(appointments, eq(appointments.studentId, student._id))).toBe(1);
  });

  it('is refused to an admin, and leaves the student', async () => {
    const student = await createStudent(server, lucia);
    const response = await remove(admin, student._id);
    expect(response.statusCode).toBe(403);
    expect((await detail(lucia, student._id)).statusCode).toBe(200);
  });
});

describe('search keys of students written before the column existed', () => {
  it('are filled in at start-up, folded like the browser folds them', async () => {
    const { db } = server.server.database;
    const student = await createStudent(server, lucia, { firstName: 'Íñigo', lastName: 'Ñúñez' });
    await db.update(students).set({ searchKey: '' }).where(eq(students.id, student._id));
    expect((await list(lucia, '?q=inigo')).json().total).toBe(0);
    expect(await backfillSearchKeys(db)).toBe(1);
    expect(names((await list(lucia, '?q=inigo nunez')).json().students)).toEqual(['Ñúñez, Íñigo']);
    expect(await backfillSearchKeys(db)).toBe(0);
  });
});
