import { ValidationError } from 'yup';
import { MSG } from './messages';
import { NOTE_MAX_LENGTH } from './schemas/note.schemas';
import { addendumSchema, SIGNED_NOTES_MSG } from './signed-notes';

/** The addendum's schema: the form's and the server's. */
function errorsOf(value: unknown): string[] {
  try {
    addendumSchema.validateSync(value, { abortEarly: false, stripUnknown: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.errors;
  }
}

describe('addendumSchema', () => {
  it('trims the text and takes up to the note’s limit', () => {
    expect(addendumSchema.validateSync({ text: '  Corrección.  ' })).toEqual({
      text: 'Corrección.',
    });
    expect(errorsOf({ text: 'ñ'.repeat(NOTE_MAX_LENGTH) })).toEqual([]);
  });

  it('refuses an empty text, one over the limit and one with a bidirectional control, each in Spanish', () => {
    expect(errorsOf({ text: '   ' })).toEqual([SIGNED_NOTES_MSG.addendumRequired]);
    expect(errorsOf({})).toEqual([SIGNED_NOTES_MSG.addendumRequired]);
    expect(errorsOf({ text: 'a'.repeat(NOTE_MAX_LENGTH + 1) })).toEqual([
      SIGNED_NOTES_MSG.addendumTooLong,
    ]);
    expect(errorsOf({ text: 'Sin riesgo \u202eotla\u202c' })).toEqual([MSG.validation.bidiControl]);
  });
});
