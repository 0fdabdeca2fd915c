import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  CLINICAL_NOTES_PAGE_SIZE,
  MSG,
  type ClinicalNote,
  type Student,
} from '@psicocampus/shared/domain';
import { clinicalNotes } from '../../db/schema';
import { addNote, auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { whatTheServerRead } from '../../../test/helpers/driver-spy';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { sealedRows } from '../../../test/helpers/sealed-rows';

/**
 * A student followed for years (docs/api.md#paged-lists): the detail
 * carries the newest notes and how many there are, and
 * GET /api/students/:id/clinical-notes answers the rest a page at a time,
 * in the same order, with the same 404 as the detail for anyone else's student.
 */
let server: TestServer;
let lucia: string;
let martin: string;
let studentId: string;
/** Every note of the student, as the pages must order them: newest first, ties by id. */
let expectedOrder: string[];

const NOTES = 45;
const MINUTE = 60_000;

beforeAll(async () => {
  ({ server, lucia, martin } = await serverWithDemoSessions());
  studentId = (await createStudent(server, lucia))._id;
  const authorId = await userIdOf(server, 'psychologist');
  const start = Date.parse('2023-03-01T14:00:00.000Z');
  // Years of sessions, written before this server ran; the 11th and 12th
  // notes share their instant, so that only the id tells them apart.
  const rows = Array.from({ length: NOTES }, (_, index) => {
    const at = new Date(start + (index === 11 ? 10 : index) * 7 * 24 * 60 * MINUTE);
    return {
      studentId,
      authorId,
      note: `Sesión número ${index + 1}.`,
      createdAt: at,
      updatedAt: at,
    };
  });
  await server.server.database.db
    .insert(clinicalNotes)
    .values(sealedRows(server.app.ctx.texts, 'clinicalNotes', rows));
  expectedOrder = (
    await server.server.database.db
      .select({ id: clinicalNotes.id })
      .from(clinicalNotes)
      .where(eq(clinicalNotes.studentId, studentId))
      .orderBy(desc(clinicalNotes.createdAt), desc(clinicalNotes.id))
  ).map((row) => row.id);
});
afterAll(() => server.close());

const notesUrl = (id: string, query = '') => `/api/students/${id}/clinical-notes${query}`;
const get = (url: string, token = lucia) => server.call({ method: 'GET', url, token });
const ids = (notes: ClinicalNote[]) => notes.map((note) => note._id);

async function detail(id = studentId): Promise<Student> {
  const response = await get(`/api/students/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().student;
}

describe("a student's detail with years of notes", () => {
  it('carries only the newest page of notes, and how many there are in all', async () => {
    const student = await detail();
    expect(CLINICAL_NOTES_PAGE_SIZE).toBe(20);
    expect(student.clinicalNotesTotal).toBe(NOTES);
    expect(ids(student.clinicalNotes)).toEqual(expectedOrder.slice(0, CLINICAL_NOTES_PAGE_SIZE));
    expect(student.clinicalNotes[0]!.note).toBe(`Sesión número ${NOTES}.`);
  });

  it('says 0 notes for a student without any', async () => {
    const fresh = await createStudent(server, lucia);
    expect(await detail(fresh._id)).toMatchObject({ clinicalNotes: [], clinicalNotesTotal: 0 });
  });
});

describe('GET /api/students/:id/clinical-notes', () => {
  it('answers the pages in the order of the detail, each with the total', async () => {
    const first = await get(notesUrl(studentId));
    expect(first.statusCode).toBe(200);
    const firstPage = first.json();
    expect(firstPage).toMatchObject({ ok: true, total: NOTES, page: 1, pageSize: 20 });
    expect(ids(firstPage.notes)).toEqual(ids((await detail()).clinicalNotes));

    const second = (await get(notesUrl(studentId, '?page=2'))).json();
    const third = (await get(notesUrl(studentId, '?page=3&pageSize=20'))).json();
    expect(second).toMatchObject({ total: NOTES, page: 2, pageSize: 20 });
    expect(third).toMatchObject({ total: NOTES, page: 3, pageSize: 20 });
    expect(third.notes).toHaveLength(5);
    expect([...firstPage.notes, ...second.notes, ...third.notes].map((n) => n._id)).toEqual(
      expectedOrder,
    );
    // Each note whole, as the detail has it.
    expect(third.notes[4]).toMatchObject({
      studentId,
      note: 'Sesión número 1.',
      signedAt: null,
      addenda: [],
    });
  });

  it('answers another page size, and a page past the last with no notes and the same total', async () => {
    const small = (await get(notesUrl(studentId, '?page=4&pageSize=7'))).json();
    expect(small).toMatchObject({ total: NOTES, page: 4, pageSize: 7 });
    expect(ids(small.notes)).toEqual(expectedOrder.slice(21, 28));
    const past = (await get(notesUrl(studentId, '?page=9'))).json();
    expect(past).toEqual({ ok: true, notes: [], total: NOTES, page: 9, pageSize: 20 });
  });

  it("refuses an `around` that is not a note's id", async () => {
    const around = await get(notesUrl(studentId, '?around=nota-1'));
    expect(around.statusCode).toBe(400);
    expect(around.json().errors).toEqual([{ field: 'around', msg: MSG.api.invalidId }]);
  });

  it("answers another caseload's student exactly as an unknown id, reading none of its notes", async () => {
    const foreign = await createStudent(server, martin);
    const secret = `Refiere ideas de muerte desde el examen ${randomUUID()}.`;
    await addNote(server, martin, foreign._id, secret);
    let ofAnother: Awaited<ReturnType<typeof get>> | undefined;
    const read = await whatTheServerRead(server, async () => {
      ofAnother = await get(notesUrl(foreign._id));
    });
    const unknown = await get(notesUrl(randomUUID()));
    expect(ofAnother!.statusCode).toBe(404);
    expect(ofAnother!.json().msg).toBe(MSG.students.notFound);
    expect(unknown.rawPayload.equals(ofAnother!.rawPayload)).toBe(true);
    expect(read.includes(secret)).toBe(false);
    // Its own psychologist reads it.
    expect((await get(notesUrl(foreign._id), martin)).json().notes[0].note).toBe(secret);
  });

  it("writes an audit row naming the student: 'denied' for another's, 'missing' for none", async () => {
    const foreign = await createStudent(server, martin);
    const nobody = randomUUID();
    const before = (await auditRowsOf(server, 'note.list')).length;
    await get(notesUrl(studentId, '?page=2'));
    await get(notesUrl(foreign._id));
    await get(notesUrl(nobody));
    const rows = (await auditRowsOf(server, 'note.list')).slice(before);
    expect(rows.map((row) => [row.recordType, row.recordId, row.outcome])).toEqual([
      ['student', studentId, 'success'],
      ['student', foreign._id, 'denied'],
      ['student', nobody, 'missing'],
    ]);
  });
});

describe('a link to one note (`around`)', () => {
  it('answers the page that holds the note, whatever the page size', async () => {
    const linked = expectedOrder[26]!;
    const byTwenty = (await get(notesUrl(studentId, `?around=${linked}`))).json();
    expect(byTwenty).toMatchObject({ total: NOTES, page: 2, pageSize: 20 });
    expect(ids(byTwenty.notes)).toContain(linked);
    expect(ids(byTwenty.notes)).toEqual(expectedOrder.slice(20, 40));

    const byFive = (await get(notesUrl(studentId, `?around=${linked}&pageSize=5`))).json();
    expect(byFive).toMatchObject({ page: 6, pageSize: 5 });
    expect(ids(byFive.notes)).toContain(linked);

    const oldest = (await get(notesUrl(studentId, `?around=${expectedOrder[NOTES - 1]}`))).json();
    expect(oldest.page).toBe(3);
    const newest = (await get(notesUrl(studentId, `?around=${expectedOrder[0]}`))).json();
    expect(newest.page).toBe(1);
  });

  it('tells apart by their id two notes written at the same instant', async () => {
    // One note a page: the page is the note's place in the order.
    for (const [index, linked] of expectedOrder.entries()) {
      const answer = (await get(notesUrl(studentId, `?around=${linked}&pageSize=1`))).json();
      expect({ index, page: answer.page, notes: ids(answer.notes) }).toEqual({
        index,
        page: index + 1,
        notes: [linked],
      });
    }
  });

  it("answers the first page for a note that is not the student's (deleted, or another's)", async () => {
    const foreign = await createStudent(server, martin);
    const foreignNote = await addNote(server, martin, foreign._id, 'Nota de otra consulta.');
    for (const noteId of [foreignNote._id, randomUUID()]) {
      const answer = await get(notesUrl(studentId, `?around=${noteId}`));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ page: 1, total: NOTES });
      expect(answer.body).not.toContain('Nota de otra consulta.');
    }
  });
});

describe('writing on a student with many notes', () => {
  it('signs and completes a note of an older page, and a new note goes first with the total grown', async () => {
    const older = expectedOrder[30]!;
    const noteUrl = `/api/students/${studentId}/clinical-notes/${older}`;
    const signed = await server.call({ method: 'POST', url: `${noteUrl}/sign`, token: lucia });
    expect(signed.statusCode).toBe(200);
    const added = await server.call({
      method: 'POST',
      url: `${noteUrl}/addenda`,
      token: lucia,
      payload: { text: 'Corrección: la sesión fue presencial.' },
    });
    expect(added.statusCode).toBe(201);
    const second = (await get(notesUrl(studentId, '?page=2'))).json();
    const shown = second.notes.find((note: ClinicalNote) => note._id === older);
    expect(shown.signedBy).toMatchObject({ firstName: expect.any(String) });
    expect(shown.addenda.map((a: { text: string }) => a.text)).toEqual([
      'Corrección: la sesión fue presencial.',
    ]);

    const fresh = await addNote(server, lucia, studentId, 'La nota de hoy.');
    const student = await detail();
    expect(student.clinicalNotesTotal).toBe(NOTES + 1);
    expect(student.clinicalNotes[0]!._id).toBe(fresh._id);
    expect(student.clinicalNotes).toHaveLength(CLINICAL_NOTES_PAGE_SIZE);
    const last = (await get(notesUrl(studentId, '?page=3'))).json();
    expect(last).toMatchObject({ total: NOTES + 1 });
    expect(last.notes).toHaveLength(6);
  });
});
