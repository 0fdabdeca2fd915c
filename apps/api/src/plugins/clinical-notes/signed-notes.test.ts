import { eq } from 'drizzle-orm';
import { LIST_PAGE_SIZE, MSG } from '@psicocampus/shared/domain';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { clinicalNoteAddenda, clinicalNotes, students, users } from '../../db/schema';
import { inviteAndSignIn } from '../../../test/helpers/admin';
import { addNote, auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { demoAccount, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { openNote } from './clinical-note.queries';
import { openRow, SEALED_TABLES } from '../../security/sealed-columns';

/** Signed notes and addenda (docs/api.md#clinical-notes). */
let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const noteUrl = (studentId: string, noteId: string) =>
  `/api/students/${studentId}/clinical-notes/${noteId}`;
const sign = (token: string, studentId: string, noteId: string) =>
  server.call({ method: 'POST', url: `${noteUrl(studentId, noteId)}/sign`, token });
const addendum = (token: string, studentId: string, noteId: string, payload: object) =>
  server.call({ method: 'POST', url: `${noteUrl(studentId, noteId)}/addenda`, token, payload });
const notesOf = async (token: string, studentId: string) =>
  (await server.call({ method: 'GET', url: `/api/students/${studentId}`, token })).json().student
    .clinicalNotes;

async function reassign(studentId: string, to: 'psychologist' | 'psychologist2') {
  await server.server.database.db
    .update(students)
    .set({ assignedPsychologistId: await userIdOf(server, to) })
    .where(eq(students.id, studentId));
}

async function signedNote(text = 'Sesión de acogida.') {
  const student = await createStudent(server, lucia);
  const note = await addNote(server, lucia, student._id, text);
  expect((await sign(lucia, student._id, note._id)).statusCode).toBe(200);
  return { student, note };
}

describe('POST .../clinical-notes/:noteId/sign', () => {
  it('signs the author’s draft, once: the note then carries who and when, and a second signature is 409', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id, 'Primera sesión.');
    expect(note).toMatchObject({ signedAt: null, signedBy: null, addenda: [] });
    // Read (and kept by the caseload's revision) before the signature: the next read sees it.
    expect((await notesOf(lucia, student._id))[0].signedAt).toBeNull();

    const response = await sign(lucia, student._id, note._id);
    expect(response.statusCode).toBe(200);
    const lucy = demoAccount('psychologist');
    expect(response.json()).toMatchObject({
      ok: true,
      msg: SIGNED_NOTES_MSG.signed,
      note: {
        _id: note._id,
        note: 'Primera sesión.',
        signedAt: expect.any(String),
        signedBy: { _id: await userIdOf(server, 'psychologist'), email: lucy.email },
        addenda: [],
      },
    });
    expect(await notesOf(lucia, student._id)).toEqual([
      expect.objectContaining({ _id: note._id, signedAt: response.json().note.signedAt }),
    ]);

    const again = await sign(lucia, student._id, note._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, msg: SIGNED_NOTES_MSG.alreadySigned });
  });

  it('is the author’s alone: a colleague who now has the student gets 403, another caseload 404, an admin 403', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id);
    expect((await sign(martin, student._id, note._id)).statusCode).toBe(404);
    expect((await sign(admin, student._id, note._id)).statusCode).toBe(403);
    await reassign(student._id, 'psychologist2');
    const colleague = await sign(martin, student._id, note._id);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json()).toEqual({ ok: false, msg: SIGNED_NOTES_MSG.onlyAuthorSigns });
    expect(await notesOf(martin, student._id)).toEqual([
      expect.objectContaining({ signedAt: null }),
    ]);
  });

  it('answers 404 for an unknown note or a malformed id', async () => {
    const student = await createStudent(server, lucia);
    for (const noteId of ['00000000-0000-4000-8000-000000000000', 'nota-1']) {
      const response = await sign(lucia, student._id, noteId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.notFound });
    }
  });
});

