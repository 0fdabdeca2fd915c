import type { ClinicalTexts } from '../../src/security/clinical-texts';
import { openRow, SEALED_TABLES, sealNewRows } from '../../src/security/sealed-columns';

/**
 * Rows a test writes straight to the database, their clinical texts sealed
 * as the server seals them (a row in clear is refused when read): each gets
 * an id, which its texts are bound to, unless it has one.
 */
export function sealedRows<T extends object>(
  texts: ClinicalTexts,
  table: keyof typeof SEALED_TABLES,
  rows: T[],
): Array<T & { id: string }> {
  return sealNewRows(texts, SEALED_TABLES[table], rows);
}

/** A row read straight from the database, its clinical texts opened as the server opens them. */
export function openedRow<T extends { id: string }>(
  texts: ClinicalTexts,
  table: keyof typeof SEALED_TABLES,
  row: T,
): T {
  return openRow(texts, SEALED_TABLES[table], row);
}
