import {
  PHONE_PATTERN,
  studentCreateSchema,
  studentFormSchema,
  type StudentCreateBody,
} from '@psicocampus/shared/domain';
import { choiceCode, IMPORT_COLUMNS, type ImportColumn } from './import-columns';
import { EXAMPLE_ROW } from './template';

/**
 * The template's columns and their comments against the student schema that
 * validates every imported row: what the comment tells the person filling
 * the sheet is what the import will then accept.
 */

const fields = studentCreateSchema.describe().fields;

function limits(column: ImportColumn): { min?: number; max?: number } {
  const rules = fields[column.field]!;
  const tests = 'tests' in rules ? rules.tests : [];
  const param = (name: 'min' | 'max') =>
    tests.find((test) => test.name === name)?.params?.[name] as number | undefined;
  return { min: param('min'), max: param('max') };
}

describe('the import columns', () => {
  it('are the student schema’s fields, in its order, as the form has them', () => {
    expect(IMPORT_COLUMNS.map((column) => column.field)).toEqual(Object.keys(fields));
    expect(Object.keys(studentFormSchema.fields)).toEqual(Object.keys(fields));
  });

  it('say in each comment whether the schema requires the field', () => {
    for (const column of IMPORT_COLUMNS) {
      const rules = fields[column.field]!;
      const optional = 'optional' in rules && rules.optional;
      expect([column.field, column.help.split('.')[0]]).toEqual([
        column.field,
        optional ? 'Opcional' : 'Obligatorio',
      ]);
      expect(column.required).toBe(!optional);
    }
  });

  it('state the schema’s lengths and ranges', () => {
    for (const column of IMPORT_COLUMNS) {
      const { min, max } = limits(column);
      if (column.kind === 'text' && min !== undefined && max !== undefined) {
        expect([column.field, column.help]).toEqual([
          column.field,
          expect.stringMatching(new RegExp(`[Dd]e ${min} a ${max} caracteres`)),
        ]);
      }
      if (column.kind === 'number' && min !== undefined) {
        // A range a person would type (age), or only its floor (income up to 10⁹).
        const range =
          max !== undefined && max <= 1000 ? `de ${min} a ${max}` : `mayor o igual a ${min}`;
        expect([column.field, column.help]).toEqual([column.field, expect.stringContaining(range)]);
      }
    }
    const [, from, to] = /\{(\d+),(\d+)\}/.exec(PHONE_PATTERN.source)!;
    const phone = IMPORT_COLUMNS.find((column) => column.field === 'phone')!;
    expect(phone.help).toContain(`de ${from} a ${to} dígitos`);
  });

  it('offer exactly the codes the schema accepts, each with its Spanish label in the comment', () => {
    const choices = IMPORT_COLUMNS.filter((column) => column.kind === 'choice');
    expect(choices.map((column) => column.field)).toEqual([
      'gender',
      'careerLevel',
      'employmentStatus',
    ]);
    for (const column of choices) {
      const rules = fields[column.field]!;
      expect(column.choices!.codes).toEqual('oneOf' in rules ? rules.oneOf : []);
      for (const code of column.choices!.codes) {
        expect(column.help).toContain(column.choices!.labels[code]!);
        expect(choiceCode(column, column.choices!.labels[code]!)).toBe(code);
      }
    }
    // The drop-down offers the names only, so the comment promises nothing else;
    // a number typed in a file made without the template is still read (choiceCode).
    const semester = IMPORT_COLUMNS.find((column) => column.field === 'careerLevel')!;
    expect(semester.help).not.toMatch(/\d/);
    expect(choiceCode(semester, '3')).toBe('TERCERO');
  });

  it('give examples in their comments that the schema accepts', async () => {
    const examples = IMPORT_COLUMNS.flatMap((column) => {
      const listed = /Ejemplos?: (.+?)\.(?:\n|$)/.exec(column.help)?.[1];
      return listed ? listed.split(', ').map((example) => [column.field, example] as const) : [];
    });
    expect(examples.map(([field]) => field)).toEqual(
      expect.arrayContaining(['firstName', 'lastName', 'phone', 'city', 'career']),
    );
    for (const [field, example] of examples) {
      await expect(studentCreateSchema.validateAt(field, { [field]: example })).resolves.toBe(
        example,
      );
    }
  });

  it('have an example row the schema accepts', async () => {
    const student = Object.fromEntries(
      IMPORT_COLUMNS.map((column) => {
        const value = EXAMPLE_ROW[column.field];
        return [column.field, column.kind === 'choice' ? choiceCode(column, String(value)) : value];
      }),
    );
    await expect(studentCreateSchema.validate(student, { strict: false })).resolves.toEqual(
      student as StudentCreateBody,
    );
  });
});
