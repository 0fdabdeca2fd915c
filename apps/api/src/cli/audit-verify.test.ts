import { count, desc, eq, sql } from 'drizzle-orm';
import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { formatDateTimeIn } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { auditLog } from '../db/schema';
import { createStudent } from '../../test/helpers/patients';
import { serverWithDemoSessions } from '../../test/helpers/signed-in';
import type { TestServer } from '../../test/helpers/test-server';
import { auditVerifyCommand, EXIT_BROKEN } from './audit-verify';

/*
 * `npm run audit:verify` (docs/data-model.md#audit-chain), on PGlite and on
 * PostgreSQL; as the server's role of a two-role PostgreSQL in
 * apps/api/src/db/app-role.test.ts.
 */

const M = SERVER_MSG.cli.auditVerify;
const C = ADMIN_MSG.auditChain;

let server: TestServer;
let lucia: string;

const db = () => server.server.database.db;

beforeAll(async () => {
  ({ server, lucia } = await serverWithDemoSessions());
  const student = await createStudent(server, lucia);
  await server.call({ method: 'GET', url: `/api/students/${student._id}`, token: lucia });
});
afterAll(() => server.close());

async function run(argv: string[] = [], batchSize?: number) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await auditVerifyCommand(argv, {
    config: server.config,
    database: server.server.database,
    batchSize,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out, err };
}

async function head() {
  const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  return row!;
}

/** Runs `statement` with every trigger off, as the owner or a superuser could, and keeps them. */
async function tamper(statement: ReturnType<typeof sql>) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

it('says the log is intact, how many entries it verified, and the last one to keep elsewhere', async () => {
  const total = (await db().select({ n: count() }).from(auditLog))[0]!.n;
  const last = await head();
  // Batches of 2: the chain holds across them.
  const { code, out, err } = await run([], 2);
  expect({ code, err }).toEqual({ code: 0, err: [] });
  expect(out).toEqual([C.intact(total), C.head(total, last.hash), M.keepHead(total, last.hash)]);
  expect(out[0]).toBe(`Registro íntegro: ${total} entradas verificadas.`);
});

it('checks an anchor kept from an earlier run: it holds while nothing up to it was touched', async () => {
  const anchor = await head();
  await server.call({ method: 'GET', url: '/api/students', token: lucia });
  const { code, out } = await run(['--anchor', `${anchor.seq}:${anchor.hash.toUpperCase()}`]);
  expect(code).toBe(0);
  expect(out.at(-1)).toBe(M.anchorHolds(anchor.seq));
});

it('finds with the anchor what the chain alone cannot: entries removed from the end', async () => {
  const anchor = await head();
  await tamper(sql`delete from audit_log where seq = ${anchor.seq}`);
  // The chain up to the new last entry still holds…
  const { code, out } = await run(['--anchor', `${anchor.seq}:${anchor.hash}`]);
  expect(out[0]).toBe(C.intact(anchor.seq - 1));
  // …but the anchored entry is gone.
  expect(code).toBe(EXIT_BROKEN);
  expect(out.slice(-2)).toEqual([M.anchorMissing(anchor.seq), M.whatNext]);
});

it('finds with the anchor a chain recomputed from some entry on', async () => {
  const anchor = await head();
  // Its content changed, then its hash computed again as the trigger would.
  await tamper(sql`update audit_log set outcome = 'denied' where seq = ${anchor.seq}`);
  await tamper(
    sql`update audit_log set hash = audit_log_hash(audit_log) where seq = ${anchor.seq}`,
  );
  const { code, out } = await run(['--anchor', `${anchor.seq}:${anchor.hash}`]);
  expect(out[0]).toBe(C.intact(anchor.seq));
  expect(code).toBe(EXIT_BROKEN);
  expect(out.slice(-2)).toEqual([M.anchorRewritten(anchor.seq), M.whatNext]);
});

it('names the first entry where the chain breaks, when, and why, and exits with 2', async () => {
  const [altered] = await db().select().from(auditLog).where(eq(auditLog.seq, 3));
  await tamper(sql`update audit_log set user_id = null where seq = 3`);
  const { code, out, err } = await run([], 2);
  expect({ code, err }).toEqual({ code: EXIT_BROKEN, err: [] });
  const when = formatDateTimeIn(altered!.at, server.config.serviceTimeZone);
  expect(out).toEqual([
    `La cadena del registro se rompe en la entrada n.º 3 (id ${altered!.id}, ${when}): su contenido no coincide con su huella: se modificó después de escribirse.`,
    C.intactBefore(2),
    C.whoCould,
    M.whatNext,
  ]);
});

it.each([
  [['--anchor', '12:abc'], M.invalidAnchor],
  [['--anchor', `doce:${'a'.repeat(64)}`], M.invalidAnchor],
  [['--desde', '3'], SERVER_MSG.cli.invalidOption('--desde')],
  [['extra'], SERVER_MSG.cli.invalidArguments],
])('refuses %j with exit code 1, checking nothing', async (argv, message) => {
  const { code, out, err } = await run(argv);
  expect({ code, out, err }).toEqual({ code: 1, out: [], err: [message, M.usage] });
});
