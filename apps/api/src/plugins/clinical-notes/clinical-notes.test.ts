import { eq } from 'drizzle-orm';
import { MSG, NOTE_MAX_LENGTH } from '@psicocampus/shared/domain';
import { students } from '../../db/schema';
import { addNote, createStudent, userIdOf } from '../../../test/helpers/patients';
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

const notesUrl = (studentId: string) => `/api/students/${studentId}/clinical-notes`;
const noteUrl = (studentId: string, noteId: string) => `${notesUrl(studentId)}/${noteId}`;
const post = (token: string, studentId: string, payload: object) =>
  server.call({ method: 'POST', url: notesUrl(studentId), token, payload });
const put = (token: string, studentId: string, noteId: string, payload: object) =>
  server.call({ method: 'PUT', url: noteUrl(studentId, noteId), token, payload });
const del = (token: string, studentId: string, noteId: string) =>
  server.call({ method: 'DELETE', url: noteUrl(studentId, noteId), token });
const notesOf = async (token: string, studentId: string) =>
  (await server.call({ method: 'GET', url: `/api/students/${studentId}`, token })).json().student
    .clinicalNotes;

/** Gives a student to another psychologist, as an admin will (docs/screens-and-routes.md#admin-area). */
async function reassign(studentId: string, to: 'psychologist' | 'psychologist2') {
  await server.server.database.db
    .update(students)
    .set({ assignedPsychologistId: await userIdOf(server, to) })
    .where(eq(students.id, studentId));
}

describe('POST /api/students/:id/clinical-notes', () => {
  it('adds a note signed by the caller', async () => {
    const student = await createStudent(server, lucia);
    const response = await post(lucia, student._id, {
      note: '  Refiere ansiedad ante exámenes.  ',
    });
    expect(response.statusCode).toBe(201);
    const lucy = demoAccount('psychologist');
    expect(response.json()).toEqual({
      ok: true,
      msg: MSG.notes.added,
      note: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        studentId: student._id,
        note: 'Refiere ansiedad ante exámenes.',
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
      },
    });
    expect(await notesOf(lucia, student._id)).toHaveLength(1);
  });

  it('refuses an empty note and one over 20,000 characters, and takes exactly 20,000', async () => {
    const student = await createStudent(server, lucia);
    const empty = await post(lucia, student._id, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      ok: false,
      msg: MSG.notes.required,
      errors: [{ field: 'note', msg: MSG.notes.required }],
    });
    const long = await post(lucia, student._id, { note: 'a'.repeat(NOTE_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(MSG.notes.tooLong);
    const longest = await post(lucia, student._id, { note: 'ñ'.repeat(NOTE_MAX_LENGTH) });
    expect(longest.statusCode).toBe(201);
    expect(await notesOf(lucia, student._id)).toHaveLength(1);
  });

  it('refuses unknown fields', async () => {
    const student = await createStudent(server, lucia);
    const response = await post(lucia, student._id, { note: 'Texto', createdBy: 'otra persona' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.api.unknownField('createdBy'));
  });

  it('is refused to an admin', async () => {
    const student = await createStudent(server, lucia);
    const response = await post(admin, student._id, { note: 'Texto' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.forbidden });
  });
});

describe('PUT /api/students/:id/clinical-notes/:noteId', () => {
  it('lets the author change the text over the version read', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id, 'Primera versión');
    server.advanceClock(60_000);
    const response = await put(lucia, student._id, note._id, {
      note: 'Segunda versión',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ok: true, msg: MSG.notes.updated });
    expect(body.note).toMatchObject({
      _id: note._id,
      note: 'Segunda versión',
      version: 2,
      createdAt: note.createdAt,
    });
    expect(Date.parse(body.note.updatedAt)).toBeGreaterThan(Date.parse(note.updatedAt));
    expect(body.note.createdBy._id).toBe(await userIdOf(server, 'psychologist'));
  });

  it('refuses a save over an older version and keeps the newer text', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id, 'Original');
    expect(
      (await put(lucia, student._id, note._id, { note: 'Desde la pestaña 1', version: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await put(lucia, student._id, note._id, {
      note: 'Desde la pestaña 2',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ ok: false, msg: MSG.api.conflict });
    expect(await notesOf(lucia, student._id)).toEqual([
      expect.objectContaining({ note: 'Desde la pestaña 1', version: 2 }),
    ]);
  });

  it('needs the version', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id);
    const response = await put(lucia, student._id, note._id, { note: 'Sin versión' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(MSG.students.versionRequired);
  });

  it('lets a colleague who now has the student read the note, not change or delete it', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id, 'Escrita por Lucía');
    await reassign(student._id, 'psychologist2');

    expect(await notesOf(martin, student._id)).toEqual([
      expect.objectContaining({ _id: note._id, note: 'Escrita por Lucía' }),
    ]);
    const edit = await put(martin, student._id, note._id, {
      note: 'Cambiada por Martín',
      version: 1,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ ok: false, msg: MSG.notes.onlyAuthor });
    const removal = await del(martin, student._id, note._id);
    expect(removal.statusCode).toBe(403);
    expect(removal.json()).toEqual({ ok: false, msg: MSG.notes.onlyAuthor });
    expect(await notesOf(martin, student._id)).toEqual([
      expect.objectContaining({ note: 'Escrita por Lucía', version: 1 }),
    ]);
    // Lucía no longer has the student: its notes are out of her reach too.
    expect((await put(lucia, student._id, note._id, { note: 'x', version: 1 })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for a note of another student, an unknown note and a malformed id', async () => {
    const student = await createStudent(server, lucia);
    const other = await createStudent(server, lucia);
    const note = await addNote(server, lucia, other._id);
    for (const noteId of [note._id, '00000000-0000-4000-8000-000000000000', 'nota-1']) {
      const response = await put(lucia, student._id, noteId, { note: 'x', version: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.notFound });
      expect((await del(lucia, student._id, noteId)).statusCode).toBe(404);
    }
    expect(await notesOf(lucia, other._id)).toHaveLength(1);
  });
});

describe('DELETE /api/students/:id/clinical-notes/:noteId', () => {
  it('lets the author delete the note', async () => {
    const student = await createStudent(server, lucia);
    const kept = await addNote(server, lucia, student._id, 'Se queda');
    const gone = await addNote(server, lucia, student._id, 'Se va');
    const response = await del(lucia, student._id, gone._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, msg: MSG.notes.deleted });
    expect((await notesOf(lucia, student._id)).map((n: { _id: string }) => n._id)).toEqual([
      kept._id,
    ]);
  });

  it('is refused to an admin', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id);
    expect((await del(admin, student._id, note._id)).statusCode).toBe(403);
    expect(await notesOf(lucia, student._id)).toHaveLength(1);
  });
});

