import { number, object, ObjectSchema, StringSchema, ValidationError, type Schema } from 'yup';
import { MSG } from '../messages';
import * as domainSchemas from './index';
import * as assessmentSchemas from './assessment.schemas';
import { appointmentSchema } from './appointment.schemas';
import { allErrorMessages } from './error-messages';
import { clinicalNoteSchema, clinicalNoteUpdateSchema } from './note.schemas';
import { studentEditSchema, studentFormSchema } from './student.schemas';
import { hasBidiControl, isStorableText } from './text';
import { userSchema } from './user.schemas';

const { assessmentCreateSchema, finalRemarksSchema } = assessmentSchemas;
/** Every schema of the library: the domain's and the Columbia entry's. */
const schemas = { ...domainSchemas, ...assessmentSchemas };

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

/** Every bidirectional control the text fields refuse. */
const BIDI_CONTROLS = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];

describe('hasBidiControl', () => {
  it.each(BIDI_CONTROLS.map((char) => [`U+${char.codePointAt(0)!.toString(16)}`, char]))(
    '%s',
    (_, char) => {
      expect(hasBidiControl(`Refiere ${char}mejoría`)).toBe(true);
    },
  );

  it.each([
    ['plain Spanish', 'Pérez Núñez, ¿mejor? ¡sí!'],
    ['emoji and joiners', 'Ánimo 🙂 👩‍👩‍👧'],
    ['combining marks', 'e\u0301'],
    ['Arabic letters without controls', 'مرحبا'],
    ['zero-width space and no-break space', 'a\u200bb\u00a0c'],
  ])('lets %s through', (_, value) => {
    expect(hasBidiControl(value)).toBe(false);
  });
});

/**
 * The string fields of every shared schema, at any depth, with their dotted
 * path: the assessment's sections included. Built afresh from the exports,
 * so a field added later is covered without touching this test.
 */
function stringFields(schema: ObjectSchema<never>, prefix = ''): Array<[string, Schema]> {
  return Object.entries(schema.fields as Record<string, Schema>).flatMap(([key, field]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (field instanceof ObjectSchema) return stringFields(field as ObjectSchema<never>, path);
    return field instanceof StringSchema ? [[path, field] as [string, Schema]] : [];
  });
}

function everySharedSchema(): Array<[string, ObjectSchema<never>]> {
  return Object.entries(schemas as Record<string, unknown>).flatMap(([name, value]) => {
    if (value instanceof ObjectSchema) return [[name, value as ObjectSchema<never>]];
    if (name === 'assessmentCreateSchema') {
      return [[name, assessmentCreateSchema('2026-11-21') as unknown as ObjectSchema<never>]];
    }
    return [];
  });
}

/** Passwords being checked: compared, never shown; an old one may hold anything storable. */
const SECRETS = new Set(['loginSchema.password', 'loginFormSchema.password']);
const isSecret = (name: string) => SECRETS.has(name) || name.endsWith('.currentPassword');

function messagesFor(field: Schema, value: unknown): string[] {
  try {
    field.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.errors;
  }
}

describe('every text field of every shared schema refuses bidirectional controls', () => {
  const cases = everySharedSchema().flatMap(([name, schema]) =>
    stringFields(schema).map(([path, field]) => [`${name}.${path}`, field] as const),
  );

  it('finds the text fields of forms, server and import (notes, students, users, assessments, appointments)', () => {
    const names = cases.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'clinicalNoteSchema.note',
        'studentCreateSchema.city',
        'studentEditSchema.career',
        'userSchema.firstName',
        'profileSchema.lastName',
        'appointmentSchema.reason',
        'appointmentSchema.notes',
        'assessmentAnswersSchema.observations',
        'assessmentAnswersSchema.deathWish.description',
        'assessmentAnswersSchema.ideationIntensity.mostSeriousIdeationDescription',
        'finalRemarksSchema.finalRemarks',
        'resetPasswordSchema.password',
      ]),
    );
    expect(cases.length).toBeGreaterThan(60);
  });

  // A confirmation must equal the password above it, which refuses them itself.
  const confirmations = (name: string) => name.endsWith('.confirmation');

  it.each(cases.filter(([name]) => !isSecret(name) && !confirmations(name)))('%s', (_, field) => {
    for (const char of BIDI_CONTROLS) {
      expect(messagesFor(field, `Texto ${char}de prueba`)).toContain(MSG.validation.bidiControl);
    }
  });

  it.each(cases.filter(([name]) => isSecret(name)))(
    '%s (a password being checked) accepts them',
    (_, field) => {
      expect(messagesFor(field, 'una frase \u202e larga')).not.toContain(
        MSG.validation.bidiControl,
      );
    },
  );
});

