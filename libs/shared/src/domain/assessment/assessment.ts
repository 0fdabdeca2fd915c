import type { ClinicianLevel } from '../clinician-level';
import type { StaffRef } from '../entities';
import type { RiskLevel } from '../risk/risk-engine';
import type { ATTEMPT_KEYS, BehaviourKey, IdeationKey } from './columbia-scale';

/** A yes/no item of the scale: the answer (null = not answered) and what the student said. */
export interface YesNoItem {
  present: boolean | null;
  description: string;
}

/** Attempts also carry how many there were (docs/data-model.md#suicide-assessment: default 0). */
export interface AttemptItem extends YesNoItem {
  totalAttempts: number;
}

export interface IdeationIntensity {
  /** 1 (plan, most severe) … 5 (wish to be dead); only a type the student endorsed. */
  mostSeriousIdeationType: number | null;
  mostSeriousIdeationDescription: string;
  /** 0 (does not know / not applicable) … 4 (all the time). */
  frequency: number | null;
}

/** What the assessment form sends (POST /api/suicide-assessments), without the student. */
export interface AssessmentAnswers
  extends
    Record<IdeationKey, YesNoItem>,
    Record<Exclude<BehaviourKey, (typeof ATTEMPT_KEYS)[number]>, YesNoItem> {
  actualAttempt: AttemptItem;
  interruptedAttempt: AttemptItem;
  abortedAttempt: AttemptItem;
  ideationIntensity: IdeationIntensity;
  completedSuicide: boolean;
  /** 'YYYY-MM-DD'; asked when there was an actual attempt. */
  mostLethalAttemptDate: string | null;
  /** 0–5; asked when there was an actual attempt. */
  lethalityDegree: number | null;
  /** 0–2; asked when the lethality degree is 0. */
  potentialLethality: number | null;
  observations: string;
}

/**
 * One final remark (docs/columbia-assessment.md#final-remarks): appended by the assessment's author at any
 * time after saving, never changed or removed.
 */
export interface AssessmentRemark {
  _id: string;
  text: string;
  createdAt: string;
  /** Null when the account no longer exists ('No asignado'). */
  createdBy: StaffRef | null;
}

/** A saved assessment as the API answers it (docs/data-model.md#suicide-assessment). */
export interface SuicideAssessment extends AssessmentAnswers {
  _id: string;
  /** The student's id (the spec's name), also as studentId. */
  student: string;
  studentId: string;
  riskLevel: RiskLevel;
  /**
   * The text field of docs/data-model.md#suicide-assessment, kept for whoever reads it (an embedding page's
   * `onSaved`): the newest remark's text, '' before the first. `remarks`
   * holds all of them.
   */
  finalRemarks: string;
  /** When the newest remark was written; null before the first. */
  finalRemarksAt: string | null;
  /** Every final remark, oldest first. */
  remarks: AssessmentRemark[];
  /**
   * The author's own level with its reason
   * (docs/columbia-assessment.md#clinicians-level), recorded once after
   * saving; null until then. `riskLevel` stays the engine's.
   */
  clinicianLevel: ClinicianLevel | null;
  createdBy: StaffRef | null;
  createdAt: string;
}

/**
 * The answer of POST /api/suicide-assessments (docs/api.md#assessments): the saved
 * assessment and, for ALTO and MUY_ALTO, what the service's protocol asks next
 * (the server's HIGH_RISK_PROTOCOL setting), which 'Evaluación Registrada' shows;
 * null for the other levels.
 */
export interface AssessmentSavedAnswer {
  ok: true;
  msg: string;
  assessment: SuicideAssessment;
  protocol: string | null;
}

/** The answer of GET /api/suicide-assessments/:id (docs/api.md#assessments): one saved assessment. */
export interface AssessmentAnswer {
  ok: true;
  assessment: SuicideAssessment;
}

/** An assessment in the psychologist's cross-caseload list ('Evaluaciones'). */
export interface AssessmentSummary {
  _id: string;
  studentId: string;
  student: { _id: string; firstName: string; lastName: string };
  riskLevel: RiskLevel;
  clinicianLevel: ClinicianLevel | null;
  createdBy: StaffRef | null;
  createdAt: string;
  hasFinalRemarks: boolean;
}

const emptyItem = (): YesNoItem => ({ present: null, description: '' });
const emptyAttempt = (): AttemptItem => ({ ...emptyItem(), totalAttempts: 0 });

/** A blank form: nothing answered yet. */
export function emptyAssessmentAnswers(): AssessmentAnswers {
  return {
    deathWish: emptyItem(),
    nonSpecificActiveSuicidalThoughts: emptyItem(),
    activeSuicidalIdeationWithMethods: emptyItem(),
    activeSuicidalIdeationWithIntent: emptyItem(),
    activeSuicidalIdeationWithPlan: emptyItem(),
    actualAttempt: emptyAttempt(),
    nonSuicidalSelfInjury: emptyItem(),
    unknownIntentSelfInjury: emptyItem(),
    interruptedAttempt: emptyAttempt(),
    abortedAttempt: emptyAttempt(),
    preparatoryActs: emptyItem(),
    ideationIntensity: {
      mostSeriousIdeationType: null,
      mostSeriousIdeationDescription: '',
      frequency: null,
    },
    completedSuicide: false,
    mostLethalAttemptDate: null,
    lethalityDegree: null,
    potentialLethality: null,
    observations: '',
  };
}
