/** The id of the clinical-notes block of the student detail: 'Notas' opens `patients/:id#notas`. */
export const NOTES_ANCHOR = 'notas';

/**
 * The address parameter of a link to one note of the student detail
 * (`patients/:id?nota=<id>`): the home's and 'pending-notes' rows open the
 * page of the student's notes that holds it, with the note in view.
 */
export const LINKED_NOTE_PARAM = 'nota';

/** The address parameter of the page of the student detail's notes (`?notas=2`; page 1 has none). */
export const NOTES_PAGE_PARAM = 'notas';

/** The address parameter of the page of the student detail's 'Historial de cambios' (`?cambios=2`). */
export const HISTORY_PAGE_PARAM = 'cambios';

/** The id of the student detail's appointments block: "Agendar cita" of the home opens `patients/:id#citas`. */
export const APPOINTMENTS_ANCHOR = 'citas';

/** The navigation state with which the list's 'Notas' asks the detail to open the new-note modal. */
export interface WriteNoteState {
  writeNote: true;
}

export const WRITE_NOTE_STATE: WriteNoteState = { writeNote: true };

export function asksToWriteNote(state: unknown): boolean {
  return (state as Partial<WriteNoteState> | null)?.writeNote === true;
}