/**
 * The text fields a person writes on several lines: a textarea in every
 * form. Every other text field is one line, and the rule below holds it.
 */
const MULTI_LINE = [
  /\.note$/,
  /\.notes$/,
  /\.text$/,
  /\.description$/,
  /\.mostSeriousIdeationDescription$/,
  /\.observations$/,
  /^finalRemarksSchema\.finalRemarks$/,
];
const isMultiLine = (name: string) => MULTI_LINE.some((pattern) => pattern.test(name));

describe('every single-line text field refuses line breaks, tabs and other controls', () => {
  const cases = everySharedSchema().flatMap(([name, schema]) =>
    stringFields(schema).map(([path, field]) => [`${name}.${path}`, field] as const),
  );
  const BREAKS = ['\r\n', '\n', '\r', '\t', '\u2028', '\u2029', '\u0085', '\u000b'];

  it.each(cases.filter(([name]) => !isSecret(name) && !isMultiLine(name)))('%s', (_, field) => {
    for (const char of BREAKS) expect(messagesFor(field, `Perez${char}X`)).not.toEqual([]);
  });

  it.each([
    ['a first name', 'userSchema.firstName'],
    ["a student's last name", 'studentCreateSchema.lastName'],
    ['an e-mail address', 'profileSchema.email'],
    ['a city', 'studentEditSchema.city'],
    ['a phone', 'studentCreateSchema.phone'],
    ["an appointment's reason", 'appointmentSchema.reason'],
  ])('says so in Spanish for %s', (_, name) => {
    const field = cases.find(([candidate]) => candidate === name)?.[1];
    expect(field).toBeDefined();
    for (const char of BREAKS) {
      expect(messagesFor(field!, `Perez${char}X`)).toContain(MSG.validation.singleLine);
    }
  });

  it.each(cases.filter(([name]) => isMultiLine(name)))('%s keeps its lines', (_, field) => {
    expect(messagesFor(field, 'Primera línea.\r\nSegunda línea.\tcon tabulación')).toEqual([]);
  });
});

describe('a bidirectional control is refused with its own message, where each text is entered', () => {
  const trojan = 'Sin riesgo \u202eotse ne ,otla\u202c';

  it('a clinical note', () => {
    expect(allErrorMessages(clinicalNoteSchema, { note: trojan })).toEqual([
      MSG.validation.bidiControl,
    ]);
  });

  it('a student (the modal, the edit screen and each row of an import)', () => {
    const student = {
      firstName: 'Ana',
      lastName: 'Peña',
      age: 20,
      email: 'ana@uni.test',
      phone: '0991234567',
      city: 'Qui\u2067to',
      career: 'Medicina',
      gender: 'FEMENINO',
      careerLevel: 'PRIMERO',
      employmentStatus: 'EMPLEADO',
    };
    expect(allErrorMessages(studentFormSchema, student)).toEqual([MSG.validation.bidiControl]);
    expect(
      allErrorMessages(studentEditSchema, {
        firstName: 'Ana',
        lastName: 'Peña',
        age: 20,
        career: 'Medi\u200fcina',
        version: 1,
      }),
    ).toEqual([MSG.validation.bidiControl]);
  });

  it('an account, an appointment and final remarks', () => {
    expect(
      allErrorMessages(userSchema, {
        firstName: 'Ana',
        lastName: 'Peña',
        email: 'ana\u202e@uni.test',
        role: 'PSYCHOLOGIST',
      }),
    ).toContain(MSG.validation.bidiControl);
    expect(
      allErrorMessages(appointmentSchema, {
        studentId: '3f0c6a52-8e7b-4c1d-9a2e-5b6c7d8e9f01',
        date: new Date(Date.now() + 86_400_000).toISOString(),
        reason: 'Seguimiento',
        notes: trojan,
      }),
    ).toEqual([MSG.validation.bidiControl]);
    expect(allErrorMessages(finalRemarksSchema, { finalRemarks: trojan })).toEqual([
      MSG.validation.bidiControl,
    ]);
  });
});
