import type { FastifyInstance } from 'fastify';
import {
  clinicalNoteSchema,
  clinicalNoteUpdateSchema,
  MSG,
  type SessionUser,
  type AuditAction,
} from '@psicocampus/shared/domain';
import {
  addendumSchema,
  PENDING_SIGNATURE_HOURS,
  SIGNED_NOTES_MSG,
} from '@psicocampus/shared/signed-notes';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { validateBody } from '../../lib/validate';
import { signedIn } from '../auth/authenticate';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import {
  deleteNote,
  findStudentNote,
  insertAddendum,
  insertNote,
  notesPendingSignatureOf,
  recentNotesOf,
  signNote,
  updateNoteAtVersion,
  withSignatures,
  type NoteRecord,
} from './clinical-note.queries';
import { toClinicalNote, toNoteAddendum, toRecentNote } from './clinical-note.view';

type StudentParams = { Params: { id: string } };
type NoteParams = { Params: { id: string; noteId: string } };

/** How many notes the psychologist's home shows. */
const RECENT_NOTES = 5;

const audited = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'clinical_note' as const } },
});

/** A note of one of the caller's students (else the student's 404), under that student (else 404). */
async function studentNoteOr404(
  db: Database,
  user: SessionUser,
  params: NoteParams['Params'],
): Promise<NoteRecord> {
  const { student } = await ownStudentOr404(db, user.id, params.id);
  const record = isUuid(params.noteId)
    ? await findStudentNote(db, student.id, params.noteId)
    : null;
  if (!record) throw new HttpError(404, MSG.api.notFound);
  return record;
}

/**
 * A note the caller may change: a draft (a signed note is changed by nobody:
 * 409) written by them (else 403: colleagues read notes, only authors change them).
 */
async function ownDraftOrRefuse(
  db: Database,
  user: SessionUser,
  params: NoteParams['Params'],
): Promise<NoteRecord> {
  const record = await studentNoteOr404(db, user, params);
  if (record.note.signedAt) throw new HttpError(409, SIGNED_NOTES_MSG.signedLocked);
  if (record.note.authorId !== user.id) throw new HttpError(403, MSG.notes.onlyAuthor);
  return record;
}

/** Clinical notes (docs/api.md#clinical-notes and docs/permissions.md#clinical-records). */
export async function clinicalNotesRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  const { db } = ctx;

  app.post<StudentParams>(
    '/api/students/:id/clinical-notes',
    audited('note.create'),
    async (request, reply) => {
      const { user } = signedIn(request);
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const body = await validateBody(clinicalNoteSchema, request.body);
      const note = await insertNote(db, {
        studentId: student.id,
        authorId: user.id,
        note: body.note,
        now: ctx.now(),
      });
      request.auditRecordId = note.id;
      void reply.status(201);
      return { ok: true, msg: MSG.notes.added, note: toClinicalNote({ note, author: user }) };
    },
  );

  app.put<NoteParams>(
    '/api/students/:id/clinical-notes/:noteId',
    audited('note.update'),
    async (request) => {
      const { user } = signedIn(request);
      const record = await ownDraftOrRefuse(db, user, request.params);
      const body = await validateBody(clinicalNoteUpdateSchema, request.body);
      const note = await updateNoteAtVersion(
        db,
        record.note.id,
        body.version,
        body.note,
        ctx.now(),
      );
      if (!note) throw new HttpError(409, MSG.api.conflict);
      return { ok: true, msg: MSG.notes.updated, note: toClinicalNote({ note, author: user }) };
    },
  );

  app.delete<NoteParams>(
    '/api/students/:id/clinical-notes/:noteId',
    audited('note.delete'),
    async (request) => {
      const { user } = signedIn(request);
      const record = await ownDraftOrRefuse(db, user, request.params);
      // Signed in between: the note stays.
      if (!(await deleteNote(db, record.note.id))) {
        throw new HttpError(409, SIGNED_NOTES_MSG.signedLocked);
      }
      return { ok: true, msg: MSG.notes.deleted };
    },
  );

  app.get('/api/clinical-notes/recent', audited('note.list_recent'), async (request) => {
    const { user } = signedIn(request);
    const notes = await withSignatures(db, await recentNotesOf(db, user.id, RECENT_NOTES));
    return { ok: true, notes: notes.map(toRecentNote) };
  });

  app.post<NoteParams>(
    '/api/students/:id/clinical-notes/:noteId/sign',
    audited('note.sign'),
    async (request) => {
      const { user } = signedIn(request);
      const record = await studentNoteOr404(db, user, request.params);
      if (record.note.authorId !== user.id) {
        throw new HttpError(403, SIGNED_NOTES_MSG.onlyAuthorSigns);
      }
      if (record.note.signedAt) throw new HttpError(409, SIGNED_NOTES_MSG.alreadySigned);
      const note = await signNote(db, record.note.id, user.id, ctx.now());
      if (!note) throw new HttpError(409, SIGNED_NOTES_MSG.alreadySigned);
      const [signed] = await withSignatures(db, [{ note, author: record.author }]);
      return { ok: true, msg: SIGNED_NOTES_MSG.signed, note: toClinicalNote(signed!) };
    },
  );

  // Any psychologist the student is assigned to may add an addendum, not only
  // the note's author: it changes nothing of the note, carries its own author,
  // and a note whose author left or whose student was reassigned must still be
  // correctable (docs/permissions.md#clinical-records).
  app.post<NoteParams>(
    '/api/students/:id/clinical-notes/:noteId/addenda',
    audited('note.addendum'),
    async (request, reply) => {
      const { user } = signedIn(request);
      const record = await studentNoteOr404(db, user, request.params);
      if (!record.note.signedAt) throw new HttpError(409, SIGNED_NOTES_MSG.addendumOnlySigned);
      const body = await validateBody(addendumSchema, request.body);
      const addendum = await insertAddendum(db, {
        noteId: record.note.id,
        authorId: user.id,
        text: body.text,
        now: ctx.now(),
      });
      void reply.status(201);
      return {
        ok: true,
        msg: SIGNED_NOTES_MSG.addendumAdded,
        addendum: toNoteAddendum({ addendum, author: user }),
      };
    },
  );

  app.get(
    '/api/clinical-notes/pending-signature',
    audited('note.list_pending'),
    async (request) => {
      const { user } = signedIn(request);
      const before = new Date(ctx.now().getTime() - PENDING_SIGNATURE_HOURS * 3_600_000);
      const notes = await notesPendingSignatureOf(db, user.id, before);
      return { ok: true, notes: notes.map(toRecentNote) };
    },
  );
}
