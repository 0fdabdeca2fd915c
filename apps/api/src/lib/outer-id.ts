import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `"table"."id"` of an outer query, written out for a correlated subquery.
 * In a one-table select drizzle leaves columns unqualified, so a bare "id"
 * inside the subquery would name the subquery's own table instead.
 */
export function outerId(table: PgTable): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier('id')}`;
}
