/** The id of the clinical-notes block of the student detail: 'Notas' opens `patients/:id#notas`. */
export const NOTES_ANCHOR = 'notas';
