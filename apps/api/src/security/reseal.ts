import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { purgeRole } from '../retention/retention.queries';
import { ClinicalKeyError, sealedKeyId, type ClinicalTexts } from './clinical-texts';
import {
  changeStored,
  SEALED_TABLES,
  storedValues,
  TEXT_KEYS,
  type SealedTable,
} from './sealed-columns';

/**
 * Rewrites stored clinical texts under the current key: those under an
 * older key (`npm run rotate-key`), and those still in clear, written before
 * texts were sealed (the first start of this version). As the schema's
 * owner, through the reseal's door of the append-only triggers (migration
 * 0021): only the sealed columns of a row change, to the same text.
 *
 * Each row is rewritten only if it still holds what was read, so a draft
 * saved meanwhile by the server (already under the current key) is left as
 * saved, and two reseals at once do not fight. Rows go by id, a batch per
 * transaction: a reseal that stops half-way leaves every row readable with
 * the keys it had, and the next one takes up what is left.
 */

/** Which stored values a pass looks for. */
export type ResealTarget =
  /** Not under the current key: what a rotation rewrites. */
  | 'not-current'
  /** Under no key this server holds, or in clear: what it could not read. */
  | 'unreadable';

const BATCH = 200;

/** `c1:` and the key id's 8 digits and `:`. */
const PREFIX_LENGTH = 12;

type StoredRow = Record<string, unknown> & { id: string };

/** Whether a value is one a pass rewrites. */
function isTarget(texts: ClinicalTexts, held: string[], target: ResealTarget, value: string) {
  if (value === '') return false;
  if (target === 'not-current') return !texts.isCurrent(value);
  const id = sealedKeyId(value);
  return id === null || !held.includes(id);
}

