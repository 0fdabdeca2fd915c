import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { SAFETY_PLAN_SECTION_KEYS, type SafetyPlanSections } from '@psicocampus/shared/safety-plan';
import type { Database } from '../../db/client';
import { safetyPlanRevisions, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import type { ClinicalTexts } from '../../security/clinical-texts';
import { openRow, SEALED_TABLES, sealRow } from '../../security/sealed-columns';

const PLANS = SEALED_TABLES.safetyPlanRevisions;

/** The revision as written: its sections opened (security/clinical-texts.ts). */
export function openRevision(texts: ClinicalTexts, revision: SafetyPlanRow): SafetyPlanRow {
  return openRow(texts, PLANS, revision);
}

export type SafetyPlanRow = typeof safetyPlanRevisions.$inferSelect;

/** A revision with its author (null when the account no longer exists). */
export interface SafetyPlanRecord {
  revision: SafetyPlanRow;
  author: StaffRow | null;
}

/** A revision of the history: no section text. */
export interface SafetyPlanRevisionRecord {
  revision: Pick<SafetyPlanRow, 'version' | 'status' | 'createdAt'>;
  author: StaffRow | null;
}

/**
 * One page of the revisions of the student's plan, newest first (a version
 * is the student's once: no ties), without their text: one query.
 */
export async function listRevisions(
  db: Database,
  studentId: string,
  page: { pageSize: number; offset: number },
): Promise<SafetyPlanRevisionRecord[]> {
  return db
    .select({
      revision: {
        version: safetyPlanRevisions.version,
        status: safetyPlanRevisions.status,
        createdAt: safetyPlanRevisions.createdAt,
      },
      author: staffRefColumns,
    })
    .from(safetyPlanRevisions)
    .leftJoin(users, eq(users.id, safetyPlanRevisions.authorId))
    .where(eq(safetyPlanRevisions.studentId, studentId))
    .orderBy(desc(safetyPlanRevisions.version))
    .limit(page.pageSize)
    .offset(page.offset);
}

/** How many revisions the student's plan has, on every page. */
export async function countRevisions(db: Database, studentId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(safetyPlanRevisions)
    .where(eq(safetyPlanRevisions.studentId, studentId));
  return row?.total ?? 0;
}

/** One revision of the student's plan: `version`, or the one in force (the highest) without it. */
export async function findRevision(
  db: Database,
  texts: ClinicalTexts,
  studentId: string,
  version?: number,
): Promise<SafetyPlanRecord | null> {
  const [row] = await db
    .select({ revision: safetyPlanRevisions, author: staffRefColumns })
    .from(safetyPlanRevisions)
    .leftJoin(users, eq(users.id, safetyPlanRevisions.authorId))
    .where(
      and(
        eq(safetyPlanRevisions.studentId, studentId),
        version === undefined ? undefined : eq(safetyPlanRevisions.version, version),
      ),
    )
    .orderBy(desc(safetyPlanRevisions.version))
    .limit(1);
  return row ? { ...row, revision: openRevision(texts, row.revision) } : null;
}

/**
 * Appends revision `version` of the student's plan; null when that version
 * already exists (someone saved from the same version first: the unique
 * index decides, so two saves at once cannot both win). Its time is the
 * database's (migration 0018).
 */
export async function appendRevision(
  db: Database,
  texts: ClinicalTexts,
  values: SafetyPlanSections & {
    studentId: string;
    version: number;
    status: string;
    assessmentId: string | null;
    authorId: string;
  },
): Promise<SafetyPlanRow | null> {
  const sections = Object.fromEntries(
    SAFETY_PLAN_SECTION_KEYS.map((key) => [key, values[key]]),
  ) as SafetyPlanSections;
  // The id is chosen here, as the sections are sealed bound to it.
  const id = randomUUID();
  const [row] = await db
    .insert(safetyPlanRevisions)
    .values({
      id,
      studentId: values.studentId,
      version: values.version,
      status: values.status,
      ...sealRow(texts, PLANS, sections, id),
      assessmentId: values.assessmentId,
      authorId: values.authorId,
    })
    .onConflictDoNothing({
      target: [safetyPlanRevisions.studentId, safetyPlanRevisions.version],
    })
    .returning();
  return row ? openRevision(texts, row) : null;
}

/** The version, status and date of the plan in force; null when the student has none. */
export async function planInForceSummary(
  db: Database,
  studentId: string,
): Promise<SafetyPlanRevisionRecord['revision'] | null> {
  const [row] = await db
    .select({
      version: safetyPlanRevisions.version,
      status: safetyPlanRevisions.status,
      createdAt: safetyPlanRevisions.createdAt,
    })
    .from(safetyPlanRevisions)
    .where(eq(safetyPlanRevisions.studentId, studentId))
    .orderBy(desc(safetyPlanRevisions.version))
    .limit(1);
  return row ?? null;
}
