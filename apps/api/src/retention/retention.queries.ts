import { sql, type SQL } from 'drizzle-orm';
import type { PurgeCounts } from '@psicocampus/shared/server-messages';
import type { Database } from '../db/client';
import { appendAudit } from '../plugins/audit/audit';

/**
 * The records past retention and their removal
 * (docs/data-model.md#retention-and-purge). A student's record is past
 * retention when they are archived and the later of their archive and their
 * last clinical activity is more than the retention's years before `now`.
 * Only archived students are ever looked at: a student in someone's
 * caseload is kept, however old their records.
 */

export interface PastRetention {
  id: string;
  archivedAt: Date;
  /** The student's latest clinical activity; null when they have none. */
  lastActivity: Date | null;
  counts: PurgeCounts;
}

/**
 * The latest clinical activity of the student `s`: the moments a record was
 * written or completed. A note (a draft too: written, edited, signed), an
 * addendum, an assessment (saved, its clinician's level recorded), a final
 * remark, a safety-plan revision, an appointment the student attended (its
 * time, and when its attendance was recorded): the records that make a
 * student's file clinical (migration 0019). GREATEST skips the nulls.
 */
const LAST_ACTIVITY = sql`greatest(
  (select max(greatest(n.created_at, n.updated_at, n.signed_at)) from clinical_notes n where n.student_id = s.id),
  (select max(d.created_at) from clinical_note_addenda d join clinical_notes n on n.id = d.note_id where n.student_id = s.id),
  (select max(greatest(a.created_at, a.clinician_level_at)) from suicide_assessments a where a.student_id = s.id),
  (select max(r.created_at) from assessment_remarks r join suicide_assessments a on a.id = r.assessment_id where a.student_id = s.id),
  (select max(p.created_at) from safety_plan_revisions p where p.student_id = s.id),
  (select max(greatest(m.date, m.status_changed_at)) from appointments m where m.student_id = s.id and m.status = 'ATTENDED')
)`;

/** How many records of each kind the student `s` has: counts, never a row's text. */
const COUNTS = sql`
  (select count(*)::int from clinical_notes n where n.student_id = s.id) as notes,
  (select count(*)::int from clinical_note_addenda d join clinical_notes n on n.id = d.note_id where n.student_id = s.id) as addenda,
  (select count(*)::int from suicide_assessments a where a.student_id = s.id) as assessments,
  (select count(*)::int from assessment_remarks r join suicide_assessments a on a.id = r.assessment_id where a.student_id = s.id) as final_remarks,
  (select count(*)::int from safety_plan_revisions p where p.student_id = s.id) as safety_plan_revisions,
  (select count(*)::int from appointments m where m.student_id = s.id) as appointments`;

/** The moment before which a record's later date must fall: `years` calendar years before `now`. */
const cutoffOf = (years: number, now: Date): SQL =>
  sql`(${now.toISOString()}::timestamptz - make_interval(years => ${years}::int))`;

interface Row extends Record<string, unknown> {
  id: string;
  archived_ms: number;
  last_activity_ms: number | null;
  notes: number;
  addenda: number;
  assessments: number;
  final_remarks: number;
  safety_plan_revisions: number;
  appointments: number;
}

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

function toPastRetention(row: Row): PastRetention {
  return {
    id: row.id,
    archivedAt: new Date(Number(row.archived_ms)),
    lastActivity: row.last_activity_ms === null ? null : new Date(Number(row.last_activity_ms)),
    counts: {
      notes: row.notes,
      addenda: row.addenda,
      assessments: row.assessments,
      finalRemarks: row.final_remarks,
      safetyPlanRevisions: row.safety_plan_revisions,
      appointments: row.appointments,
    },
  };
}

/**
 * The archived students past retention (all of them, or only `studentId`),
 * the longest archived first. `forUpdate` locks their rows, so that a
 * restore waits for the purge that decided to remove the student.
 */
async function selectPastRetention(
  db: Database,
  retention: { years: number; now: Date },
  only?: { studentId: string; forUpdate: boolean },
): Promise<PastRetention[]> {
  const rows = await rowsOf(
    db,
    sql`select s.id,
        (extract(epoch from s.archived_at) * 1000)::float8 as archived_ms,
        (extract(epoch from ${LAST_ACTIVITY}) * 1000)::float8 as last_activity_ms,
        ${COUNTS}
      from students s
      where s.archived_at is not null
        ${only ? sql`and s.id = ${only.studentId}` : sql``}
        and greatest(s.archived_at, ${LAST_ACTIVITY}) < ${cutoffOf(retention.years, retention.now)}
      order by s.archived_at, s.id
      ${only?.forUpdate ? sql`for update of s` : sql``}`,
  );
  return rows.map(toPastRetention);
}

