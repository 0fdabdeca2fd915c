/** The id of the clinical-notes block of the student detail: 'Notas' opens `patients/:id#notas`. */
export const NOTES_ANCHOR = 'notas';

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
