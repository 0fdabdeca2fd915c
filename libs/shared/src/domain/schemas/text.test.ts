import { number, object } from 'yup';
import { MSG } from '../messages';
import { assessmentCreateSchema } from './assessment.schemas';
import { allErrorMessages } from './error-messages';
import { clinicalNoteUpdateSchema } from './note.schemas';
import { studentFormSchema } from './student.schemas';
import { isStorableText } from './text';

const V = MSG.validation;

describe('isStorableText', () => {
  it.each([
    ['plain Spanish', 'Pérez Núñez', true],
    ['emoji (a whole surrogate pair)', 'Ánimo 🙂', true],
    ['right-to-left and combining marks', '\u202eabc e\u0301', true],
    ['NUL', 'Ana\u0000', false],
    ['a high surrogate alone', 'Lucía\ud83d', false],
    ['a low surrogate alone', '\ude00Quito', false],
    ['two halves in the wrong order', '\ude42\ud83d', false],
  ])('%s', (_, value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });
});

describe('every text field refuses what cannot be stored', () => {
  const student = {
    firstName: 'Ana',
    lastName: 'Peña',
    age: 20,
    email: 'ana@uni.test',
    phone: '0991234567',
    city: 'Quito',
    career: 'Medicina',
    gender: 'FEMENINO',
    careerLevel: 'PRIMERO',
    employmentStatus: 'EMPLEADO',
  };

  it('in the student form (and so in each row of an import)', () => {
    expect(allErrorMessages(studentFormSchema, student)).toEqual([]);
    expect(allErrorMessages(studentFormSchema, { ...student, city: 'Qui\u0000to' })).toEqual([
      V.invalidCharacters,
    ]);
  });
});

describe("the schemas' default messages are Spanish and never quote the value", () => {
  it('for a section of the wrong type', () => {
    const messages = allErrorMessages(assessmentCreateSchema('2026-11-21'), {
      deathWish: 'secreto',
    });
    expect(messages).toContain(V.wrongType);
    expect(messages.join(' ')).not.toMatch(/secreto|must be/);
  });

  it('for a rule a schema names no message for', () => {
    expect(allErrorMessages(object({ n: number().integer().min(2) }), { n: 1.5 })).toEqual([
      V.integer,
    ]);
  });

  it('for a version no record can have', () => {
    expect(allErrorMessages(clinicalNoteUpdateSchema, { note: 'x', version: 2 ** 31 })).toEqual([
      MSG.students.versionRequired,
    ]);
  });
});
