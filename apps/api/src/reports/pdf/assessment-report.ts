import { formatDateTimeIn, formatDay, fullName, MSG } from '@psicocampus/shared/domain';
import {
  BEHAVIOUR_QUESTIONS,
  CONTRADICTION_MSG,
  FREQUENCIES,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  LETHALITY_DEGREES,
  POTENTIAL_LETHALITIES,
  storedAnswersView,
  type StoredAnswersView,
  type SuicideAssessment,
  type YesNoItem,
} from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG, levelInForce } from '@psicocampus/shared/clinician-level';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import {
  createDocument,
  type Doc,
  emphasis,
  fields,
  finish,
  gap,
  heading,
  paragraph,
  subheading,
  title,
} from './pdf-layout';
import type { AssessmentReportData } from './report-data';

const T = SERVER_MSG.pdf;

/** What the sections of an assessment need: the assessment and the zone its dates are written in. */
type AssessmentPart = Pick<AssessmentReportData, 'assessment' | 'timeZone'>;

const answerLabel = (item: YesNoItem) =>
  item.present === null ? T.unanswered : item.present ? MSG.assessment.yes : MSG.assessment.no;

const labelOf = (options: ReadonlyArray<{ value: number; label: string }>, value: number | null) =>
  value === null
    ? T.unanswered
    : (options.find((option) => option.value === value)?.label ?? String(value));

/**
 * The clinician's level beside the engine's (docs/columbia-assessment.md#clinicians-level): both
 * named, the engine's never replaced, with the reason, who and when, and
 * which one is in force.
 */
function clinicianLevelSection(doc: Doc, data: AssessmentPart): void {
  const { assessment } = data;
  const C = CLINICIAN_LEVEL_MSG;
  const clinician = assessment.clinicianLevel;
  heading(doc, C.title);
  const rows: Array<[string, string]> = [
    [C.engineLevel, MSG.assessment.levels[assessment.riskLevel]],
    [C.clinicianLevel, clinician ? MSG.assessment.levels[clinician.level] : C.noneYet],
  ];
  if (clinician) {
    rows.push([C.reasonLabel, clinician.reason]);
    rows.push([
      C.recordedLabel,
      `${formatDateTimeIn(clinician.at, data.timeZone)} · ${
        clinician.by ? fullName(clinician.by) : MSG.common.notAssigned
      }`,
    ]);
  }
  rows.push([
    C.inForce,
    `${MSG.assessment.levels[levelInForce(assessment)]} (${
      clinician ? C.inForceClinician : C.inForceEngine
    })`,
  ]);
  fields(doc, rows);
}

const X = CONTRADICTION_MSG;

/**
 * A record stored with answers that contradict each other is printed as it
 * was stored, with the same mark as its screen: what it means and each
 * contradiction (docs/columbia-assessment.md#contradicting-answers).
 */
function contradictionsSection(doc: Doc, view: StoredAnswersView): void {
  if (!view.contradictions.length) return;
  heading(doc, X.markTitle);
  paragraph(doc, X.markText);
  for (const found of view.contradictions) paragraph(doc, `• ${found.msg}`);
}

/** A stored value, marked beside it when it contradicts the flow. */
const valueOf = (view: StoredAnswersView, field: string, text: string) =>
  view.contradicting.has(field) ? `${text} (${X.markInline})` : text;

function itemRows(
  view: StoredAnswersView,
  key: string,
  item: YesNoItem,
  total?: number,
): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    [T.answer, valueOf(view, `${key}.present`, answerLabel(item))],
  ];
  if (total !== undefined) {
    rows.push([MSG.assessment.totalAttempts, valueOf(view, `${key}.totalAttempts`, String(total))]);
  }
  if (item.description) {
    rows.push([MSG.assessment.description, valueOf(view, `${key}.description`, item.description)]);
  }
  return rows;
}

function ideationSection(doc: Doc, assessment: SuicideAssessment, view: StoredAnswersView) {
  heading(doc, MSG.assessment.ideationSection);
  for (const question of IDEATION_QUESTIONS) {
    if (question.number >= 3 && !view.ideationDetail) continue;
    subheading(doc, `${question.number}. ${question.title}`);
    paragraph(doc, question.question, { muted: true });
    fields(doc, itemRows(view, question.key, assessment[question.key]));
  }
}

function intensitySection(doc: Doc, assessment: SuicideAssessment, view: StoredAnswersView) {
  if (!view.intensity) return;
  heading(doc, MSG.assessment.intensitySection);
  const intensity = assessment.ideationIntensity;
  const row = (field: string, label: string, text: string): [string, string] => [
    label,
    valueOf(view, `ideationIntensity.${field}`, text),
  ];
  fields(doc, [
    row(
      'mostSeriousIdeationType',
      MSG.assessment.mostSeriousType,
      labelOf(IDEATION_TYPES, intensity.mostSeriousIdeationType),
    ),
    row(
      'mostSeriousIdeationDescription',
      MSG.assessment.mostSeriousDescription,
      intensity.mostSeriousIdeationDescription || '—',
    ),
    row('frequency', MSG.assessment.frequency, labelOf(FREQUENCIES, intensity.frequency)),
  ]);
}

