import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { students } from '../../db/schema';

/** A value of a statement: an id, or a placeholder of a prepared statement. */
type IdValue = Parameters<typeof eq>[1];

/** The columns the rule reads: the students table or an alias of it. */
interface StudentColumns {
  id: AnyPgColumn;
  assignedPsychologistId: AnyPgColumn;
}

/**
 * The one rule of access to clinical records (docs/permissions.md#clinical-records): a psychologist
 * reaches the students assigned to them now, and through them their notes,
 * appointments and assessments; nobody else's. Every query of a
 * psychologist's records states it with this condition (joining `students`
 * where the record is a note, an appointment or an assessment), so that the
 * rule is written once; the access-matrix test proves it call by call.
 */
export function inCaseloadOf(psychologistId: IdValue, table: StudentColumns = students): SQL {
  return eq(table.assignedPsychologistId, psychologistId);
}

/** One student, if it is in the psychologist's caseload. */
export function ownStudent(
  studentId: IdValue,
  psychologistId: IdValue,
  table: StudentColumns = students,
): SQL {
  return and(eq(table.id, studentId), inCaseloadOf(psychologistId, table))!;
}
