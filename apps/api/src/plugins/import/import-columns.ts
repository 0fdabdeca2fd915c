import {
  EMPLOYMENT_LABELS,
  EMPLOYMENT_STATUSES,
  GENDER_LABELS,
  GENDERS,
  MSG,
  searchKey,
  SEMESTER_LABELS,
  SEMESTERS,
  type StudentCreateBody,
} from '@psicocampus/shared/domain';

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
  /** The header's cell comment: format, limits and allowed values (SEED §5). */
  help: string;
  /** Other headers accepted for the column besides the Spanish one and the field name. */
  aliases?: string[];
  width: number;
}

const L = MSG.students.labels;
const list = (labels: Record<string, string>) => {
  const values = Object.values(labels);
  return `${values.slice(0, -1).join(', ')} u ${values.at(-1)}`;
};

/** The template's columns, in order; the import maps a file's columns onto them by header. */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    field: 'firstName',
    header: L.firstName,
    required: true,
    kind: 'text',
    help: 'Obligatorio. Solo letras y espacios (se admiten tildes y ñ), de 2 a 30 caracteres. Ejemplo: María José.\nLa fila 2 es un ejemplo: reemplázala o bórrala antes de importar.',
    aliases: ['nombre'],
    width: 22,
  },
  {
    field: 'lastName',
    header: L.lastName,
    required: true,
    kind: 'text',
    help: 'Obligatorio. Solo letras y espacios (se admiten tildes y ñ), de 2 a 30 caracteres. Ejemplo: Castillo Peña.',
    aliases: ['apellido'],
    width: 22,
  },
  {
    field: 'age',
    header: L.age,
    required: true,
    kind: 'number',
    help: 'Obligatorio. Número entero de 0 a 100.',
    width: 8,
  },
  {
    field: 'gender',
    header: L.gender,
    required: true,
    kind: 'choice',
    choices: { codes: GENDERS, labels: GENDER_LABELS },
    help: `Obligatorio. Elige de la lista: ${list(GENDER_LABELS)}.`,
    aliases: ['genero', 'sexo'],
    width: 13,
  },
  {
    field: 'email',
    header: L.email,
    required: true,
    kind: 'text',
    help: 'Obligatorio. Un correo electrónico válido, distinto en cada fila. Si ya hay un estudiante con ese correo, esa fila no se importa (se informa) y el registro existente no se modifica.',
    aliases: ['correo', 'email', 'e-mail', 'correo electronico'],
    width: 36,
  },
  {
    field: 'phone',
    header: L.phone,
    required: true,
    kind: 'text',
    help: 'Obligatorio. Un signo + opcional y después de 6 a 15 dígitos, espacios o guiones. Ejemplos: 0991234567, +593 99 123 4567.',
    aliases: ['telefono', 'celular'],
    width: 18,
  },
  {
    field: 'city',
    header: L.city,
    required: true,
    kind: 'text',
    help: 'Obligatorio. De 2 a 50 caracteres. Ejemplo: Quito.',
    width: 16,
  },
  {
    field: 'career',
    header: L.career,
    required: true,
    kind: 'text',
    help: 'Obligatorio. Nombre de la carrera, de 2 a 50 caracteres. Ejemplo: Psicología Clínica.',
    width: 26,
  },
  {
    field: 'careerLevel',
    header: L.careerLevel,
    required: true,
    kind: 'choice',
    choices: { codes: SEMESTERS, labels: SEMESTER_LABELS },
    help: `Obligatorio. Elige de la lista: ${list(SEMESTER_LABELS)}. También se acepta el número (1 a 10).`,
    aliases: ['level', 'nivel'],
    width: 12,
  },
  {
    field: 'employmentStatus',
    header: L.employmentStatus,
    required: true,
    kind: 'choice',
    choices: { codes: EMPLOYMENT_STATUSES, labels: EMPLOYMENT_LABELS },
    help: `Obligatorio. Elige de la lista: ${list(EMPLOYMENT_LABELS)}.`,
    width: 18,
  },
  {
    field: 'income',
    header: L.income,
    required: false,
    kind: 'number',
    help: 'Opcional. Ingreso mensual en dólares (USD): un número mayor o igual a 0, sin el signo $. Déjalo vacío si no tiene ingresos.',
    aliases: ['ingresos', 'ingresos usd'],
    width: 15,
  },
];

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