describe('a signed note is changed by nobody', () => {
  it('answers 409 to its author’s PUT and DELETE, and keeps it as signed', async () => {
    const { student, note } = await signedNote('Texto firmado.');
    const edit = await server.call({
      method: 'PUT',
      url: noteUrl(student._id, note._id),
      token: lucia,
      payload: { note: 'Reescrito', version: 1 },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ ok: false, msg: SIGNED_NOTES_MSG.signedLocked });
    const removal = await server.call({
      method: 'DELETE',
      url: noteUrl(student._id, note._id),
      token: lucia,
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toEqual({ ok: false, msg: SIGNED_NOTES_MSG.signedLocked });
    expect(await notesOf(lucia, student._id)).toEqual([
      expect.objectContaining({ _id: note._id, note: 'Texto firmado.', version: 1 }),
    ]);
  });

  it('still leaves with its student when the student is deleted (deleting a student deletes its notes)', async () => {
    const { student } = await signedNote();
    const response = await server.call({
      method: 'DELETE',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await server.call({ method: 'GET', url: `/api/students/${student._id}`, token: lucia }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a signed note whose author account is removed', () => {
  it('stays with its text and addenda, without author or signer, when the account is deleted from the database', async () => {
    const colleague = await inviteAndSignIn(server, admin);
    const student = await createStudent(server, colleague.token);
    const note = await addNote(
      server,
      colleague.token,
      student._id,
      'Queda aunque la cuenta se elimine.',
    );
    expect((await sign(colleague.token, student._id, note._id)).statusCode).toBe(200);
    await addendum(colleague.token, student._id, note._id, { text: 'Adenda que también queda.' });
    const db = server.server.database.db;
    await db.delete(users).where(eq(users.id, colleague.user._id));

    const [stored] = await db.select().from(clinicalNotes).where(eq(clinicalNotes.id, note._id));
    const kept = openNote(server.app.ctx.texts, stored!);
    expect(kept).toMatchObject({
      note: 'Queda aunque la cuenta se elimine.',
      authorId: null,
      signedBy: null,
      signedAt: expect.any(Date),
    });
    const addenda = await db
      .select()
      .from(clinicalNoteAddenda)
      .where(eq(clinicalNoteAddenda.noteId, note._id));
    const opened = addenda.map((row) =>
      openRow(server.app.ctx.texts, SEALED_TABLES.clinicalNoteAddenda, row),
    );
    expect(opened.map((row) => [row.text, row.authorId])).toEqual([
      ['Adenda que también queda.', null],
    ]);
  });
});

describe('POST .../clinical-notes/:noteId/addenda', () => {
  it('adds addenda under a signed note, oldest first, each with its author and date', async () => {
    const { student, note } = await signedNote();
    expect((await notesOf(lucia, student._id))[0].addenda).toEqual([]);
    const first = await addendum(lucia, student._id, note._id, { text: '  Corrige la fecha.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      ok: true,
      msg: SIGNED_NOTES_MSG.addendumAdded,
      addendum: {
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        text: 'Corrige la fecha.',
        createdAt: expect.any(String),
        createdBy: expect.objectContaining({ email: demoAccount('psychologist').email }),
      },
    });
    server.advanceClock(60_000);
    expect((await addendum(lucia, student._id, note._id, { text: 'Segunda.' })).statusCode).toBe(
      201,
    );
    const [shown] = await notesOf(lucia, student._id);
    expect(shown.addenda.map((a: { text: string }) => a.text)).toEqual([
      'Corrige la fecha.',
      'Segunda.',
    ]);
  });

  it('refuses a draft with 409 and an empty or unknown body with 400', async () => {
    const student = await createStudent(server, lucia);
    const draft = await addNote(server, lucia, student._id);
    const onDraft = await addendum(lucia, student._id, draft._id, { text: 'Nada' });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json()).toEqual({ ok: false, msg: SIGNED_NOTES_MSG.addendumOnlySigned });

    const { student: other, note } = await signedNote();
    const empty = await addendum(lucia, other._id, note._id, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      ok: false,
      msg: SIGNED_NOTES_MSG.addendumRequired,
      errors: [{ field: 'text', msg: SIGNED_NOTES_MSG.addendumRequired }],
    });
    const unknown = await addendum(lucia, other._id, note._id, { text: 'x', createdBy: 'y' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe(MSG.api.unknownField('createdBy'));
    expect((await notesOf(lucia, other._id))[0].addenda).toEqual([]);
  });

  it('is open to the psychologist the student is assigned to, not another caseload or an admin', async () => {
    const { student, note } = await signedNote();
    expect((await addendum(martin, student._id, note._id, { text: 'x' })).statusCode).toBe(404);
    expect((await addendum(admin, student._id, note._id, { text: 'x' })).statusCode).toBe(403);
    await reassign(student._id, 'psychologist2');
    const response = await addendum(martin, student._id, note._id, { text: 'De Martín.' });
    expect(response.statusCode).toBe(201);
    expect(response.json().addendum.createdBy.email).toBe(demoAccount('psychologist2').email);
    // Lucía no longer has the student.
    expect((await addendum(lucia, student._id, note._id, { text: 'x' })).statusCode).toBe(404);
  });
});

describe('the audit of signatures and addenda', () => {
  it('records each call with the note’s id and no clinical text', async () => {
    const { student, note } = await signedNote('Texto clínico secreto A.');
    await addendum(lucia, student._id, note._id, { text: 'Adenda clínica secreta B.' });
    const signs = await auditRowsOf(server, 'note.sign');
    const addenda = await auditRowsOf(server, 'note.addendum');
    const mine = [...signs, ...addenda].filter((row) => row.recordId === note._id);
    expect(mine.map((row) => [row.action, row.recordType, row.outcome])).toEqual([
      ['note.sign', 'clinical_note', 'success'],
      ['note.addendum', 'clinical_note', 'success'],
    ]);
    const everything = JSON.stringify([...signs, ...addenda]);
    expect(everything).not.toContain('secreto');
    expect(everything).not.toContain('secreta');
  });
});

describe('GET /api/clinical-notes/pending-signature', () => {
  it('lists the caller’s own drafts older than 24 hours on students still theirs, and drops them once signed', async () => {
    const fresh = await startTestServer();
    try {
      const token = await fresh.login('psychologist');
      const colleague = await fresh.login('psychologist2');
      // A session ends before a day has passed: each look signs in again.
      const pending = async () =>
        fresh.call({
          method: 'GET',
          url: '/api/clinical-notes/pending-signature',
          token: await fresh.login('psychologist'),
        });
      const ana = await createStudent(fresh, token, { firstName: 'Ana', lastName: 'Toapanta' });
      const old = await addNote(fresh, token, ana._id, 'Antigua');
      const other = await createStudent(fresh, colleague);
      await addNote(fresh, colleague, other._id, 'De Martín');
      fresh.advanceClock(60_000);
      const recent = await addNote(fresh, token, ana._id, 'Reciente');

      // Just under 24 h after the first note: nothing is pending yet.
      fresh.advanceClock(24 * 3_600_000 - 120_000);
      expect((await pending()).json()).toEqual({
        ok: true,
        notes: [],
        total: 0,
        page: 1,
        pageSize: LIST_PAGE_SIZE,
      });

      // At 24 h the first one is pending; the second one a minute later.
      fresh.advanceClock(60_000);
      const atDay = (await pending()).json().notes;
      expect(atDay).toEqual([
        expect.objectContaining({
          _id: old._id,
          signedAt: null,
          student: { _id: ana._id, firstName: 'Ana', lastName: 'Toapanta' },
        }),
      ]);
      fresh.advanceClock(60_000);
      expect((await pending()).json().notes.map((n: { _id: string }) => n._id)).toEqual([
        old._id,
        recent._id,
      ]);

      // Signed: off the list.
      const signed = await fresh.call({
        method: 'POST',
        url: `/api/students/${ana._id}/clinical-notes/${old._id}/sign`,
        token: await fresh.login('psychologist'),
      });
      expect(signed.statusCode).toBe(200);
      expect((await pending()).json().notes.map((n: { _id: string }) => n._id)).toEqual([
        recent._id,
      ]);

      // The student goes to Martín: his notes are no longer Lucía's to sign there.
      await fresh.server.database.db
        .update(students)
        .set({ assignedPsychologistId: await userIdOf(fresh, 'psychologist2') })
        .where(eq(students.id, ana._id));
      expect((await pending()).json().notes).toEqual([]);

      const asAdmin = await fresh.call({
        method: 'GET',
        url: '/api/clinical-notes/pending-signature',
        token: await fresh.login('admin'),
      });
      expect(asAdmin.statusCode).toBe(403);
      expect((await auditRowsOf(fresh, 'note.list_pending')).length).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});