describe('GET /api/clinical-notes/recent', () => {
  it("answers the caller's five latest notes on students still theirs, with the student's name", async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.login('psychologist');
      const colleague = await fresh.login('psychologist2');
      const ana = await createStudent(fresh, token, { firstName: 'Ana', lastName: 'Toapanta' });
      const leo = await createStudent(fresh, token, { firstName: 'Leo', lastName: 'Cevallos' });
      const written: string[] = [];
      for (let n = 1; n <= 6; n += 1) {
        fresh.advanceClock(60_000);
        written.push((await addNote(fresh, token, n % 2 ? ana._id : leo._id, `Nota ${n}`))._id);
      }
      // A colleague's note on another student is not Lucía's.
      const other = await createStudent(fresh, colleague);
      await addNote(fresh, colleague, other._id, 'De Martín');

      const response = await fresh.call({
        method: 'GET',
        url: '/api/clinical-notes/recent',
        token,
      });
      expect(response.statusCode).toBe(200);
      const { notes } = response.json();
      expect(notes.map((n: { _id: string }) => n._id)).toEqual(written.slice(1).reverse());
      expect(notes[0]).toMatchObject({
        _id: written[5],
        studentId: leo._id,
        student: { _id: leo._id, firstName: 'Leo', lastName: 'Cevallos' },
        version: 1,
      });

      // Leo goes to Martín: his notes leave Lucía's home.
      await fresh.server.database.db
        .update(students)
        .set({ assignedPsychologistId: await userIdOf(fresh, 'psychologist2') })
        .where(eq(students.id, leo._id));
      const after = (
        await fresh.call({ method: 'GET', url: '/api/clinical-notes/recent', token })
      ).json();
      expect(after.notes.map((n: { _id: string }) => n._id)).toEqual([
        written[4],
        written[2],
        written[0],
      ]);

      expect(
        (
          await fresh.call({
            method: 'GET',
            url: '/api/clinical-notes/recent',
            token: await fresh.login('admin'),
          })
        ).statusCode,
      ).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
