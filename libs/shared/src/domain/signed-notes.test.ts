import { ValidationError } from 'yup';
import { MSG } from './messages';
import { NOTE_MAX_LENGTH } from './schemas/note.schemas';
import {
  addendumSchema,
  noteChangeRefusal,
  noteSigningRefusal,
  SIGNED_NOTES_MSG,
} from './signed-notes';

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

describe('who may change or sign a note (the server and the screens both ask these)', () => {
  const author = 'a1';
  const colleague = 'c2';
  const draft = { authorId: author, signed: false };
  const signed = { authorId: author, signed: true };

  it('lets the author edit, delete and sign their draft', () => {
    expect(noteChangeRefusal(draft, author)).toBeNull();
    expect(noteSigningRefusal(draft, author)).toBeNull();
  });

  it('refuses a colleague, and anyone when the author is unknown or no one is signed in', () => {
    expect(noteChangeRefusal(draft, colleague)).toBe('notAuthor');
    expect(noteSigningRefusal(draft, colleague)).toBe('notAuthor');
    expect(noteChangeRefusal({ authorId: null, signed: false }, author)).toBe('notAuthor');
    expect(noteChangeRefusal(draft, undefined)).toBe('notAuthor');
  });

  it('changes a signed note for nobody, its author included, and signs it once', () => {
    expect(noteChangeRefusal(signed, author)).toBe('signed');
    expect(noteChangeRefusal(signed, colleague)).toBe('signed');
    expect(noteSigningRefusal(signed, author)).toBe('signed');
    // A colleague is told first that the note is not theirs, as the server answers 403 before 409.
    expect(noteSigningRefusal(signed, colleague)).toBe('notAuthor');
  });
});
