import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { resolveDatabase } from './unit-of-work';

/**
 * Statements built once per database and kept as long as it is: on the
 * hottest calls (every session check, a student's detail, the audit row)
 * drizzle building the SQL anew was the largest share of the server's CPU.
 */
export function preparedFor<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (view) => {
    // Built on the database (or the transaction) it runs on, never on the
    // request's changing view of it: a statement built inside a transaction
    // must not outlive it.
    const db = resolveDatabase(view);
    let statements = built.get(db);
    if (statements === undefined) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}

/**
 * A placeholder filled as `column` encodes its values (a Date as ISO text).
 * A bare one in a condition reaches the driver as given, and each driver
 * writes a Date its own way.
 */
export function columnPlaceholder(name: string, column: AnyColumn): SQL {
  return sql.param<unknown, unknown>(sql.placeholder(name), column).getSQL();
}
