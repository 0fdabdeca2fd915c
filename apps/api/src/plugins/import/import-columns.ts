import {
  EMPLOYMENT_LABELS,
  GENDER_LABELS,
  MSG,
  searchKey,
  SEMESTER_LABELS,
  studentCreateSchema,
  type StudentCreateBody,
} from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';

export type StudentField = keyof StudentCreateBody;

/** How a column's cells become a value for the shared schema. */
export type ColumnKind = 'text' | 'number' | 'choice';

export interface ImportColumn {
  field: StudentField;
  /** The Spanish header of the template, and the column named in every problem. */
  header: string;
  required: boolean;
  kind: ColumnKind;
  /** For choices: the codes and the Spanish labels the drop-down offers. */
  choices?: { codes: readonly string[]; labels: Record<string, string> };
  /** The header's cell comment: format, limits and allowed values (docs/rules-and-messages.md#validation-rules). */
  help: string;
  /** Other headers accepted for the column besides the Spanish one and the field name. */
  aliases?: string[];
  width: number;
}

type ColumnPresentation = Pick<ImportColumn, 'header' | 'help' | 'aliases' | 'width'> & {
  /** For a choice: the Spanish label of each code the schema accepts. */
  labels?: Record<string, string>;
};

const L = MSG.students.labels;
const HELP = SERVER_MSG.import.help;
/** "A, B o C": Spanish writes "u" for "o" only before a word that starts with the sound o (u Octavo). */
const list = (labels: Record<string, string>) => {
  const values = Object.values(labels);
  const last = values.at(-1)!;
  return `${values.slice(0, -1).join(', ')} ${/^h?o/i.test(last) ? 'u' : 'o'} ${last}`;
};

/**
 * How each field of the student schema appears in the template. The record
 * is keyed by the schema's fields, so a field added there fails to compile
 * here until it has its header and comment.
 */
const PRESENTATION: Record<StudentField, ColumnPresentation> = {
  firstName: {
    header: L.firstName,
    help: HELP.firstName,
    aliases: ['nombre'],
    width: 22,
  },
  lastName: {
    header: L.lastName,
    help: HELP.lastName,
    aliases: ['apellido'],
    width: 22,
  },
  age: {
    header: L.age,
    help: HELP.age,
    width: 8,
  },
  gender: {
    header: L.gender,
    labels: GENDER_LABELS,
    help: HELP.gender(list(GENDER_LABELS)),
    aliases: ['genero', 'sexo'],
    width: 13,
  },
  email: {
    header: L.email,
    help: HELP.email,
    aliases: ['correo', 'email', 'e-mail', 'correo electronico'],
    width: 36,
  },
  phone: {
    header: L.phone,
    help: HELP.phone,
    aliases: ['telefono', 'celular'],
    width: 18,
  },
  city: {
    header: L.city,
    help: HELP.city,
    width: 16,
  },
  career: {
    header: L.career,
    help: HELP.career,
    width: 26,
  },
  careerLevel: {
    header: L.careerLevel,
    labels: SEMESTER_LABELS,
    help: HELP.careerLevel(list(SEMESTER_LABELS)),
    aliases: ['level', 'nivel'],
    width: 12,
  },
  employmentStatus: {
    header: L.employmentStatus,
    labels: EMPLOYMENT_LABELS,
    help: HELP.employmentStatus(list(EMPLOYMENT_LABELS)),
    width: 18,
  },
  income: {
    header: L.income,
    help: HELP.income,
    aliases: ['ingresos', 'ingresos usd'],
    width: 15,
  },
};

const SCHEMA_FIELDS = studentCreateSchema.describe().fields;

/**
 * The template's columns, in the student schema's order; the import maps a
 * file's columns onto them by header. What a column accepts (required or
 * not, a number, one of a list of codes) is read from the schema itself, the
 * one the form and POST /api/students use; import-columns.test.ts checks
 * that each comment states the schema's limits.
 */
export const IMPORT_COLUMNS: readonly ImportColumn[] = (
  Object.keys(SCHEMA_FIELDS) as StudentField[]
).map((field) => {
  const rules = SCHEMA_FIELDS[field]!;
  const { labels, ...presentation } = PRESENTATION[field];
  const codes =
    'oneOf' in rules ? rules.oneOf.filter((code): code is string => typeof code === 'string') : [];
  if (codes.length > 0 && !labels) throw new Error(`The import has no labels for ${field}.`);
  return {
    field,
    ...presentation,
    required: !('optional' in rules && rules.optional),
    kind: codes.length > 0 ? 'choice' : rules.type === 'number' ? 'number' : 'text',
    ...(codes.length > 0 ? { choices: { codes, labels: labels! } } : {}),
  };
});

/** Headers and codes compared without case, accents or extra spaces. */
export function normalizeLabel(text: string): string {
  return searchKey(text).replace(/\s+/g, ' ').trim();
}

const COLUMN_BY_HEADER = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((column) =>
    [column.header, column.field, ...(column.aliases ?? [])].map(
      (name) => [normalizeLabel(name), column] as const,
    ),
  ),
);

/** The template column a file's header names, if any. */
export function columnForHeader(header: string): ImportColumn | undefined {
  return COLUMN_BY_HEADER.get(normalizeLabel(header));
}

/**
 * The code a choice cell means: the code itself (FEMENINO) or its Spanish
 * label (Femenino), in any case and with or without accents; for the
 * semester also its number. Undefined when it means none of them.
 */
export function choiceCode(column: ImportColumn, value: string): string | undefined {
  const { codes, labels } = column.choices!;
  const wanted = normalizeLabel(value);
  const code = codes.find(
    (candidate) =>
      normalizeLabel(candidate) === wanted || normalizeLabel(labels[candidate]!) === wanted,
  );
  if (code || column.field !== 'careerLevel' || !/^\d{1,2}$/.test(wanted)) return code;
  return codes[Number(wanted) - 1];
}
