import { object, type InferType } from 'yup';
export type { NoteAddendum } from './entities';
import { text } from './schemas/text';
import { NOTE_MAX_LENGTH } from './schemas/note.schemas';

/**
 * Signed clinical notes and their addenda
 * (docs/api.md#clinical-notes): a note is a draft until its author signs it;
 * a signed note is never edited or deleted, only completed with addenda. An
 * entry of its own (`@psicocampus/shared/signed-notes`) so that the /login
 * bundle, which carries MSG, does not carry these texts.
 */

/** How long a note may stay unsigned before it shows on its author's home. */
export const PENDING_SIGNATURE_HOURS = 24;

export const SIGNED_NOTES_MSG = {
  sign: 'Firmar nota',
  signing: 'Firmando...',
  signTitle: '¿Firmar la nota?',
  signText:
    'Una vez firmada, la nota ya no se podrá editar ni eliminar. Las correcciones se agregan como adendas.',
  signConfirm: 'Sí, firmar',
  signed: 'Nota firmada.',
  signError: 'No se pudo firmar la nota.',
  signedBy: (name: string, date: string) => `Firmada por ${name} el ${date}`,
  draft: 'Borrador',
  alreadySigned: 'Esta nota ya está firmada.',
  onlyAuthorSigns: 'Solo quien escribió la nota puede firmarla.',
  signedLocked:
    'Esta nota está firmada: no se puede editar ni eliminar. Agrega una adenda para corregirla.',
  addendaTitle: 'Adendas',
  addAddendum: 'Agregar adenda',
  addendumLabel: 'Texto de la adenda',
  saveAddendum: 'Guardar adenda',
  addendumSaving: 'Guardando...',
  addendumAdded: 'Adenda agregada.',
  addendumError: 'No se pudo agregar la adenda.',
  addendumBy: (name: string, date: string) => `Adenda de ${name} el ${date}`,
  addendumRequired: 'Escribe el texto de la adenda.',
  addendumTooLong: `La adenda no puede superar los ${NOTE_MAX_LENGTH.toLocaleString('es')} caracteres.`,
  addendumOnlySigned: 'Solo se pueden agregar adendas a una nota firmada.',
  pendingTitle: 'Notas pendientes de firma',
  pendingSince: (date: string) => `Escrita el ${date}`,
  pendingError: 'No se pudieron cargar las notas pendientes de firma.',
  /** The home's count and the list of them all: a work list, never the notes' text. */
  pendingCount: (total: number) =>
    total === 1 ? '1 nota sin firmar' : `${total.toLocaleString('es')} notas sin firmar`,
  pendingNone: 'Todas tus notas están firmadas.',
  pendingViewAll: (total: number) => `Ver todas (${total.toLocaleString('es')})`,
  pendingIntro:
    'Tus notas sin firmar 24 horas después de escritas, la más antigua primero. Cada una se firma en las notas de su estudiante.',
  pendingPages: 'Páginas de las notas pendientes de firma',
} as const;

/** POST /api/students/:id/clinical-notes/:noteId/addenda, and the addendum form. */
export const addendumSchema = object({
  text: text()
    .trim()
    .required(SIGNED_NOTES_MSG.addendumRequired)
    .max(NOTE_MAX_LENGTH, SIGNED_NOTES_MSG.addendumTooLong),
});
export type AddendumBody = InferType<typeof addendumSchema>;

/** What the rules on a note read: who wrote it, and whether it is signed. */
export interface NoteStanding {
  authorId: string | null | undefined;
  signed: boolean;
}

/**
 * Why `userId` may not edit or delete the note, or null when they may
 * (docs/permissions.md#clinical-records): a signed note is changed by nobody,
 * a draft only by its author. The server answers 409 and 403 by it; the
 * student's detail offers 'Editar' and 'Eliminar' by it.
 */
export function noteChangeRefusal(
  note: NoteStanding,
  userId: string | undefined,
): 'signed' | 'notAuthor' | null {
  if (note.signed) return 'signed';
  return isNoteAuthor(note, userId) ? null : 'notAuthor';
}

/** Why `userId` may not sign the note, or null when they may: only its author signs it, once. */
export function noteSigningRefusal(
  note: NoteStanding,
  userId: string | undefined,
): 'notAuthor' | 'signed' | null {
  if (!isNoteAuthor(note, userId)) return 'notAuthor';
  return note.signed ? 'signed' : null;
}

function isNoteAuthor(note: NoteStanding, userId: string | undefined): boolean {
  return userId !== undefined && Boolean(note.authorId) && note.authorId === userId;
}
