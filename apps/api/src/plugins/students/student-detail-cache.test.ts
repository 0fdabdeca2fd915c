import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  CLINICAL_NOTES_PAGE_SIZE,
  type Student,
  type StudentSummary,
} from '@psicocampus/shared/domain';
import { saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { addNote, auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { whatTheServerRead } from '../../../test/helpers/driver-spy';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

let server: TestServer;
let lucia: string;
let martin: string;
beforeAll(async () => {
  server = await startTestServer();
  [lucia, martin] = await Promise.all([
    server.login('psychologist'),
    server.login('psychologist2'),
  ]);
});
afterAll(() => server.close());

async function detail(token: string, id: string): Promise<Student> {
  const response = await server.call({ method: 'GET', url: `/api/students/${id}`, token });
  expect(response.statusCode).toBe(200);
  return response.json().student;
}

async function listed(token: string, id: string): Promise<StudentSummary | undefined> {
  const response = await server.call({ method: 'GET', url: '/api/students', token });
  expect(response.statusCode).toBe(200);
  return (response.json().students as StudentSummary[]).find((s) => s._id === id);
}

/** A statement as an operator would run it, beside the API. */
const outside = (statement: string) => server.server.database.db.execute(sql.raw(statement));

/** A note's text as another writer with the key stores it: sealed, bound to the note's id. */
const sealedNote = (text: string, noteId: string) =>
  server.app.ctx.texts.seal(text, { table: 'clinical_notes', field: 'note', rowId: noteId });

describe("a student's current level", () => {
  it("is the latest assessment's level and date, in the list and the detail; null without one", async () => {
    const assessed = await createStudent(server, lucia);
    const other = await createStudent(server, lucia);
    // Both answers are kept before the assessments: they must not be served again.
    expect((await listed(lucia, assessed._id))?.latestRisk).toBeNull();
    expect((await detail(lucia, assessed._id)).latestRisk).toBeNull();

    await saveAssessment(server, lucia, assessed._id);
    const latest = await saveAssessment(server, lucia, assessed._id, severeAnswers());
    const expected = {
      assessmentId: latest._id,
      level: latest.riskLevel,
      assessedAt: latest.createdAt,
      clinicianLevel: null,
    };
    expect(latest.riskLevel).toBe('MUY_ALTO');
    expect((await listed(lucia, assessed._id))?.latestRisk).toEqual(expected);
    expect((await detail(lucia, assessed._id)).latestRisk).toEqual(expected);
    expect((await listed(lucia, other._id))?.latestRisk).toBeNull();
    expect((await detail(lucia, other._id)).latestRisk).toBeNull();
  });
});

describe("a student's detail kept by the server", () => {
  it('is served again without reading the notes, and each read still writes its audit row', async () => {
    const student = await createStudent(server, lucia);
    const text = `Sesión de seguimiento ${randomUUID()}.`;
    await addNote(server, lucia, student._id, text);
    const first = await detail(lucia, student._id);
    const before = (await auditRowsOf(server, 'student.read')).length;

    let again: Student | undefined;
    const read = await whatTheServerRead(server, async () => {
      again = await detail(lucia, student._id);
    });
    expect(again).toEqual(first);
    expect(read.includes(text)).toBe(false);
    const rows = (await auditRowsOf(server, 'student.read')).slice(before);
    expect(rows.map((row) => [row.recordId, row.outcome])).toEqual([[student._id, 'success']]);
  });

  it('is never stale when a note, its author or the assignment is changed outside the API', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id, 'Primera versión de la nota.');
    await detail(lucia, student._id);

    await outside(
      `update clinical_notes set note = '${sealedNote('Corregida en la base.', note._id)}' where id = '${note._id}'`,
    );
    expect((await detail(lucia, student._id)).clinicalNotes[0]!.note).toBe('Corregida en la base.');

    // Martin writes a note in Lucía's caseload's student (an earlier
    // assignment, say), then is renamed: the note shows the new name.
    const martinId = await userIdOf(server, 'psychologist2');
    const martinsNoteId = randomUUID();
    await outside(
      `insert into clinical_notes (id, student_id, author_id, note, created_at, updated_at)
       values ('${martinsNoteId}', '${student._id}', '${martinId}', '${sealedNote('Nota de Martín.', martinsNoteId)}', now(), now())`,
    );
    const withMartin = await detail(lucia, student._id);
    const martinsNote = withMartin.clinicalNotes.find((n) => n.note === 'Nota de Martín.');
    const originalName = martinsNote!.createdBy!.firstName;
    await outside(`update users set first_name = 'Renombrado' where id = '${martinId}'`);
    try {
      const renamed = await detail(lucia, student._id);
      expect(
        renamed.clinicalNotes.find((n) => n.note === 'Nota de Martín.')!.createdBy,
      ).toMatchObject({ firstName: 'Renombrado' });
    } finally {
      await outside(`update users set first_name = '${originalName}' where id = '${martinId}'`);
    }

    await outside(`delete from clinical_notes where id = '${note._id}'`);
    expect((await detail(lucia, student._id)).clinicalNotes.map((n) => n._id)).not.toContain(
      note._id,
    );

    await outside(
      `update students set assigned_psychologist_id = '${martinId}' where id = '${student._id}'`,
    );
    const former = await server.call({
      method: 'GET',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(former.statusCode).toBe(404);
    expect((await detail(martin, student._id)).assignedPsychologist?._id).toBe(martinId);
  });

  it('counts every note and shows the newest page, also after notes written outside the API', async () => {
    const student = await createStudent(server, lucia);
    const first = await addNote(server, lucia, student._id, 'Primera sesión.');
    expect(await detail(lucia, student._id)).toMatchObject({ clinicalNotesTotal: 1 });

    const authorId = await userIdOf(server, 'psychologist');
    const written = Array.from({ length: CLINICAL_NOTES_PAGE_SIZE }, (_, i) => {
      const id = randomUUID();
      return `('${id}', '${student._id}', '${authorId}', '${sealedNote(`Sesión ${i + 1}`, id)}', now() + ${i + 1} * interval '1 minute', now())`;
    });
    await outside(
      `insert into clinical_notes (id, student_id, author_id, note, created_at, updated_at)
       values ${written.join(', ')}`,
    );
    const kept = await detail(lucia, student._id);
    expect(kept.clinicalNotesTotal).toBe(CLINICAL_NOTES_PAGE_SIZE + 1);
    expect(kept.clinicalNotes).toHaveLength(CLINICAL_NOTES_PAGE_SIZE);
    expect(kept.clinicalNotes[0]!.note).toBe(`Sesión ${CLINICAL_NOTES_PAGE_SIZE}`);
    expect(kept.clinicalNotes.map((n) => n._id)).not.toContain(first._id);

    await outside(
      `delete from clinical_notes where student_id = '${student._id}' and id <> '${first._id}'`,
    );
    expect(await detail(lucia, student._id)).toMatchObject({
      clinicalNotesTotal: 1,
      clinicalNotes: [{ _id: first._id }],
    });
  });
});
