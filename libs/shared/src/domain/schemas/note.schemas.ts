import { number, object, string, type InferType } from 'yup';
import { MSG } from '../messages';

/** PRODUCT §10: a clinical note holds at most 20,000 characters. */
export const NOTE_MAX_LENGTH = 20_000;

/** POST /api/students/:id/clinical-notes, and the note modal. */
export const clinicalNoteSchema = object({
  note: string().trim().required(MSG.notes.required).max(NOTE_MAX_LENGTH, MSG.notes.tooLong),
});
export type ClinicalNoteBody = InferType<typeof clinicalNoteSchema>;

/** PUT .../clinical-notes/:noteId: the text and the version it was read at. */
export const clinicalNoteUpdateSchema = clinicalNoteSchema.shape({
  version: number()
    .typeError(MSG.students.versionRequired)
    .required(MSG.students.versionRequired)
    .integer()
    .min(1),
});
export type ClinicalNoteUpdateBody = InferType<typeof clinicalNoteUpdateSchema>;
