import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AssessmentAnswers, RiskLevel } from '@psicocampus/shared/columbia';
import type { Database } from '../../db/client';
import { assessmentRemarks, students, suicideAssessments, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { inCaseloadOf } from '../students/caseload';
import type { ClinicalTexts } from '../../security/clinical-texts';
import { openRow, openRowOf, SEALED_TABLES, sealRow } from '../../security/sealed-columns';

const ASSESSMENTS = SEALED_TABLES.suicideAssessments;
const REMARKS = SEALED_TABLES.assessmentRemarks;

/** The assessment as written: its answers' texts and the clinician's reason opened. */
export function openAssessment(texts: ClinicalTexts, assessment: AssessmentRow): AssessmentRow {
  return openRow(texts, ASSESSMENTS, assessment);
}

function openAssessmentRecords<T extends { assessment: AssessmentRow }>(
  texts: ClinicalTexts,
  records: T[],
): T[] {
  return records.map((record) => ({
    ...record,
    assessment: openAssessment(texts, record.assessment),
  }));
}

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
  texts: ClinicalTexts,
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
  for (const row of rows) {
    byAssessment
      .get(row.remark.assessmentId)
      ?.push({ ...row, remark: openRow(texts, REMARKS, row.remark) });
  }
  return byAssessment;
}

/** The assessments with their remarks, each list oldest first: one more query. */
export async function withRemarks<T extends Omit<AssessmentRecord, 'remarks'>>(
  db: Database,
  texts: ClinicalTexts,
  records: T[],
): Promise<Array<T & { remarks: RemarkRecord[] }>> {
  const remarks = await remarksOf(
    db,
    texts,
    records.map((record) => record.assessment.id),
  );
  return openAssessmentRecords(texts, records).map((record) => ({
    ...record,
    remarks: remarks.get(record.assessment.id) ?? [],
  }));
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
  texts: ClinicalTexts,
  studentId: string,
): Promise<AssessmentRecord[]> {
  const rows = await selectAssessments(db)
    .where(eq(suicideAssessments.studentId, studentId))
    .orderBy(asc(suicideAssessments.createdAt), asc(suicideAssessments.id));
  return withRemarks(db, texts, rows);
}

/**
 * One page of a student's assessments, the newest first ('Historial de
 * evaluaciones', docs/api.md#assessments): the exact reverse of
 * listStudentAssessments' order, the id settling a tie, so that a screen
 * numbers each one from the total and its place.
 */
export async function listStudentAssessmentPage(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
  page: { pageSize: number; offset: number },
): Promise<AssessmentRecord[]> {
  const rows = await selectAssessments(db)
    .where(eq(suicideAssessments.studentId, studentId))
    .orderBy(desc(suicideAssessments.createdAt), desc(suicideAssessments.id))
    .limit(page.pageSize)
    .offset(page.offset);
  return withRemarks(db, texts, rows);
}

/** How many assessments the student has, on every page. */
export async function countStudentAssessments(db: Database, studentId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(suicideAssessments)
    .where(eq(suicideAssessments.studentId, studentId));
  return row?.total ?? 0;
}

export interface CaseloadAssessmentFilters {
  /** The level in force: the clinician's where recorded, else the scale's. */
  riskLevel?: RiskLevel;
  /** Inclusive bounds, as instants. */
  from?: Date;
  toExclusive?: Date;
}

export interface CaseloadAssessmentRecord extends Omit<AssessmentRecord, 'remarks'> {
  student: { id: string; firstName: string; lastName: string };
  hasRemarks: boolean;
}

function caseloadConditions(psychologistId: string, filters: CaseloadAssessmentFilters): SQL {
  return and(
    inCaseloadOf(psychologistId),
    // The level in force, the one each row of 'Evaluaciones' reads first (docs/columbia-assessment.md#clinicians-level).
    filters.riskLevel
      ? sql`coalesce(${suicideAssessments.clinicianLevel}, ${suicideAssessments.riskLevel}) = ${filters.riskLevel}`
      : undefined,
    filters.from ? gte(suicideAssessments.createdAt, filters.from) : undefined,
    filters.toExclusive ? lt(suicideAssessments.createdAt, filters.toExclusive) : undefined,
  )!;
}

/** One page of the assessments of the psychologist's current students, newest first. */
export async function listCaseloadAssessments(
  db: Database,
  texts: ClinicalTexts,
  psychologistId: string,
  filters: CaseloadAssessmentFilters,
  page: { pageSize: number; offset: number },
): Promise<CaseloadAssessmentRecord[]> {
  const rows = await db
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
    .where(caseloadConditions(psychologistId, filters))
    // The id settles a tie, so that no row is on two pages or on none.
    .orderBy(desc(suicideAssessments.createdAt), desc(suicideAssessments.id))
    .limit(page.pageSize)
    .offset(page.offset);
  return openAssessmentRecords(texts, rows);
}

