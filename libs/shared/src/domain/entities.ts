import type { AuditAction, AuditOutcome } from './audit';
import type {
  AppointmentCanceller,
  AppointmentStatus,
  EmploymentStatus,
  Gender,
  Semester,
} from './enums';
import type { RiskLevel } from './risk/risk-engine';
import type { Role } from './roles';

/**
 * The shapes the API answers (docs/data-model.md and docs/architecture.md#data-and-databases: ids are UUIDs and the
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

/** GET /api/auth/profile: the signed-in user's own record. */
export interface OwnProfile extends Psychologist {
  /** An address the account is moving to, until it is confirmed from there (docs/decisions.md#e-mail-changes-and-assignments). */
  pendingEmail: string | null;
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
  /** ISO 8601; null while the note is a draft (docs/api.md#clinical-notes). */
  signedAt: string | null;
  /** Who signed it; null for a draft or when the account no longer exists. */
  signedBy: StaffRef | null;
  /** Corrections to a signed note, oldest first; never changed once written. */
  addenda: NoteAddendum[];
}

/** An addendum to a signed clinical note. */
export interface NoteAddendum {
  _id: string;
  text: string;
  /** ISO 8601. */
  createdAt: string;
  /** Null when the account no longer exists. */
  createdBy: StaffRef | null;
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
  /** The same as careerLevel: the name docs/data-model.md#student and docs/api.md give it on the detail and edit screens. */
  level: Semester;
  employmentStatus: EmploymentStatus;
  /** USD; null when not given ('No especificado'). */
  income: number | null;
  assignedPsychologist: StaffRef | null;
  /** The latest assessment's level and when it was made; null: 'Sin evaluación'. */
  latestRisk: LatestRisk | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A student's current level: that of their latest assessment (docs/screens-and-routes.md#patients-list). */
export interface LatestRisk {
  assessmentId: string;
  level: RiskLevel;
  /** ISO 8601: when that assessment was saved. */
  assessedAt: string;
  /**
   * That assessment's clinician's level, null when none is
   * recorded; the server always sends it.
   */
  clinicianLevel?: RiskLevel | null;
}

/** What the student detail shows of the safety plan in force (docs/api.md#safety-plan). */
export interface SafetyPlanSummary {
  version: number;
  status: 'draft' | 'complete';
  /** ISO 8601: when the revision in force was saved. */
  updatedAt: string;
}

/** GET /api/students/:id: the student with their newest clinical notes and how many there are. */
export interface Student extends StudentSummary {
  /**
   * The newest CLINICAL_NOTES_PAGE_SIZE notes, newest first: the first page
   * of `GET /api/students/{id}/clinical-notes`, which answers the others.
   */
  clinicalNotes: ClinicalNote[];
  /** Every note of the student, on every page. */
  clinicalNotesTotal: number;
  /** The safety plan in force, null when there is none; the server always sends it. */
  safetyPlan?: SafetyPlanSummary | null;
}

export interface Appointment {
  _id: string;
  studentId: string;
  student: { _id: string; firstName: string; lastName: string };
  date: string;
  /** 15–180; the session ends `durationMinutes` after `date`. */
  durationMinutes: number;
  status: AppointmentStatus;
  /** Set only when cancelled, as is `cancelReason`. */
  cancelledBy: AppointmentCanceller | null;
  cancelReason: string | null;
  reason: string;
  notes: string;
  createdBy: StaffRef | null;
  createdAt: string;
  /** Raised on every change; a PUT or a status change from an older one answers 409. */
  version: number;
  updatedAt: string;
}

/** One appointment of `POST /api/appointments`' or `PUT /api/appointments/:id`'s 409 APPOINTMENT_OVERLAP. */
export interface AppointmentOverlap {
  _id: string;
  date: string;
  durationMinutes: number;
  reason: string;
  student: { _id: string; firstName: string; lastName: string };
}

/**
 * A note as the psychologist's home and the pending-signature list name it
 * (docs/api.md#clinical-notes): whose it is, when it was written and
 * edited, whether it is signed; never its text, which is read in the
 * student's record.
 */
export interface NoteListing {
  _id: string;
  studentId: string;
  student: { _id: string; firstName: string; lastName: string };
  createdAt: string;
  updatedAt: string;
  /** 1 until the note is first edited. */
  version: number;
  signedAt: string | null;
}

/** One problem of an imported file: its row (as Excel numbers it), column and message. */
export interface ImportProblem {
  row: number;
  column: string;
  field: string;
  msg: string;
}

/** A staff account as the administrators' screens show it (docs/screens-and-routes.md#admin-area). */
export interface StaffUser {
  _id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string | null;
  active: boolean;
  /** False until an invited person sets a password through the invitation link. */
  hasPassword: boolean;
  /** Whether the account signs in with a second factor ('Restablecer segundo factor' only then). */
  hasSecondFactor: boolean;
  /** Students assigned to this psychologist (0 for administrators). */
  caseloadSize: number;
  createdAt: string;
  /** An address the account is moving to, until it is confirmed from there (docs/decisions.md#e-mail-changes-and-assignments). */
  pendingEmail: string | null;
}

/** A student in the administrators' assignment list: no clinical content (docs/permissions.md#administrators). */
export interface AdminStudentRow {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  career: string;
  careerLevel: Semester;
  assignedPsychologist: StaffRef | null;
}

/** How many records an archived student keeps, by kind: counts only. */
export interface ArchivedStudentRecords {
  notes: number;
  assessments: number;
  safetyPlanRevisions: number;
  appointments: number;
}

/**
 * An archived student as the administrators see them
 * (docs/data-model.md#archived-students): who, when, by whom, how many
 * records; never a clinical text.
 */
export interface ArchivedStudentRow {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  archivedAt: string;
  /** The psychologist who archived them; null once that account is deleted. */
  archivedBy: StaffRef | null;
  records: ArchivedStudentRecords;
}

/** One count of a chart, with the Spanish label it is shown with. */
export interface StatisticsCount<K extends string = string> {
  key: K;
  label: string;
  count: number;
}

/**
 * GET /api/statistics (docs/screens-and-routes.md#statistics): counts for the caller's scope, a
 * psychologist's caseload or, for an administrator, the whole service.
 */
export interface Statistics {
  scope: 'CASELOAD' | 'SERVICE';
  totals: {
    students: number;
    /** Active psychologists (the service's; 1 for a psychologist's own scope). */
    psychologists: number;
    assessmentsThisMonth: number;
    /** Students whose latest assessment is ALTO or MUY_ALTO. */
    highRiskStudents: number;
  };
  byGender: Array<StatisticsCount<Gender>>;
  /** By the level of each student's latest assessment; 'SIN_EVALUACION' for none. */
  byRiskLevel: Array<StatisticsCount<RiskLevel | 'SIN_EVALUACION'>>;
  byCareer: StatisticsCount[];
  bySemester: Array<StatisticsCount<Semester>>;
  /** The last 12 months, oldest first; key 'YYYY-MM', label 'nov. 2026'. */
  assessmentsPerMonth: StatisticsCount[];
}

/** One month of GET /api/statistics/appointments: its appointments by status. */
export interface AppointmentsMonth {
  /** 'YYYY-MM', the month in the service's time zone. */
  key: string;
  /** 'nov 2026', as Intl writes it in Spanish. */
  label: string;
  counts: Record<AppointmentStatus, number>;
}

/**
 * GET /api/statistics/appointments (docs/api.md#statistics): the caller's appointments per
 * month, the psychologist's caseload or, for an administrator, the whole
 * service; oldest first, the current month last, months without any at zero.
 */
export interface AppointmentStatistics {
  scope: 'CASELOAD' | 'SERVICE';
  months: AppointmentsMonth[];
}

/** One row of the audit log as the administrators' screen shows it. */
export interface AuditEntryView {
  _id: string;
  at: string;
  userId: string | null;
  /** The person's name when the account still exists. */
  userName: string | null;
  role: Role | null;
  action: AuditAction;
  recordType: string | null;
  recordId: string | null;
  clientAddress: string | null;
  outcome: AuditOutcome;
  requestId: string | null;
  /**
   * What a write did, in counts and ids: an import's `created` students and
   * the `batchId` stored on each (GET /api/admin/students?batch= lists them).
   */
  detail: Record<string, string | number | boolean | null> | null;
}

/** GET /api/service: what the screens must know of the service's configuration. */
export interface ServiceSettings {
  /** The IANA zone the service's clocks read (SERVICE_TIME_ZONE): appointments are shown in it. */
  timeZone: string;
}
