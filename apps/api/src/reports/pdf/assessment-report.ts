import { formatDate, formatDateTimeIn, fullName, MSG } from '@psicocampus/shared/domain';
import {
  BEHAVIOUR_QUESTIONS,
  FREQUENCIES,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  LETHALITY_DEGREES,
  POTENTIAL_LETHALITIES,
  showsIdeationDetail,
  showsIntensity,
  showsLethality,
  showsPotentialLethality,
  type YesNoItem,
} from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
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

const answerLabel = (item: YesNoItem) =>
  item.present === null ? T.unanswered : item.present ? MSG.assessment.yes : MSG.assessment.no;

const labelOf = (options: ReadonlyArray<{ value: number; label: string }>, value: number | null) =>
  value === null
    ? T.unanswered
    : (options.find((option) => option.value === value)?.label ?? String(value));

/**
 * The clinician's level beside the engine's (issue 19 §1): both named, the
 * engine's never replaced, with the reason, who and when.
 */
function clinicianLevelSection(doc: Doc, data: AssessmentReportData): void {
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
  fields(doc, rows);
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

  heading(doc, MSG.assessment.estimatedLevel);
  emphasis(doc, MSG.assessment.levels[assessment.riskLevel]);
  paragraph(doc, MSG.assessment.decisionAid, { italic: true, muted: true });
  clinicianLevelSection(doc, data);

  heading(doc, MSG.assessment.ideationSection);
  for (const question of IDEATION_QUESTIONS) {
    if (question.number >= 3 && !showsIdeationDetail(assessment)) continue;
    const item = assessment[question.key];
    subheading(doc, `${question.number}. ${question.title}`);
    paragraph(doc, question.question, { muted: true });
    fields(doc, [[T.answer, answerLabel(item)]]);
    if (item.description) fields(doc, [[MSG.assessment.description, item.description]]);
  }

  if (showsIntensity(assessment)) {
    heading(doc, MSG.assessment.intensitySection);
    const intensity = assessment.ideationIntensity;
    fields(doc, [
      [MSG.assessment.mostSeriousType, labelOf(IDEATION_TYPES, intensity.mostSeriousIdeationType)],
      [MSG.assessment.mostSeriousDescription, intensity.mostSeriousIdeationDescription || '—'],
      [MSG.assessment.frequency, labelOf(FREQUENCIES, intensity.frequency)],
    ]);
  }

  heading(doc, MSG.assessment.behaviourSection);
  for (const question of BEHAVIOUR_QUESTIONS) {
    const item = assessment[question.key];
    subheading(doc, question.name);
    paragraph(doc, question.question, { muted: true });
    const rows: Array<[string, string]> = [[T.answer, answerLabel(item)]];
    if (question.withTotal && item.present) {
      rows.push([
        MSG.assessment.totalAttempts,
        String((item as { totalAttempts: number }).totalAttempts),
      ]);
    }
    if (item.description) rows.push([MSG.assessment.description, item.description]);
    fields(doc, rows);
  }
  subheading(doc, MSG.assessment.completedSuicide);
  fields(doc, [[T.answer, assessment.completedSuicide ? MSG.assessment.yes : MSG.assessment.no]]);

  if (showsLethality(assessment)) {
    heading(doc, MSG.assessment.lethalitySection);
    const rows: Array<[string, string]> = [
      [MSG.assessment.lethalityDegree, labelOf(LETHALITY_DEGREES, assessment.lethalityDegree)],
    ];
    if (showsPotentialLethality(assessment)) {
      rows.push([
        MSG.assessment.potentialLethality,
        labelOf(POTENTIAL_LETHALITIES, assessment.potentialLethality),
      ]);
    }
    rows.push([
      MSG.assessment.mostLethalAttemptDate,
      assessment.mostLethalAttemptDate
        ? formatDate(`${assessment.mostLethalAttemptDate}T12:00:00`)
        : T.unanswered,
    ]);
    fields(doc, rows);
  }

  heading(doc, MSG.assessment.observations);
  paragraph(doc, assessment.observations || T.assessmentReport.noObservations, {
    muted: !assessment.observations,
  });

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
  return finish(doc);
}
