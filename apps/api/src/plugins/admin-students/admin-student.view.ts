import type { AdminStudentRow, ArchivedStudentRow, Semester } from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { AdminStudentRecord } from './admin-student.queries';
import type { ArchivedStudentRecord } from './archived-student.queries';

/** A student in the assignment list: who it is and who holds the file, nothing clinical. */
export function toAdminStudentRow(record: AdminStudentRecord): AdminStudentRow {
  return {
    _id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    career: record.career,
    // Checked by the shared schemas on the way in, so the stored text is one of them.
    careerLevel: record.careerLevel as Semester,
    assignedPsychologist: toStaffRef(record.psychologist),
  };
}

/** An archived student as the administrators see them: never a clinical text. */
export function toArchivedStudentRow(record: ArchivedStudentRecord): ArchivedStudentRow {
  return {
    _id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    createdAt: record.createdAt.toISOString(),
    // Listed only while archived, so the date is there.
    archivedAt: (record.archivedAt ?? record.createdAt).toISOString(),
    archivedBy: toStaffRef(record.archivedBy),
    records: {
      notes: record.notes,
      assessments: record.assessments,
      safetyPlanRevisions: record.safetyPlanRevisions,
      appointments: record.appointments,
    },
  };
}
