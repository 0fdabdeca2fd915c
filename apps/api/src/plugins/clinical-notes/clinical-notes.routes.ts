import type { FastifyInstance } from 'fastify';
import {
  CLINICAL_NOTES_PAGE_SIZE,
  clinicalNoteSchema,
  clinicalNoteUpdateSchema,
  MSG,
  type SessionUser,
  type AuditAction,
} from '@psicocampus/shared/domain';
import {
  addendumSchema,
  noteChangeRefusal,
  noteSigningRefusal,
  PENDING_SIGNATURE_HOURS,
  SIGNED_NOTES_MSG,
  type NoteStanding,
} from '@psicocampus/shared/signed-notes';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { pageInfo, readPage, type PageParams } from '../../lib/page-params';
import { QueryReader } from '../../lib/query-params';
import { isUuid } from '../../lib/ids';
import { validateBody } from '../../lib/validate';
import { signedIn } from '../auth/authenticate';
import { ownStudentOr404, psychologistOnly } from '../students/student-access';
import {
  countNotesPendingSignature,
  countStudentNotes,
  deleteNote,
  findStudentNote,
  insertAddendum,
  insertNote,
  notesPendingSignatureOf,
  recentNotesOf,
  signNote,
  studentNotesBefore,
  studentNotesPage,
  updateNoteAtVersion,
  withSignatures,
  type NoteRecord,
} from './clinical-note.queries';
import { toClinicalNote, toNoteAddendum, toNoteListing } from './clinical-note.view';

type StudentParams = { Params: { id: string } };
type NoteParams = { Params: { id: string; noteId: string } };

/** How many notes the psychologist's home shows. */
const RECENT_NOTES = 5;

const audited = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'clinical_note' as const } },
});

/**
 * A read of a student's notes: its audit row names the student, as the
 * detail's read does, so a refusal is 'denied' for another caseload's
 * student and 'missing' for an id no student has.
 */
const auditedStudentRead = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'student' as const } },
});

/**
 * The page a student's notes are read at: the one asked for, or with
 * `around`, the one that holds that note (the first when the note is not
 * the student's), for a link to one note (docs/api.md#clinical-notes).
 */
async function notesPageAsked(
  db: Database,
  studentId: string,
  asked: PageParams,
  around: string | undefined,
): Promise<PageParams> {
  if (around === undefined) return asked;
  const before = await studentNotesBefore(db, studentId, around);
  const page = Math.floor(before / asked.pageSize) + 1;
  return { page, pageSize: asked.pageSize, offset: (page - 1) * asked.pageSize };
}

/** A note of one of the caller's students (else the student's 404), under that student (else 404). */
async function studentNoteOr404(
  { db, texts }: Pick<AppContext, 'db' | 'texts'>,
  user: SessionUser,
  params: NoteParams['Params'],
): Promise<NoteRecord> {
  const { student } = await ownStudentOr404(db, user.id, params.id);
  const record = isUuid(params.noteId)
    ? await findStudentNote(db, texts, student.id, params.noteId)
    : null;
  if (!record) throw new HttpError(404, MSG.api.notFound);
  return record;
}

/**
 * A note the caller may change: a draft (a signed note is changed by nobody:
 * 409) written by them (else 403: colleagues read notes, only authors change them).
 */
async function ownDraftOrRefuse(
  store: Pick<AppContext, 'db' | 'texts'>,
  user: SessionUser,
  params: NoteParams['Params'],
): Promise<NoteRecord> {
  const record = await studentNoteOr404(store, user, params);
  const refusal = noteChangeRefusal(standingOf(record), user.id);
  if (refusal === 'signed') throw new HttpError(409, SIGNED_NOTES_MSG.signedLocked);
  if (refusal === 'notAuthor') throw new HttpError(403, MSG.notes.onlyAuthor);
  return record;
}

/** What the shared rules on notes read of a stored one. */
function standingOf(record: NoteRecord): NoteStanding {
  return { authorId: record.note.authorId, signed: Boolean(record.note.signedAt) };
}

/** Clinical notes (docs/api.md#clinical-notes and docs/permissions.md#clinical-records). */
export async function clinicalNotesRoutes(app: FastifyInstance, opts: { ctx: AppContext }) {
  const { ctx } = opts;
  registerDraftRoutes(app, ctx);
  registerNoteListRoutes(app, ctx);
  registerSigningRoutes(app, ctx);
  registerPendingSignatureRoute(app, ctx);
}

