import type {
  Appointment,
  ClinicalNote,
  Role,
  StaffRef,
  StudentSummary,
} from '@psicocampus/shared/domain';
import type { SuicideAssessment } from '@psicocampus/shared/columbia';
import type { SafetyPlan } from '@psicocampus/shared/safety-plan';

/** Everything the general student report prints (docs/import-and-reports.md#reports), as plain data for the worker. */
export interface StudentReportData {
  kind: 'student';
  generatedAt: string;
  /** The service's zone (SERVICE_TIME_ZONE): every date is written as its clock reads it. */
  timeZone: string;
  student: StudentSummary;
  notes: ClinicalNote[];
  appointments: Appointment[];
  /** Oldest first: 'Evaluación 1' is the first. */
  assessments: SuicideAssessment[];
}

/** One assessment in full (docs/import-and-reports.md#reports). */
export interface AssessmentReportData {
  kind: 'assessment';
  generatedAt: string;
  /** The service's zone (SERVICE_TIME_ZONE): every date is written as its clock reads it. */
  timeZone: string;
  student: Pick<StudentSummary, '_id' | 'firstName' | 'lastName' | 'email' | 'career'> & {
    assignedPsychologist: StaffRef | null;
  };
  assessment: SuicideAssessment;
  /** Its place among the student's assessments ('Evaluación N'). */
  number: number;
}

/** A revision of a student's safety plan, printed to hand to the student (docs/api.md#safety-plan). */
export interface SafetyPlanReportData {
  kind: 'safety_plan';
  generatedAt: string;
  /** The service's zone (SERVICE_TIME_ZONE): every date is written as its clock reads it. */
  timeZone: string;
  student: Pick<StudentSummary, '_id' | 'firstName' | 'lastName'>;
  plan: SafetyPlan;
  /** SERVICE_PHONE; null leaves it out. */
  servicePhone: string | null;
  /** CRISIS_LINE. */
  crisisLine: string;
  /** The assessment whose level asked for the plan, when the plan names one. */
  assessment: Pick<SuicideAssessment, 'createdAt' | 'riskLevel' | 'clinicianLevel'> | null;
}

/**
 * A student's whole record, handed over on request (docs/api.md#record-export):
 * every note with its addenda, assessment, plan revision and appointment,
 * each list oldest first, with who exported it and when.
 */
export interface RecordReportData {
  kind: 'record';
  generatedAt: string;
  /** The service's zone (SERVICE_TIME_ZONE): every date is written as its clock reads it. */
  timeZone: string;
  student: StudentSummary;
  /** When the student was archived; null for a student still in a caseload. */
  archivedAt: string | null;
  exportedBy: { firstName: string; lastName: string; role: Role };
  notes: ClinicalNote[];
  assessments: SuicideAssessment[];
  revisions: SafetyPlan[];
  appointments: Appointment[];
}

export type ReportData =
  StudentReportData | AssessmentReportData | SafetyPlanReportData | RecordReportData;