/** Every archived student past retention on `now`: what `--dry-run` lists and the purge removes. */
export function findPastRetention(
  db: Database,
  retention: { years: number; now: Date },
): Promise<PastRetention[]> {
  return selectPastRetention(db, retention);
}

/** The quarter hour of UTC that `column` falls in (why a quarter hour: `purgedStatistics` in db/schema.ts). */
const quarterHourOf = (column: SQL): SQL =>
  sql`to_timestamp(floor(extract(epoch from ${column}) / 900) * 900)`;

/**
 * Adds what the student gave the service's statistics to `purged_statistics`
 * before their records go: their assessments, and their appointments by
 * status, per quarter hour (docs/data-model.md#retention-and-purge).
 */
async function foldIntoStatistics(tx: Database, studentId: string): Promise<void> {
  const add = sql`on conflict (kind, status, period_start)
    do update set count = purged_statistics.count + excluded.count`;
  await tx.execute(sql`insert into purged_statistics (kind, status, period_start, count)
    select 'assessment', '', ${quarterHourOf(sql`a.created_at`)}, count(*)::int
      from suicide_assessments a where a.student_id = ${studentId}
      group by 3 ${add}`);
  await tx.execute(sql`insert into purged_statistics (kind, status, period_start, count)
    select 'appointment', m.status, ${quarterHourOf(sql`m.date`)}, count(*)::int
      from appointments m where m.student_id = ${studentId}
      group by 2, 3 ${add}`);
}

/**
 * Removes the student's records and the student, children first (the
 * foreign keys RESTRICT, migration 0019). The append-only triggers let these
 * deletes through only because the transaction named this student in
 * `psicocampus.purge_student` and runs as the tables' owner (migration 0020).
 */
async function deleteRecords(tx: Database, studentId: string): Promise<void> {
  for (const statement of [
    sql`delete from assessment_remarks where assessment_id in
      (select id from suicide_assessments where student_id = ${studentId})`,
    sql`delete from safety_plan_revisions where student_id = ${studentId}`,
    sql`delete from suicide_assessments where student_id = ${studentId}`,
    sql`delete from clinical_note_addenda where note_id in
      (select id from clinical_notes where student_id = ${studentId})`,
    sql`delete from clinical_notes where student_id = ${studentId}`,
    // Their mail goes with each appointment (its foreign key cascades).
    sql`delete from appointments where student_id = ${studentId}`,
    sql`delete from students where id = ${studentId}`,
  ]) {
    await tx.execute(statement);
  }
}

/**
 * Purges one student in one transaction: checked again under its row's lock
 * (a restore or a new record since the list was read keeps them), folded
 * into the statistics, removed, and recorded by one audit row with counts
 * only, the transaction's last statement (the chain's lock is held from it
 * to the commit, docs/data-model.md#audit-chain). Null when the student is
 * no longer past retention: nothing was changed.
 */
export async function purgeStudent(
  db: Database,
  studentId: string,
  retention: { years: number; now: Date },
): Promise<PastRetention | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('psicocampus.purge_student', ${studentId}, true)`);
    const [student] = await selectPastRetention(tx, retention, { studentId, forUpdate: true });
    if (!student) return null;
    await foldIntoStatistics(tx, studentId);
    await deleteRecords(tx, studentId);
    await appendAudit(tx, {
      userId: null,
      role: null,
      action: 'student.purge',
      recordType: 'student',
      recordId: studentId,
      clientAddress: null,
      outcome: 'success',
      requestId: null,
      detail: { by: 'purge command', retentionYears: retention.years, ...student.counts },
    });
    return student;
  });
}

/**
 * The role this connection acts as, and whether it may purge: only the
 * owner of the tables (or a superuser) passes the triggers' door; the
 * server's role would be refused student by student, so it is refused first.
 */
export async function purgeRole(db: Database): Promise<{ role: string; owner: boolean }> {
  const [row] = (
    (await db.execute(
      sql`select current_user::text as role,
        coalesce(acts_as_owner('public.students'::regclass), false) as owner`,
    )) as unknown as { rows: Array<{ role: string; owner: boolean }> }
  ).rows;
  return { role: row!.role, owner: row!.owner === true };
}