/** SQL for "a row holds a value not sealed under any of `keyIds`". */
function holdsOtherThan(spec: SealedTable, keyIds: string[]): SQL {
  const prefixes = keyIds.map((id) => `c1:${id}:`);
  const parts: SQL[] = [];
  for (const column of Object.values(spec.texts)) {
    const c = sql.identifier(column);
    // Only the prefix is read: a long text stored apart (TOAST) is not decompressed whole.
    const known = sql.join(
      prefixes.map((p) => sql`${p}`),
      sql`, `,
    );
    parts.push(sql`(${c} <> '' and left(${c}, ${PREFIX_LENGTH}) not in (${known}))`);
  }
  for (const column of Object.values(spec.json)) {
    const c = sql.identifier(column);
    const vars = JSON.stringify(Object.fromEntries(prefixes.map((p, i) => [`p${i}`, p])));
    const under = prefixes.map((_, i) => `@ starts with $p${i}`).join(' || ');
    for (const key of TEXT_KEYS) {
      const path = `$.**.${key} ? (@ != "" && !(${under}))`;
      parts.push(sql`jsonb_path_exists(${c}, ${path}::jsonpath, ${vars}::jsonb)`);
    }
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

function selectedColumns(spec: SealedTable): SQL {
  const columns = [...Object.values(spec.texts), ...Object.values(spec.json)];
  return sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
}

async function rowsOf(db: Database, query: SQL): Promise<StoredRow[]> {
  // Both drivers answer `execute` with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: StoredRow[] };
  return result.rows;
}

/** How many rows hold a value that the keys of `keyIds` did not seal (or '' everywhere else). */
export async function countRowsHoldingOtherThan(db: Database, keyIds: string[]): Promise<number> {
  let total = 0;
  for (const spec of Object.values(SEALED_TABLES)) {
    const rows = await rowsOf(
      db,
      sql`select count(*)::int as total from ${sql.identifier(spec.table)}
        where ${holdsOtherThan(spec, keyIds)}`,
    );
    total += Number(rows[0]?.total ?? 0);
  }
  return total;
}

/** The value as written, whatever key sealed it (or in clear, from before sealing). */
function openStored(
  texts: ClinicalTexts,
  value: string,
  place: { table: string; field: string; rowId: string },
) {
  return sealedKeyId(value) === null ? value : texts.open(value, place);
}

/** One row rewritten under the current key, if it still holds what was read. */
async function resealRow(
  tx: Database,
  texts: ClinicalTexts,
  spec: SealedTable,
  row: StoredRow,
  shouldChange: (value: string) => boolean,
): Promise<boolean> {
  const changed = changeStored(spec, row, (value, field) =>
    shouldChange(value)
      ? texts.seal(openStored(texts, value, { table: spec.table, field, rowId: row.id }), {
          table: spec.table,
          field,
          rowId: row.id,
        })
      : value,
  );
  const sets: SQL[] = [];
  const unchanged: SQL[] = [];
  for (const column of Object.values(spec.texts)) {
    const c = sql.identifier(column);
    sets.push(sql`${c} = ${changed[column] as string | null}`);
    unchanged.push(sql`${c} is not distinct from ${row[column] as string | null}`);
  }
  for (const column of Object.values(spec.json)) {
    const c = sql.identifier(column);
    sets.push(sql`${c} = ${JSON.stringify(changed[column])}::jsonb`);
    unchanged.push(sql`${c} = ${JSON.stringify(row[column])}::jsonb`);
  }
  const updated = await rowsOf(
    tx,
    sql`update ${sql.identifier(spec.table)} set ${sql.join(sets, sql`, `)}
      where id = ${row.id} and ${sql.join(unchanged, sql` and `)} returning id`,
  );
  return updated.length > 0;
}

export interface ResealProgress {
  table: string;
  /** Rows rewritten in this table so far. */
  rows: number;
}

/**
 * Rewrites under the current key every value `target` names, table after
 * table; answers the rows rewritten per table. Throws ClinicalTextUnreadableError
 * for a value under a key this server does not hold.
 */
export async function resealClinicalTexts(
  db: Database,
  texts: ClinicalTexts,
  options: { target: ResealTarget; onProgress?: (p: ResealProgress) => void },
): Promise<Record<string, number>> {
  const held = [...texts.heldKeyIds];
  const done: Record<string, number> = {};
  for (const spec of Object.values(SEALED_TABLES)) {
    const predicate = holdsOtherThan(spec, options.target === 'not-current' ? [texts.keyId] : held);
    const shouldChange = (value: string) => isTarget(texts, held, options.target, value);
    let after = '00000000-0000-0000-0000-000000000000';
    done[spec.table] = 0;
    for (;;) {
      const rows = await rowsOf(
        db,
        sql`select id::text as id, ${selectedColumns(spec)} from ${sql.identifier(spec.table)}
          where id > ${after}::uuid and ${predicate} order by id limit ${BATCH}`,
      );
      if (rows.length === 0) break;
      const resealed = await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('psicocampus.reseal', 'on', true)`);
        let count = 0;
        for (const row of rows) {
          if (storedValues(spec, row).some(({ value }) => shouldChange(value))) {
            if (await resealRow(tx as unknown as Database, texts, spec, row, shouldChange))
              count += 1;
          }
        }
        return count;
      });
      done[spec.table] += resealed;
      options.onProgress?.({ table: spec.table, rows: done[spec.table] });
      after = rows.at(-1)!.id;
    }
  }
  return done;
}

/**
 * At start-up, before the server listens: every clinical text must open
 * with the keys it holds. With the embedded database (its owner, one
 * process) it reseals what is not under the current key, which also
 * finishes a rotation. With PostgreSQL the owner's role seals texts left in
 * clear; the server's own role cannot, and does not start while any is.
 */
export async function sealAtStart(
  db: Database,
  texts: ClinicalTexts,
  kind: 'pglite' | 'postgres',
): Promise<Record<string, number>> {
  if (kind === 'pglite') return resealClinicalTexts(db, texts, { target: 'not-current' });
  const unreadable = await countRowsHoldingOtherThan(db, [...texts.heldKeyIds]);
  if (unreadable === 0) return {};
  if ((await purgeRole(db)).owner) return resealClinicalTexts(db, texts, { target: 'unreadable' });
  throw new ClinicalKeyError(
    `${unreadable} records hold clinical texts in clear or sealed under a key this server does not hold: run \`npm run rotate-key\` as the schema's owner with CLINICAL_ENCRYPTION_KEY (and CLINICAL_ENCRYPTION_OLD_KEYS), then start the server again (deploy/README.md)`,
  );
}
