import type { FastifyInstance } from 'fastify';
import {
  clinicalNoteSchema,
  clinicalNoteUpdateSchema,
  MSG,
  type SessionUser,
  type AuditAction,
} from '@psicocampus/shared/domain';
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
  insertNote,
  recentNotesOf,
  updateNoteAtVersion,
  type NoteRecord,
} from './clinical-note.queries';
import { toClinicalNote, toRecentNote } from './clinical-note.view';

type StudentParams = { Params: { id: string } };
type NoteParams = { Params: { id: string; noteId: string } };

/** How many notes the psychologist's home shows. */
const RECENT_NOTES = 5;

const audited = (action: AuditAction) => ({
  ...psychologistOnly,
  config: { audit: { action, record: 'clinical_note' as const } },
});

/**
 * A note the caller may change: on one of their students (else the
 * student's 404), existing under that student (else 404), and written by
 * them (else 403: colleagues read notes, only authors change them).
 */
async function ownNoteOrRefuse(
  db: Database,
  user: SessionUser,
  params: NoteParams['Params'],
): Promise<NoteRecord> {
  const { student } = await ownStudentOr404(db, user.id, params.id);
  const record = isUuid(params.noteId)
    ? await findStudentNote(db, student.id, params.noteId)
    : null;
  if (!record) throw new HttpError(404, MSG.api.notFound);
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
      const record = await ownNoteOrRefuse(db, user, request.params);
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
      const record = await ownNoteOrRefuse(db, user, request.params);
      await deleteNote(db, record.note.id);
      return { ok: true, msg: MSG.notes.deleted };
    },
  );

  app.get('/api/clinical-notes/recent', audited('note.list_recent'), async (request) => {
    const { user } = signedIn(request);
    const notes = await recentNotesOf(db, user.id, RECENT_NOTES);
    return { ok: true, notes: notes.map(toRecentNote) };
  });
}
