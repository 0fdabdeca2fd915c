import { count, inArray, sql } from 'drizzle-orm';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { auditLog, clinicalNotes, mailQueue, purgedStatistics, students } from '../db/schema';
import {
  computeAppointmentStatistics,
  computeStatistics,
} from '../plugins/statistics/statistics.routes';
import {
  dateRecords,
  EVERY_RECORD_COUNTS,
  studentWithEveryRecord,
  yearsAgo,
} from '../../test/helpers/archived-records';
import { saveAssessment } from '../../test/helpers/assessments';
import { addNote, auditRowsOf, createStudent } from '../../test/helpers/patients';
import { serverWithDemoSessions } from '../../test/helpers/signed-in';
import type { TestServer } from '../../test/helpers/test-server';
import { auditVerifyCommand } from './audit-verify';
import { purgeCommand } from './purge';

/*
 * `npm run purge` (docs/data-model.md#retention-and-purge), on PGlite and,
 * with DATABASE_URL, on PostgreSQL, as the database's single role (a
 * superuser here). The two roles of production, and the server's role
 * refused, are in purge-roles.test.ts.
 */

const M = SERVER_MSG.cli.purge;
const RETENTION = 15;

let server: TestServer;
let lucia: string;
let admin: string;
/** Archived 16 years ago, no activity since 17: past retention. */
let past: string;
/** Archived 15 years ago less two days: just inside retention. */
let inside: string;
/** Archived 16 years ago, but an appointment attended 14 years ago: inside retention. */
let recentActivity: string;
/** In Lucía's caseload, its only note 20 years old: never purged, not archived. */
let current: string;
/** When the past student's records were written. */
const pastActivity = yearsAgo(17, 40);

const db = () => server.server.database.db;

async function archive(studentId: string) {
  const response = await server.call({
    method: 'DELETE',
    url: `/api/students/${studentId}`,
    token: lucia,
  });
  expect(response.json().outcome).toBe('archived');
}

/** A student with every kind of record, archived, its dates moved back. */
async function archivedStudent(dates: { activity: Date; archivedAt: Date }): Promise<string> {
  const student = await studentWithEveryRecord(server, lucia);
  await archive(student._id);
  // The no-show falls when May begins in India (UTC+5:30): counted by the
  // hour of UTC it would move to April there, by the quarter hour it stays.
  const year = dates.activity.getUTCFullYear();
  const noShowAt = new Date(`${year}-04-30T18:30:00Z`);
  await dateRecords(server, student._id, { ...dates, noShowAt });
  return student._id;
}

beforeAll(async () => {
  ({ server, lucia, admin } = await serverWithDemoSessions({
    recordRetentionYears: RETENTION,
  }));
  past = await archivedStudent({ activity: pastActivity, archivedAt: yearsAgo(16) });
  inside = await archivedStudent({ activity: yearsAgo(16), archivedAt: yearsAgo(15, -2) });
  recentActivity = await archivedStudent({ activity: yearsAgo(14), archivedAt: yearsAgo(16) });
  const kept = await createStudent(server, lucia);
  await addNote(server, lucia, kept._id, 'Nota de hace veinte años.');
  await withoutGuardsDateNote(kept._id, yearsAgo(20));
  current = kept._id;
}, 240_000);
afterAll(() => server.close());