/** A draft note: written, edited and deleted by its author until signed. */
function registerDraftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, texts } = ctx;
  app.post<StudentParams>(
    '/api/students/:id/clinical-notes',
    audited('note.create'),
    async (request, reply) => {
      const { user } = signedIn(request);
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const body = await validateBody(clinicalNoteSchema, request.body);
      const note = await insertNote(db, texts, {
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
      const record = await ownDraftOrRefuse(ctx, user, request.params);
      const body = await validateBody(clinicalNoteUpdateSchema, request.body);
      const note = await updateNoteAtVersion(db, texts, {
        noteId: record.note.id,
        version: body.version,
        note: body.note,
        now: ctx.now(),
      });
      if (!note) throw new HttpError(409, MSG.api.conflict);
      return { ok: true, msg: MSG.notes.updated, note: toClinicalNote({ note, author: user }) };
    },
  );

  app.delete<NoteParams>(
    '/api/students/:id/clinical-notes/:noteId',
    audited('note.delete'),
    async (request) => {
      const { user } = signedIn(request);
      const record = await ownDraftOrRefuse(ctx, user, request.params);
      // Signed in between: the note stays.
      if (!(await deleteNote(db, record.note.id))) {
        throw new HttpError(409, SIGNED_NOTES_MSG.signedLocked);
      }
      return { ok: true, msg: MSG.notes.deleted };
    },
  );
}

/** A student's notes by page, and the home's recent ones. */
function registerNoteListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, texts } = ctx;
  // A student's notes past the detail's first page (a student followed for
  // years has hundreds): newest first, one page with the total, each note
  // whole; the same 404 as the detail for anyone else's student.
  app.get<StudentParams>(
    '/api/students/:id/clinical-notes',
    auditedStudentRead('note.list'),
    async (request) => {
      const { user } = signedIn(request);
      const reader = new QueryReader(request.query);
      const around = reader.uuid('around');
      const asked = readPage(reader, CLINICAL_NOTES_PAGE_SIZE);
      reader.done();
      const { student } = await ownStudentOr404(db, user.id, request.params.id);
      const page = await notesPageAsked(db, student.id, asked, around);
      const [records, total] = await Promise.all([
        studentNotesPage(db, texts, student.id, { limit: page.pageSize, offset: page.offset }),
        countStudentNotes(db, student.id),
      ]);
      const notes = await withSignatures(db, texts, records);
      return { ok: true, notes: notes.map(toClinicalNote), ...pageInfo(page, total) };
    },
  );

  // What the home names of each note: whose and when, never its text.
  app.get('/api/clinical-notes/recent', audited('note.list_recent'), async (request) => {
    const { user } = signedIn(request);
    const notes = await recentNotesOf(db, user.id, RECENT_NOTES);
    return { ok: true, notes: notes.map(toNoteListing) };
  });
}

/** Signing a note, and the addenda that correct a signed one. */
function registerSigningRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, texts } = ctx;
  app.post<NoteParams>(
    '/api/students/:id/clinical-notes/:noteId/sign',
    audited('note.sign'),
    async (request) => {
      const { user } = signedIn(request);
      const record = await studentNoteOr404(ctx, user, request.params);
      const refusal = noteSigningRefusal(standingOf(record), user.id);
      if (refusal === 'notAuthor') throw new HttpError(403, SIGNED_NOTES_MSG.onlyAuthorSigns);
      if (refusal === 'signed') throw new HttpError(409, SIGNED_NOTES_MSG.alreadySigned);
      const note = await signNote(db, texts, record.note.id, user.id, ctx.now());
      if (!note) throw new HttpError(409, SIGNED_NOTES_MSG.alreadySigned);
      const [signed] = await withSignatures(db, texts, [{ note, author: record.author }]);
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
      const record = await studentNoteOr404(ctx, user, request.params);
      if (!record.note.signedAt) throw new HttpError(409, SIGNED_NOTES_MSG.addendumOnlySigned);
      const body = await validateBody(addendumSchema, request.body);
      const addendum = await insertAddendum(db, texts, {
        noteId: record.note.id,
        authorId: user.id,
        text: body.text,
      });
      void reply.status(201);
      return {
        ok: true,
        msg: SIGNED_NOTES_MSG.addendumAdded,
        addendum: toNoteAddendum({ addendum, author: user }),
      };
    },
  );
}

/** The psychologist's notes still waiting for their signature. */
function registerPendingSignatureRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // A work list that can grow (a whole term of unsigned sessions): one page
  // with its total, oldest first, and no note's text (docs/api.md#clinical-notes).
  app.get(
    '/api/clinical-notes/pending-signature',
    audited('note.list_pending'),
    async (request) => {
      const { user } = signedIn(request);
      const reader = new QueryReader(request.query);
      const page = readPage(reader);
      reader.done();
      const before = new Date(ctx.now().getTime() - PENDING_SIGNATURE_HOURS * 3_600_000);
      const [notes, total] = await Promise.all([
        notesPendingSignatureOf(db, user.id, before, { limit: page.pageSize, offset: page.offset }),
        countNotesPendingSignature(db, user.id, before),
      ]);
      return { ok: true, notes: notes.map(toNoteListing), ...pageInfo(page, total) };
    },
  );
}
