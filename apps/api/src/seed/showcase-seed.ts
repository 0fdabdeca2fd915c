import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { keepGivenTimes } from '../db/given-times';
import {
  appointments,
  assessmentRemarks,
  clinicalNotes,
  students,
  suicideAssessments,
} from '../db/schema';
import { studentSearchKey } from '../plugins/students/search-key';
import type { ClinicalTexts } from '../security/clinical-texts';
import { SEALED_TABLES, sealNewRows } from '../security/sealed-columns';
import { buildShowcase, type ShowcaseInput } from './showcase';

/** Rows per statement: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/**
 * Writes the showcase (showcase.ts) with the caller's transaction: a few
 * multi-row inserts, one table after another in the order of their keys.
 */
export async function insertShowcase(
  tx: Database,
  texts: ClinicalTexts,
  input: Omit<ShowcaseInput, 'newId'>,
): Promise<void> {
  const rows = buildShowcase({ ...input, newId: randomUUID });
  await insertInBatches(rows.students, (batch) =>
    tx.insert(students).values(
      batch.map((student) => ({
        ...student,
        searchKey: studentSearchKey(student.firstName, student.lastName),
      })),
    ),
  );
  for (const { id, createdAt } of rows.backdated) {
    await tx.update(students).set({ createdAt, updatedAt: createdAt }).where(eq(students.id, id));
  }
  await insertInBatches(rows.appointments, (batch) => tx.insert(appointments).values(batch));
  await insertInBatches(sealNewRows(texts, SEALED_TABLES.clinicalNotes, rows.notes), (batch) =>
    tx.insert(clinicalNotes).values(batch),
  );
  await insertInBatches(
    sealNewRows(texts, SEALED_TABLES.suicideAssessments, rows.assessments),
    (batch) => tx.insert(suicideAssessments).values(batch),
  );
  // The remarks' dates are part of the history shown; the database keeps
  // them only where the seed owns the tables (PGlite, one role).
  await keepGivenTimes(tx);
  await insertInBatches(
    sealNewRows(texts, SEALED_TABLES.assessmentRemarks, rows.remarks),
    (batch) => tx.insert(assessmentRemarks).values(batch),
  );
}
