import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AssessmentAnswers, RiskLevel } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { students, suicideAssessments, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';

export type AssessmentRow = typeof suicideAssessments.$inferSelect;

/** An assessment with its author (null when the account is gone). */
export interface AssessmentRecord {
  assessment: AssessmentRow;
  author: StaffRow | null;
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
  return selectAssessments(db)
    .where(eq(suicideAssessments.studentId, studentId))
    .orderBy(asc(suicideAssessments.createdAt), asc(suicideAssessments.id));
}

export interface CaseloadAssessmentFilters {
  riskLevel?: RiskLevel;
  /** Inclusive bounds, as instants. */
  from?: Date;
  toExclusive?: Date;
}

export interface CaseloadAssessmentRecord extends AssessmentRecord {
  student: { id: string; firstName: string; lastName: string };
}

/** The assessments of the psychologist's current students, newest first. */
export async function listCaseloadAssessments(
  db: Database,
  psychologistId: string,
  filters: CaseloadAssessmentFilters,
): Promise<CaseloadAssessmentRecord[]> {
  const conditions: Array<SQL | undefined> = [
    eq(students.assignedPsychologistId, psychologistId),
    filters.riskLevel ? eq(suicideAssessments.riskLevel, filters.riskLevel) : undefined,
    filters.from ? gte(suicideAssessments.createdAt, filters.from) : undefined,
    filters.toExclusive ? lt(suicideAssessments.createdAt, filters.toExclusive) : undefined,
  ];
  return db
    .select({
      assessment: suicideAssessments,
      author: staffRefColumns,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
    })
    .from(suicideAssessments)
    .innerJoin(students, eq(students.id, suicideAssessments.studentId))
    .leftJoin(users, eq(users.id, suicideAssessments.authorId))
    .where(and(...conditions))
    .orderBy(desc(suicideAssessments.createdAt));
}

/** The assessment with this id, if its student is the psychologist's. */
export async function findOwnAssessment(
  db: Database,
  psychologistId: string,
  assessmentId: string,
): Promise<(AssessmentRecord & { studentId: string }) | null> {
  const [row] = await db
    .select({ assessment: suicideAssessments, author: staffRefColumns })
    .from(suicideAssessments)
    .innerJoin(students, eq(students.id, suicideAssessments.studentId))
    .leftJoin(users, eq(users.id, suicideAssessments.authorId))
    .where(
      and(
        eq(suicideAssessments.id, assessmentId),
        eq(students.assignedPsychologistId, psychologistId),
      ),
    )
    .limit(1);
  return row ? { ...row, studentId: row.assessment.studentId } : null;
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

export async function setFinalRemarks(
  db: Database,
  assessmentId: string,
  finalRemarks: string,
  now: Date,
): Promise<AssessmentRow> {
  const [row] = await db
    .update(suicideAssessments)
    .set({ finalRemarks, finalRemarksAt: now })
    .where(eq(suicideAssessments.id, assessmentId))
    .returning();
  return row!;
}