/** How many assessments the same filters match, on every page. */
export async function countCaseloadAssessments(
  db: Database,
  psychologistId: string,
  filters: CaseloadAssessmentFilters,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(suicideAssessments)
    .innerJoin(students, eq(students.id, suicideAssessments.studentId))
    .where(caseloadConditions(psychologistId, filters));
  return row?.total ?? 0;
}

/** An assessment of the caller's caseload, with its student's id. */
export type OwnAssessment = AssessmentRecord & { studentId: string };

/** The assessment with this id, if its student is the psychologist's. */
export async function findOwnAssessment(
  db: Database,
  texts: ClinicalTexts,
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
  const [record] = await withRemarks(db, texts, [row]);
  return { ...record!, studentId: row.assessment.studentId };
}

export async function insertAssessment(
  db: Database,
  texts: ClinicalTexts,
  values: {
    studentId: string;
    authorId: string;
    answers: AssessmentAnswers;
    riskLevel: RiskLevel;
    createdAt: Date;
  },
): Promise<AssessmentRow> {
  // The id is chosen here, as the texts are sealed bound to it.
  const id = randomUUID();
  const [row] = await db
    .insert(suicideAssessments)
    .values(sealRow(texts, ASSESSMENTS, { ...values, id }, id))
    .returning();
  return openAssessment(texts, row!);
}

/**
 * Adds a final remark (docs/columbia-assessment.md#final-remarks). Only ever an insert: the assessment's
 * row is not touched, earlier remarks stay as written, and two remarks saved
 * at once are both kept. The database refuses any UPDATE or DELETE of a
 * remark (migration 0006), and gives it its time (migration 0018).
 */
export async function appendRemark(
  db: Database,
  texts: ClinicalTexts,
  values: { assessmentId: string; authorId: string; text: string },
): Promise<RemarkRow> {
  const id = randomUUID();
  const [row] = await db
    .insert(assessmentRemarks)
    .values(sealRow(texts, REMARKS, { ...values, id }, id))
    .returning();
  return openRow(texts, REMARKS, row!);
}

/** The assessment's remarks, oldest first, as they stand now. */
export async function listRemarks(
  db: Database,
  texts: ClinicalTexts,
  assessmentId: string,
): Promise<RemarkRecord[]> {
  return (await remarksOf(db, texts, [assessmentId])).get(assessmentId) ?? [];
}

/**
 * Records the clinician's level (docs/columbia-assessment.md#clinicians-level) if the assessment has none yet:
 * one conditional UPDATE, so two saves at once record one level, and the
 * other finds it taken (null). Migration 0013's trigger refuses any later
 * change of it, whatever the statement.
 */
export async function recordClinicianLevel(
  db: Database,
  texts: ClinicalTexts,
  values: { assessmentId: string; level: RiskLevel; reason: string; at: Date; by: string },
): Promise<AssessmentRow | null> {
  const sealed = sealRow(
    texts,
    ASSESSMENTS,
    { clinicianReason: values.reason },
    values.assessmentId,
  );
  const [row] = await db
    .update(suicideAssessments)
    .set({
      clinicianLevel: values.level,
      clinicianReason: sealed.clinicianReason,
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
  return row ? openAssessment(texts, row) : null;
}

/** One stored assessment as the consistency check reads it: its answers, its student and author. */
export interface StoredAssessmentRow {
  id: string;
  createdAt: Date;
  answers: AssessmentAnswers;
  student: { id: string; firstName: string; lastName: string };
  author: StaffRow | null;
}

/**
 * Every stored assessment of the service, a page at a time, in the order of
 * their ids (keyset: exact, whatever precision the creation times carry):
 * `npm run assessments:check` reads them all with bounded memory
 * (docs/columbia-assessment.md#contradicting-answers).
 */
export async function listStoredAssessments(
  db: Database,
  texts: ClinicalTexts,
  afterId: string | null,
  limit: number,
): Promise<StoredAssessmentRow[]> {
  const rows = await db
    .select({
      id: suicideAssessments.id,
      createdAt: suicideAssessments.createdAt,
      answers: suicideAssessments.answers,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
      author: staffRefColumns,
    })
    .from(suicideAssessments)
    .innerJoin(students, eq(students.id, suicideAssessments.studentId))
    .leftJoin(users, eq(users.id, suicideAssessments.authorId))
    .where(afterId ? gt(suicideAssessments.id, afterId) : undefined)
    .orderBy(asc(suicideAssessments.id))
    .limit(limit);
  return rows.map((row) => openRowOf(texts, ASSESSMENTS, row, row.id));
}
