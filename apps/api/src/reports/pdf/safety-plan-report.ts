import { formatDateTimeIn, fullName, MSG } from '@psicocampus/shared/domain';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTIONS,
} from '@psicocampus/shared/safety-plan';
import {
  createDocument,
  type Doc,
  emphasis,
  fields,
  finish,
  gap,
  heading,
  paragraph,
  title,
} from './pdf-layout';
import type { SafetyPlanReportData } from './report-data';

const P = SAFETY_PLAN_MSG.pdf;

/**
 * The service's phone and the crisis line, under the student's own list of
 * professionals: printed whatever the student wrote, so that the page they
 * carry always says whom to call.
 */
function serviceContacts(doc: Doc, data: SafetyPlanReportData): void {
  const rows: Array<[string, string]> = [];
  if (data.servicePhone) rows.push([P.servicePhone, data.servicePhone]);
  rows.push([P.crisisLine, data.crisisLine]);
  gap(doc, 0.3);
  fields(doc, rows);
}

/**
 * The assessment whose level asked for the plan: both levels and the
 * clinician's reason (docs/import-and-reports.md#reports).
 */
function assessmentSection(doc: Doc, data: SafetyPlanReportData): void {
  const { assessment } = data;
  if (!assessment) return;
  const C = CLINICIAN_LEVEL_MSG;
  heading(doc, P.assessmentTitle);
  const rows: Array<[string, string]> = [
    [P.assessmentDate, formatDateTimeIn(assessment.createdAt, data.timeZone)],
    [C.engineLevel, MSG.assessment.levels[assessment.riskLevel]],
    [
      C.clinicianLevel,
      assessment.clinicianLevel
        ? MSG.assessment.levels[assessment.clinicianLevel.level]
        : C.noneYet,
    ],
  ];
  if (assessment.clinicianLevel) rows.push([C.reasonLabel, assessment.clinicianLevel.reason]);
  fields(doc, rows);
}

/** The safety plan to hand to the student: the seven steps in order, whom to call, and the level that asked for it. */
export function renderSafetyPlanReport(data: SafetyPlanReportData): Promise<Buffer> {
  const { plan, student } = data;
  const name = fullName(student);
  const doc = createDocument(
    `${SAFETY_PLAN_MSG.title} · ${name}`,
    new Date(data.generatedAt),
    data.timeZone,
  );
  title(doc, SAFETY_PLAN_MSG.title, P.subtitle(name));
  fields(doc, [
    [
      P.versionLabel,
      P.versionLine(
        String(plan.version),
        SAFETY_PLAN_MSG.status[plan.status],
        formatDateTimeIn(plan.createdAt, data.timeZone),
      ),
    ],
    [P.preparedWith, plan.createdBy ? fullName(plan.createdBy) : SAFETY_PLAN_MSG.unknownAuthor],
  ]);
  if (plan.status === 'draft') paragraph(doc, P.draftNotice, { italic: true, muted: true });

  SAFETY_PLAN_SECTION_KEYS.forEach((key, index) => {
    heading(doc, `${index + 1}. ${SAFETY_PLAN_SECTIONS[key].title}`);
    const written = plan[key];
    paragraph(doc, written || P.empty, { muted: !written });
    if (key === 'professionalContacts') serviceContacts(doc, data);
  });

  gap(doc, 0.6);
  emphasis(doc, P.closing);
  assessmentSection(doc, data);
  return finish(doc);
}
