import { and, asc, desc, eq, exists, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AssessmentAnswers, RiskLevel } from '@psicocampus/shared/columbia';
import type { Database } from '../../db/client';
import { assessmentRemarks, students, suicideAssessments, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { inCaseloadOf } from '../students/caseload';

export type AssessmentRow = typeof suicideAssessments.$inferSelect;
export type RemarkRow = typeof assessmentRemarks.$inferSelect;

/** A final remark with its author (null when the account is gone). */
export interface RemarkRecord {
  remark: RemarkRow;
  author: StaffRow | null;
}

/** An assessment with its author (null when the account is gone) and its remarks, oldest first. */
export interface AssessmentRecord {
  assessment: AssessmentRow;
  author: StaffRow | null;
  remarks: RemarkRecord[];
}

/**
 * The remarks of these assessments, each list oldest first: one query for
 * any number of assessments.
 */
async function remarksOf(
  db: Database,
  assessmentIds: string[],
): Promise<Map<string, RemarkRecord[]>> {
  const byAssessment = new Map<string, RemarkRecord[]>(assessmentIds.map((id) => [id, []]));
  if (!assessmentIds.length) return byAssessment;
  const rows = await db
    .select({ remark: assessmentRemarks, author: staffRefColumns })
    .from(assessmentRemarks)
    .leftJoin(users, eq(users.id, assessmentRemarks.authorId))
    .where(inArray(assessmentRemarks.assessmentId, assessmentIds))
    .orderBy(asc(assessmentRemarks.createdAt), asc(assessmentRemarks.id));
  for (const row of rows) byAssessment.get(row.remark.assessmentId)?.push(row);
  return byAssessment;
}

async function withRemarks<T extends Omit<AssessmentRecord, 'remarks'>>(
  db: Database,
  records: T[],
): Promise<Array<T & { remarks: RemarkRecord[] }>> {
  const remarks = await remarksOf(
    db,
    records.map((record) => record.assessment.id),
  );
  return records.map((record) => ({ ...record, remarks: remarks.get(record.assessment.id) ?? [] }));
}

function selectAssessments(db: Database) {
  return db
    .select({ assessment: suicideAssessments, author: staffRefColumns })
    .from(suicideAssessments)
    .leftJoin(users, eq(users.id, suicideAssessments.authorId));
}

/** A student's assessments, oldest first ('Evaluación 1' is the first). */
export async function listStudentAssessments(
  db: Database,
  studentId: string,
): Promise<AssessmentRecord[]> {
  const rows = await selectAssessments(db)
    .where(eq(suicideAssessments.studentId, studentId))
    .orderBy(asc(suicideAssessments.createdAt), asc(suicideAssessments.id));
  return withRemarks(db, rows);
}

export interface CaseloadAssessmentFilters {
  riskLevel?: RiskLevel;
  /** Inclusive bounds, as instants. */
  from?: Date;
  toExclusive?: Date;
}

export interface CaseloadAssessmentRecord extends Omit<AssessmentRecord, 'remarks'> {
  student: { id: string; firstName: string; lastName: string };
  hasRemarks: boolean;
}

/** The assessments of the psychologist's current students, newest first. */
export async function listCaseloadAssessments(
  db: Database,
  psychologistId: string,
  filters: CaseloadAssessmentFilters,
): Promise<CaseloadAssessmentRecord[]> {
  const conditions: Array<SQL | undefined> = [
    inCaseloadOf(psychologistId),
    filters.riskLevel ? eq(suicideAssessments.riskLevel, filters.riskLevel) : undefined,
    filters.from ? gte(suicideAssessments.createdAt, filters.from) : undefined,
    filters.toExclusive ? lt(suicideAssessments.createdAt, filters.toExclusive) : undefined,
  ];
  return db
    .select({
      assessment: suicideAssessments,
      author: staffRefColumns,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
      hasRemarks: exists(
        db
          .select({ one: sql`1` })
          .from(assessmentRemarks)
          .where(eq(assessmentRemarks.assessmentId, suicideAssessments.id)),
      ).mapWith(Boolean),
    })
    .from(suicideAssessments)
    .innerJoin(students, eq(students.id, suicideAssessments.studentId))
    .leftJoin(users, eq(users.id, suicideAssessments.authorId))
    .where(and(...conditions))
    .orderBy(desc(suicideAssessments.createdAt));
}

/** An assessment of the caller's caseload, with its student's id. */
export type OwnAssessment = AssessmentRecord & { studentId: string };

/** The assessment with this id, if its student is the psychologist's. */
export async function findOwnAssessment(
  db: Database,
  psychologistId: string,
  assessmentId: string,
): Promise<OwnAssessment | null> {
  const [row] = await db
    .select({ assessment: suicideAssessments, author: staffRefColumns })
    .from(suicideAssessments)
    .innerJoin(students, eq(students.id, suicideAssessments.studentId))
    .leftJoin(users, eq(users.id, suicideAssessments.authorId))
    .where(and(eq(suicideAssessments.id, assessmentId), inCaseloadOf(psychologistId)))
    .limit(1);
  if (!row) return null;
  const [record] = await withRemarks(db, [row]);
  return { ...record!, studentId: row.assessment.studentId };
}

export async function insertAssessment(
  db: Database,
  values: {
    studentId: string;
    authorId: string;
    answers: AssessmentAnswers;
    riskLevel: RiskLevel;
    createdAt: Date;
  },
): Promise<AssessmentRow> {
  const [row] = await db.insert(suicideAssessments).values(values).returning();
  return row!;
}

/**
 * Adds a final remark (docs/columbia-assessment.md#final-remarks). Only ever an insert: the assessment's
 * row is not touched, earlier remarks stay as written, and two remarks saved
 * at once are both kept. The database refuses any UPDATE or DELETE of a
 * remark (migration 0006).
 */
export async function appendRemark(
  db: Database,
  values: { assessmentId: string; authorId: string; text: string; createdAt: Date },
): Promise<RemarkRow> {
  const [row] = await db.insert(assessmentRemarks).values(values).returning();
  return row!;
}

/** The assessment's remarks, oldest first, as they stand now. */
export async function listRemarks(db: Database, assessmentId: string): Promise<RemarkRecord[]> {
  return (await remarksOf(db, [assessmentId])).get(assessmentId) ?? [];
}

/**
 * Records the clinician's level (issue 19 §1) if the assessment has none yet:
 * one conditional UPDATE, so two saves at once record one level, and the
 * other finds it taken (null). Migration 0013's trigger refuses any later
 * change of it, whatever the statement.
 */
export async function recordClinicianLevel(
  db: Database,
  values: { assessmentId: string; level: RiskLevel; reason: string; at: Date; by: string },
): Promise<AssessmentRow | null> {
  const [row] = await db
    .update(suicideAssessments)
    .set({
      clinicianLevel: values.level,
      clinicianReason: values.reason,
      clinicianLevelAt: values.at,
      clinicianLevelBy: values.by,
    })
    .where(
      and(
        eq(suicideAssessments.id, values.assessmentId),
        isNull(suicideAssessments.clinicianLevel),
      ),
    )
    .returning();
  return row ?? null;
}
