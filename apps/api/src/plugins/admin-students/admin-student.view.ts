import type { AdminStudentRow, Semester } from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { AdminStudentRecord } from './admin-student.queries';

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