function behaviourSection(doc: Doc, assessment: SuicideAssessment, view: StoredAnswersView) {
  heading(doc, MSG.assessment.behaviourSection);
  for (const question of BEHAVIOUR_QUESTIONS) {
    const item = assessment[question.key];
    subheading(doc, question.name);
    paragraph(doc, question.question, { muted: true });
    const total =
      question.withTotal && 'totalAttempts' in item && view.showsTotal(question.key)
        ? item.totalAttempts
        : undefined;
    fields(doc, itemRows(view, question.key, item, total));
  }
  subheading(doc, MSG.assessment.completedSuicide);
  fields(doc, [[T.answer, assessment.completedSuicide ? MSG.assessment.yes : MSG.assessment.no]]);
}

function lethalitySection(doc: Doc, assessment: SuicideAssessment, view: StoredAnswersView) {
  if (!view.lethality) return;
  heading(doc, MSG.assessment.lethalitySection);
  const rows: Array<[string, string]> = [
    [
      MSG.assessment.lethalityDegree,
      valueOf(view, 'lethalityDegree', labelOf(LETHALITY_DEGREES, assessment.lethalityDegree)),
    ],
  ];
  if (view.potentialLethality) {
    rows.push([
      MSG.assessment.potentialLethality,
      valueOf(
        view,
        'potentialLethality',
        labelOf(POTENTIAL_LETHALITIES, assessment.potentialLethality),
      ),
    ]);
  }
  const date = assessment.mostLethalAttemptDate;
  rows.push([
    MSG.assessment.mostLethalAttemptDate,
    valueOf(view, 'mostLethalAttemptDate', date ? formatDay(date) : T.unanswered),
  ]);
  fields(doc, rows);
}

function remarksSection(doc: Doc, data: AssessmentPart) {
  const { assessment } = data;
  // Every entry, oldest first, with who wrote it and when: remarks are
  // appended, never rewritten (docs/columbia-assessment.md#final-remarks), and the record prints them all.
  heading(doc, `${MSG.assessment.finalRemarks} (${assessment.remarks.length})`);
  if (!assessment.remarks.length) paragraph(doc, MSG.assessment.remarksEmpty, { muted: true });
  for (const remark of assessment.remarks) {
    subheading(
      doc,
      `${formatDateTimeIn(remark.createdAt, data.timeZone)} · ${remark.createdBy ? fullName(remark.createdBy) : MSG.common.notAssigned}`,
    );
    paragraph(doc, remark.text);
    gap(doc, 0.4);
  }
}

/**
 * An assessment in full after its cover: the levels, every answer as the
 * flow asked it (contradictions marked), the observations and every final
 * remark. Printed alone by its report, and for each assessment by the
 * export of a student's whole record (docs/api.md#record-export).
 */
export function assessmentSections(doc: Doc, data: AssessmentPart): void {
  const { assessment } = data;
  heading(doc, MSG.assessment.estimatedLevel);
  emphasis(doc, MSG.assessment.levels[assessment.riskLevel]);
  paragraph(doc, MSG.assessment.decisionAid, { italic: true, muted: true });
  clinicianLevelSection(doc, data);

  // What the flow asked, and every stored value besides, marked
  // (docs/columbia-assessment.md#contradicting-answers).
  const view = storedAnswersView(assessment);
  contradictionsSection(doc, view);
  ideationSection(doc, assessment, view);
  intensitySection(doc, assessment, view);
  behaviourSection(doc, assessment, view);
  lethalitySection(doc, assessment, view);

  heading(doc, MSG.assessment.observations);
  paragraph(doc, assessment.observations || T.assessmentReport.noObservations, {
    muted: !assessment.observations,
  });
  remarksSection(doc, data);
}

/** One assessment in full: every answer in Spanish, the level, the remarks, who and when. */
export function renderAssessmentReport(data: AssessmentReportData): Promise<Buffer> {
  const { assessment, student } = data;
  const doc = createDocument(
    `${MSG.assessment.itemTitle(data.number)} · ${fullName(student)}`,
    new Date(data.generatedAt),
    data.timeZone,
  );
  title(
    doc,
    MSG.assessment.title,
    `${MSG.assessment.itemTitle(data.number)} · ${fullName(student)}`,
  );
  fields(doc, [
    [T.assessmentReport.student, `${fullName(student)} (${student.email})`],
    [T.assessmentReport.career, student.career],
    [T.assessmentReport.date, formatDateTimeIn(assessment.createdAt, data.timeZone)],
    [T.evaluatedBy, assessment.createdBy ? fullName(assessment.createdBy) : MSG.common.notAssigned],
  ]);

  assessmentSections(doc, data);
  return finish(doc);
}