async function withoutGuardsDateNote(studentId: string, at: Date) {
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update clinical_notes set created_at = ${at.toISOString()}, updated_at = ${at.toISOString()} where student_id = ${studentId}`,
    );
  });
}

async function run(argv: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await purgeCommand(argv, {
    config: server.config,
    database: server.server.database,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out, err };
}

const studentIds = async () =>
  (await db().select({ id: students.id }).from(students)).map((row) => row.id).sort();
const auditRows = async () => (await db().select({ n: count() }).from(auditLog))[0]!.n;

/**
 * Every statistics answer an administrator and a psychologist can get: the
 * screens' calls now, and the same counts on days when the purged records
 * were inside their windows, on the service's zone and on zones at a half
 * and three quarters of an hour.
 */
async function everyStatisticsAnswer() {
  const answers: unknown[] = [];
  for (const [token, url] of [
    [admin, '/api/statistics'],
    [admin, '/api/statistics/appointments?months=36'],
    [lucia, '/api/statistics'],
    [lucia, '/api/statistics/appointments?months=36'],
  ] as const) {
    answers.push((await server.call({ method: 'GET', url, token })).json());
  }
  const days = [20, 200, 700].map((d) => new Date(pastActivity.getTime() + d * 86_400_000));
  for (const timeZone of [server.config.serviceTimeZone, 'Asia/Kolkata', 'Pacific/Chatham']) {
    for (const now of days) {
      const scope = { kind: 'SERVICE' } as const;
      answers.push(await computeStatistics(db(), scope, now, timeZone));
      answers.push(await computeAppointmentStatistics(db(), scope, { now, timeZone, months: 36 }));
    }
  }
  return answers;
}

it('lists with --dry-run only what is past retention, with dates and counts but no name or text, and removes nothing', async () => {
  const before = { ids: await studentIds(), audit: await auditRows() };
  const { code, out, err } = await run(['--dry-run']);
  expect({ code, err }).toEqual({ code: 0, err: [] });
  expect(out).toHaveLength(3);
  expect(out[0]).toMatch(/^Estudiantes archivados fuera del plazo de conservación \(15 años:/);
  expect(out[1]).toMatch(new RegExp(`^- Estudiante ${past} · archivado: .+ · última actividad`));
  expect(out[1]).toContain('notas: 1, adendas: 1, evaluaciones: 1, observaciones posteriores: 1');
  expect(out[2]).toBe(M.dryRunSummary(1));
  const printed = out.join('\n');
  for (const secret of ['Reservada', 'reservad', inside, recentActivity, current]) {
    expect(printed).not.toContain(secret);
  }
  expect({ ids: await studentIds(), audit: await auditRows() }).toEqual(before);
});

it('purges only the student past retention, for good, with one audit row of counts; statistics, the chain and the others stay', async () => {
  const statisticsBefore = await everyStatisticsAnswer();
  // The purged student's records are in those answers: the test would prove nothing otherwise.
  expect(JSON.stringify(statisticsBefore)).toMatch(/"ATTENDED":1/);
  const mailOfPast = await db()
    .select({ n: count() })
    .from(mailQueue)
    .where(
      sql`${mailQueue.appointmentId} in (select id from appointments where student_id = ${past})`,
    );

  const { code, out, err } = await run();
  expect({ code, err }).toEqual({ code: 0, err: [] });
  expect(out.slice(2)).toEqual([
    M.purged(1, 1, past, EVERY_RECORD_COUNTS),
    M.summary(1, 0),
    M.backupsStillHold,
  ]);

  expect(await studentIds()).not.toContain(past);
  expect(await studentIds()).toEqual(expect.arrayContaining([inside, recentActivity, current]));
  const left = await db().execute(sql`select
      (select count(*)::int from clinical_notes where student_id = ${past})
    + (select count(*)::int from suicide_assessments where student_id = ${past})
    + (select count(*)::int from safety_plan_revisions where student_id = ${past})
    + (select count(*)::int from appointments where student_id = ${past}) as n`);
  expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  expect(mailOfPast[0]!.n).toBeGreaterThan(0);
  const orphanMail = await db()
    .select({ n: count() })
    .from(mailQueue)
    .where(
      sql`${mailQueue.appointmentId} is not null and ${mailQueue.appointmentId} not in (select id from appointments)`,
    );
  expect(orphanMail[0]!.n).toBe(0);
  const currentNotes = await db()
    .select({ n: count() })
    .from(clinicalNotes)
    .where(inArray(clinicalNotes.studentId, [inside, recentActivity, current]));
  expect(currentNotes[0]!.n).toBe(3);

  const [row, ...more] = await auditRowsOf(server, 'student.purge');
  expect(more).toEqual([]);
  expect(row).toMatchObject({
    userId: null,
    role: null,
    recordType: 'student',
    recordId: past,
    outcome: 'success',
    detail: { by: 'purge command', retentionYears: RETENTION, ...EVERY_RECORD_COUNTS },
  });

  expect(await everyStatisticsAnswer()).toEqual(statisticsBefore);
  expect(await db().$count(purgedStatistics)).toBeGreaterThan(0);

  const verify: string[] = [];
  const verified = await auditVerifyCommand([], {
    config: server.config,
    database: server.server.database,
    print: (line) => verify.push(line),
  });
  expect({ verified, first: verify[0] }).toEqual({
    verified: 0,
    first: expect.stringMatching(/^Registro íntegro: /),
  });
});

it('finds nothing more on a second run', async () => {
  const { code, out } = await run();
  expect({ code, out }).toEqual({ code: 0, out: [M.none(RETENTION)] });
});

/** The SQLSTATE a transaction of `statements` fails with, null when it commits. */
async function failureOf(...statements: Array<ReturnType<typeof sql>>): Promise<string | null> {
  try {
    await db().transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
    return null;
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return cause?.code ?? code ?? 'unknown';
  }
}

const naming = (studentId: string) =>
  sql`select set_config('psicocampus.purge_student', ${studentId}, true)`;

it('keeps the door narrow even for the owner: one named, archived student, and only with its audit row', async () => {
  const assessmentsOf = (id: string) =>
    sql`delete from suicide_assessments where student_id = ${id}`;
  // No student named, or another one: refused.
  expect(await failureOf(assessmentsOf(inside))).toBe('42501');
  expect(await failureOf(naming(recentActivity), assessmentsOf(inside))).toBe('42501');
  // A student in a caseload, named: refused (only archived students are purged).
  const held = await createStudent(server, lucia);
  await saveAssessment(server, lucia, held._id);
  expect(await failureOf(naming(held._id), assessmentsOf(held._id))).toBe('42501');
  // The named archived student removed without its audit row: refused at commit.
  const removal = [
    sql`delete from assessment_remarks where assessment_id in (select id from suicide_assessments where student_id = ${inside})`,
    sql`delete from safety_plan_revisions where student_id = ${inside}`,
    assessmentsOf(inside),
    sql`delete from clinical_note_addenda where note_id in (select id from clinical_notes where student_id = ${inside})`,
    sql`delete from clinical_notes where student_id = ${inside}`,
    sql`delete from appointments where student_id = ${inside}`,
    sql`delete from students where id = ${inside}`,
  ];
  expect(await failureOf(naming(inside), ...removal)).toBe('42501');
  expect(await studentIds()).toEqual(expect.arrayContaining([inside, held._id]));
});

it.each([
  [['--yes'], SERVER_MSG.cli.invalidOption('--yes')],
  [['extra'], SERVER_MSG.cli.invalidArguments],
])('refuses %j with exit code 1, removing nothing', async (argv, message) => {
  const { code, out, err } = await run(argv);
  expect({ code, out, err }).toEqual({ code: 1, out: [], err: [message, M.usage] });
});
