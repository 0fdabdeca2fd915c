import { searchKey } from '@psicocampus/shared/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const ACCENTED = 'áàâäéèêëíìîïóòôöúùûüñçÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇ';
const PLAIN = 'aaaaeeeeiiiioooouuuuncaaaaeeeeiiiioooouuuunc';

/**
 * A text column (or expression) in lower case without accents. The databases
 * compare in the C collation, where 'Álvarez' would follow 'Zúñiga', so lists
 * are ordered by this folded form; searches over columns without a stored
 * search key compare against it too. Capitals are folded by translate() as
 * well: lower() leaves them alone under a plain C ctype.
 */
export function folded(value: AnyPgColumn | SQL): SQL {
  return sql`translate(lower(${value}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)})`;
}

/** `%` and `_` typed in a search are letters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The words of a search, folded as the stored keys are (`searchKey` of the shared library). */
export function searchWords(q: string | undefined): string[] {
  return q ? searchKey(q).split(/\s+/).filter(Boolean) : [];
}

/** `%word%`, for LIKE. */
export function containing(word: string): string {
  return `%${escapeLike(word)}%`;
}
