import type { AnyObject, ObjectSchema } from 'yup';
import { MSG } from '../messages';
import { profileSchema } from './profile.schemas';
import { studentEditFormSchema, studentFormSchema } from './student.schemas';
import { userSchema } from './user.schemas';

/** Every schema that takes a person's name: students (modal, edit screen, import, server) and staff. */
const SCHEMAS: Array<[string, ObjectSchema<AnyObject>]> = [
  ['student form, import and POST /api/students', studentFormSchema],
  ['student edit screen', studentEditFormSchema],
  ['staff account (POST/PUT /api/users)', userSchema],
  ["one's own profile", profileSchema],
];

/** The first name's error under `schema`, or null when the name is accepted. */
function firstNameError(schema: ObjectSchema<AnyObject>, firstName: string): string | null {
  try {
    schema.validateSyncAt('firstName', { firstName });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const ACCEPTED = [
  'María José',
  'Ñandú',
  'Pérez-Luna',
  "O'Brien",
  'O’Brien',
  'Jean-Luc de la Fuente',
  '  Ana  ', // trimmed
];

const REFUSED: Array<[string, string]> = [
  ['Ana3', MSG.students.nameLetters],
  ['Pérez_', MSG.students.nameLetters],
  ['-Ana', MSG.students.nameLetters],
  ["Ana'", MSG.students.nameLetters],
  ['Ana--Luz', MSG.students.nameLetters],
  ['Ana - Luz', MSG.students.nameLetters],
  ['A', MSG.students.nameLength],
  ['A'.repeat(31), MSG.students.nameLength],
  ['', MSG.students.firstNameRequired],
];

describe('a person name: one rule for students and staff (docs/decisions.md)', () => {
  it.each(SCHEMAS)(
    '%s accepts letters, spaces, and a hyphen or apostrophe between letters',
    (_n, schema) => {
      for (const name of ACCEPTED)
        expect([name, firstNameError(schema, name)]).toEqual([name, null]);
    },
  );

  it.each(SCHEMAS)('%s refuses anything else, with the same message', (_n, schema) => {
    for (const [name, message] of REFUSED) {
      expect([name, firstNameError(schema, name)]).toEqual([name, message]);
    }
  });
});
