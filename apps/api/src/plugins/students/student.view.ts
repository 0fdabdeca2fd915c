import type {
  ClinicalNote,
  EmploymentStatus,
  Gender,
  Semester,
  Student,
  StudentSummary,
} from '@psicocampus/shared/domain';
import { toStaffRef } from '../users/staff-ref';
import type { StudentRecord } from './student.queries';

/**
 * A student as the API answers it (docs/data-model.md#student): `_id`, ISO dates, and `level`
 * repeating `careerLevel` under the name the detail and edit screens use.
 * The enumerations are checked on the way in (shared schemas), so the
 * stored text is one of their values.
 */
export function toStudentSummary({
  student,
  psychologist,
  latestRisk,
}: StudentRecord): StudentSummary {
  return {
    _id: student.id,
    firstName: student.firstName,
    lastName: student.lastName,
    age: student.age,
    gender: student.gender as Gender,
    email: student.email,
    phone: student.phone,
    city: student.city,
    career: student.career,
    careerLevel: student.careerLevel as Semester,
    level: student.careerLevel as Semester,
    employmentStatus: student.employmentStatus as EmploymentStatus,
    income: student.income ?? null,
    assignedPsychologist: toStaffRef(psychologist),
    latestRisk,
    version: student.version,
    createdAt: student.createdAt.toISOString(),
    updatedAt: student.updatedAt.toISOString(),
  };
}

/** The detail: the student with its newest notes (the first page) and how many it has. */
export function toStudent(
  record: StudentRecord,
  clinicalNotes: ClinicalNote[],
  clinicalNotesTotal: number,
): Student {
  return { ...toStudentSummary(record), clinicalNotes, clinicalNotesTotal };
}
