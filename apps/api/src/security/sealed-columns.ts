import { randomUUID } from 'node:crypto';
import { SAFETY_PLAN_SECTION_KEYS } from '@psicocampus/shared/safety-plan';
import type { ClinicalTexts } from './clinical-texts';

/**
 * Every clinical free text the database holds, sealed (clinical-texts.ts):
 * the one list that the writes, the reads, the reseal of `npm run rotate-key`
 * and the tests that look for text in clear go by. A new free-text column of
 * a clinical record is added here, or it is stored in clear.
 */
export interface SealedTable {
  /** The table's name in SQL. */
  table: string;
  /** Text columns: the row's property, and the column's name in SQL. */
  texts: Readonly<Record<string, string>>;
  /** JSON columns whose texts (TEXT_KEYS) are sealed one by one, the rest left readable. */
  json: Readonly<Record<string, string>>;
}

/** A property's column, as the schema's snake_case casing names it. */
const snakeCase = (property: string) => property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export const SEALED_TABLES = {
  clinicalNotes: { table: 'clinical_notes', texts: { note: 'note' }, json: {} },
  clinicalNoteAddenda: { table: 'clinical_note_addenda', texts: { text: 'text' }, json: {} },
  assessmentRemarks: { table: 'assessment_remarks', texts: { text: 'text' }, json: {} },
  suicideAssessments: {
    table: 'suicide_assessments',
    texts: { clinicianReason: 'clinician_reason' },
    json: { answers: 'answers' },
  },
  safetyPlanRevisions: {
    table: 'safety_plan_revisions',
    // Every section of the plan: the shared list of them, in the columns' SQL names.
    texts: Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, snakeCase(key)])),
    json: {},
  },
} satisfies Record<string, SealedTable>;

/**
 * The keys of the assessment's answers that hold what the student said or
 * the clinician observed (docs/columbia-assessment.md): each item's
 * description, the most serious ideation's, and the observations. Answers,
 * totals, dates and scores stay readable: the statistics count them.
 */
export const TEXT_KEYS = new Set(['description', 'mostSeriousIdeationDescription', 'observations']);

type Json = unknown;

/** `value` with each text under TEXT_KEYS replaced by `change(text, its path)`. */
function mapJsonTexts(
  value: Json,
  path: string,
  change: (text: string, at: string) => string,
): Json {
  if (Array.isArray(value))
    return value.map((item, i) => mapJsonTexts(item, `${path}.${i}`, change));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, Json> = {};
  for (const [key, inner] of Object.entries(value)) {
    const at = `${path}.${key}`;
    result[key] =
      TEXT_KEYS.has(key) && typeof inner === 'string'
        ? change(inner, at)
        : mapJsonTexts(inner, at, change);
  }
  return result;
}

type Direction = 'seal' | 'open';

function convertRow<T extends object>(
  texts: ClinicalTexts,
  spec: SealedTable,
  row: T,
  rowId: string,
  direction: Direction,
): T {
  const result: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  const apply = (value: string, field: string) =>
    texts[direction](value, { table: spec.table, field, rowId });
  for (const [property, column] of Object.entries(spec.texts)) {
    const value = result[property];
    if (typeof value === 'string') result[property] = apply(value, column);
  }
  for (const [property, column] of Object.entries(spec.json)) {
    if (result[property] !== undefined && result[property] !== null) {
      result[property] = mapJsonTexts(result[property], column, apply);
    }
  }
  return result as T;
}

/** The row with its clinical texts sealed, bound to `rowId` (the row's id, chosen before the insert). */
export function sealRow<T extends object>(
  texts: ClinicalTexts,
  spec: SealedTable,
  row: T,
  rowId: string,
): T {
  return convertRow(texts, spec, row, rowId, 'seal');
}

/**
 * Rows about to be inserted together, their texts sealed: each keeps its id
 * or is given one here, since its texts are bound to it.
 */
export function sealNewRows<T extends object>(
  texts: ClinicalTexts,
  spec: SealedTable,
  rows: T[],
): Array<T & { id: string }> {
  return rows.map((row) => {
    const id = (row as { id?: string }).id ?? randomUUID();
    return sealRow(texts, spec, { ...row, id }, id);
  });
}

/** The row as read, its clinical texts opened; `id` binds them unless the row's own id is given. */
export function openRow<T extends { id: string }>(
  texts: ClinicalTexts,
  spec: SealedTable,
  row: T,
): T {
  return convertRow(texts, spec, row, row.id, 'open');
}

/** Opens the texts of a row selected without its id in the same object. */
export function openRowOf<T extends object>(
  texts: ClinicalTexts,
  spec: SealedTable,
  row: T,
  rowId: string,
): T {
  return convertRow(texts, spec, row, rowId, 'open');
}

/**
 * Every sealed value of a stored row (`row` read in SQL names) with its
 * field: what the reseal and the checks walk.
 */
export function storedValues(
  spec: SealedTable,
  row: Record<string, unknown>,
): Array<{ field: string; value: string }> {
  const found: Array<{ field: string; value: string }> = [];
  for (const column of Object.values(spec.texts)) {
    const value = row[column];
    if (typeof value === 'string') found.push({ field: column, value });
  }
  for (const column of Object.values(spec.json)) {
    mapJsonTexts(row[column], column, (value, field) => {
      found.push({ field, value });
      return value;
    });
  }
  return found;
}

/** A stored row (SQL names) with each of its texts resealed by `change`. */
export function changeStored(
  spec: SealedTable,
  row: Record<string, unknown>,
  change: (value: string, field: string) => string,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const column of Object.values(spec.texts)) {
    const value = row[column];
    result[column] = typeof value === 'string' ? change(value, column) : value;
  }
  for (const column of Object.values(spec.json)) {
    result[column] = mapJsonTexts(row[column], column, change);
  }
  return result;
}
