import type { EmploymentStatus, Gender, Semester } from './enums';
import type { Role } from './roles';

/**
 * The shapes the API answers (SEED §3; PRODUCT §2: ids are UUIDs and the
 * spec's field names are kept, `_id` included). Dates are ISO 8601 strings.
 */

/** A staff member as other records show them. */
export interface StaffRef {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** GET /api/psychologists/:id */
export interface Psychologist extends StaffRef {
  role: Role;
  phone: string | null;
}

export interface ClinicalNote {
  _id: string;
  studentId: string;
  note: string;
  createdAt: string;
  updatedAt: string;
  /** The author; null when the account no longer exists ('No asignado'). */
  createdBy: StaffRef | null;
  version: number;
}

/** A student in the list (no clinical content). */
export interface StudentSummary {
  _id: string;
  firstName: string;
  lastName: string;
  age: number;
  gender: Gender;
  email: string;
  phone: string;
  city: string;
  career: string;
  careerLevel: Semester;
  /** The same as careerLevel: the name SEED §3/§7 give it on the detail and edit screens. */
  level: Semester;
  employmentStatus: EmploymentStatus;
  /** USD; null when not given ('No especificado'). */
  income: number | null;
  assignedPsychologist: StaffRef | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/students/:id: the student with their clinical notes, newest first. */
export interface Student extends StudentSummary {
  clinicalNotes: ClinicalNote[];
}

export interface Appointment {
  _id: string;
  studentId: string;
  student: { _id: string; firstName: string; lastName: string };
  date: string;
  reason: string;
  notes: string;
  createdBy: StaffRef | null;
  createdAt: string;
}

/** A note with its student's name, for the psychologist's home. */
export interface RecentNote extends ClinicalNote {
  student: { _id: string; firstName: string; lastName: string };
}

/** One problem of an imported file: its row (as Excel numbers it), column and message. */
export interface ImportProblem {
  row: number;
  column: string;
  field: string;
  msg: string;
}
