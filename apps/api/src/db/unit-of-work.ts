import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client';

/**
 * The transaction of the request being handled, if it runs in one. A write
 * and its audit row commit together or not at all (docs/decisions.md#audit-and-database-roles), and the
 * handlers, queries and rules that take part in it need not be told: they
 * keep using the server's one `ctx.db`, which means this transaction while
 * it is open.
 *
 * This is also what keeps PGlite from waiting on itself: it has a single
 * connection, so a query sent outside a transaction that is open on it
 * would wait for that transaction, which waits for the query.
 */
const currentTransaction = new AsyncLocalStorage<Database>();

const ROOT = Symbol('root database');

type UnitOfWorkDatabase = Database & { [ROOT]: Database };

/**
 * `root` as every request should see it: the request's transaction while
 * one is open (see `inTransaction`), `root` otherwise.
 */
export function unitOfWorkDatabase(root: Database): Database {
  return new Proxy(root, {
    get(target, property) {
      if (property === ROOT) return target;
      const db = currentTransaction.getStore() ?? target;
      const value: unknown = Reflect.get(db, property, db);
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
}

/**
 * What `db` means right now: the open transaction, or the database itself.
 * Statements prepared once per database are bound to this, never to the
 * ever-changing view above.
 */
export function resolveDatabase(db: Database): Database {
  const root = (db as Partial<UnitOfWorkDatabase>)[ROOT];
  if (root === undefined) return db;
  return currentTransaction.getStore() ?? root;
}

/**
 * Runs `work` in one transaction on `db`, during which `db` (through
 * `unitOfWorkDatabase`) means that transaction. It commits when `work`
 * returns and rolls back when it throws.
 */
export function inTransaction<T>(db: Database, work: () => Promise<T>): Promise<T> {
  return resolveDatabase(db).transaction((tx) =>
    currentTransaction.run(tx as unknown as Database, work),
  );
}

/**
 * Runs `work` as if no request's transaction were open: for work a request
 * starts and leaves running after its answer (a mail prepared later), whose
 * transaction will have ended by then. Promises `work` creates keep this.
 */
export function outsideTransaction<T>(work: () => T): T {
  return currentTransaction.exit(work);
}
