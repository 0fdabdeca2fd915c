import { object, type InferType } from 'yup';
import { text } from './text';
import { MSG } from '../messages';
import { versionField } from './student.schemas';

/** docs/limits-and-budgets.md#limits-and-bad-input: a clinical note holds at most 20,000 characters. */
export const NOTE_MAX_LENGTH = 20_000;

/** POST /api/students/:id/clinical-notes, and the note modal. */
export const clinicalNoteSchema = object({
  note: text().trim().required(MSG.notes.required).max(NOTE_MAX_LENGTH, MSG.notes.tooLong),
});
export type ClinicalNoteBody = InferType<typeof clinicalNoteSchema>;

/** PUT .../clinical-notes/:noteId: the text and the version it was read at. */
export const clinicalNoteUpdateSchema = clinicalNoteSchema.shape({
  version: versionField(),
});
export type ClinicalNoteUpdateBody = InferType<typeof clinicalNoteUpdateSchema>;
