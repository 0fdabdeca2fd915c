import {
  APPOINTMENT_CANCELLER_LABELS,
  APPOINTMENT_STATUS_LABELS,
  formatDateTimeIn,
  fullName,
  MSG,
  ROLE_LABELS,
  type Appointment,
} from '@psicocampus/shared/domain';
import { RECORD_EXPORT_MSG } from '@psicocampus/shared/record-export';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTIONS,
  type SafetyPlan,
} from '@psicocampus/shared/safety-plan';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { assessmentSections } from './assessment-report';
import {
  createDocument,
  type Doc,
  fields,
  finish,
  heading,
  paragraph,
  subheading,
  title,
} from './pdf-layout';
import type { RecordReportData } from './report-data';
import { printNote, studentDataRows } from './student-report';

const R = RECORD_EXPORT_MSG.pdf;

/** Who exported the record, when, on which clock, and what it holds: the first thing a reader checks. */
function cover(doc: Doc, data: RecordReportData): void {
  const { student } = data;
  paragraph(doc, R.purpose, { italic: true, muted: true });
  heading(doc, R.cover);
  const rows: Array<[string, string]> = [
    [R.exportedBy, `${fullName(data.exportedBy)} (${ROLE_LABELS[data.exportedBy.role]})`],
    [R.exportedAt, formatDateTimeIn(data.generatedAt, data.timeZone)],
    [R.timeZone, data.timeZone],
  ];
  if (data.archivedAt) rows.push([R.archived, formatDateTimeIn(data.archivedAt, data.timeZone)]);
  fields(doc, rows);

  heading(doc, SERVER_MSG.pdf.studentReport.studentData);
  fields(doc, studentDataRows(student));
  heading(doc, MSG.students.assignedPsychologist);
  paragraph(
    doc,
    student.assignedPsychologist
      ? `${fullName(student.assignedPsychologist)} (${student.assignedPsychologist.email})`
      : MSG.common.notAssigned,
    { muted: !student.assignedPsychologist },
  );

  heading(doc, R.contents);
  fields(doc, [
    [R.notesCount, String(data.notes.length)],
    [R.assessmentsCount, String(data.assessments.length)],
    [R.revisionsCount, String(data.revisions.length)],
    [R.appointmentsCount, String(data.appointments.length)],
  ]);
}

/** One revision of the safety plan as it was saved: version, status, author, the seven sections. */
function printRevision(doc: Doc, plan: SafetyPlan, timeZone: string): void {
  heading(doc, R.revisionTitle(plan.version));
  fields(doc, [
    [
      SAFETY_PLAN_MSG.pdf.versionLabel,
      SAFETY_PLAN_MSG.pdf.versionLine(
        String(plan.version),
        SAFETY_PLAN_MSG.status[plan.status],
        formatDateTimeIn(plan.createdAt, timeZone),
      ),
    ],
    [
      SAFETY_PLAN_MSG.pdf.preparedWith,
      plan.createdBy ? fullName(plan.createdBy) : SAFETY_PLAN_MSG.unknownAuthor,
    ],
  ]);
  SAFETY_PLAN_SECTION_KEYS.forEach((key, index) => {
    subheading(doc, `${index + 1}. ${SAFETY_PLAN_SECTIONS[key].title}`);
    const written = plan[key];
    paragraph(doc, written || SAFETY_PLAN_MSG.pdf.empty, { muted: !written });
  });
}

/** One appointment, every field the record keeps: when, how long, its status and why. */
function printAppointment(doc: Doc, appointment: Appointment, timeZone: string): void {
  subheading(doc, `${formatDateTimeIn(appointment.date, timeZone)} · ${appointment.reason}`);
  const rows: Array<[string, string]> = [
    [R.duration, R.minutes(appointment.durationMinutes)],
    [R.status, APPOINTMENT_STATUS_LABELS[appointment.status]],
  ];
  if (appointment.cancelledBy) {
    rows.push([R.cancelledBy, APPOINTMENT_CANCELLER_LABELS[appointment.cancelledBy]]);
  }
  if (appointment.cancelReason) rows.push([R.cancelReason, appointment.cancelReason]);
  rows.push([
    R.bookedBy,
    appointment.createdBy ? fullName(appointment.createdBy) : MSG.common.notAssigned,
  ]);
  if (appointment.notes) rows.push([R.appointmentNotes, appointment.notes]);
  fields(doc, rows);
}

/**
 * A student's whole record (docs/api.md#record-export): a cover, then every
 * note with its addenda, every assessment in full (as its own report prints
 * it), every revision of the safety plan and every appointment, each kind
 * oldest first. Tagged PDF/A like every report (pdf-layout.ts).
 */
export function renderRecordReport(data: RecordReportData): Promise<Buffer> {
  const name = fullName(data.student);
  const doc = createDocument(R.documentTitle(name), new Date(data.generatedAt), data.timeZone);
  title(doc, R.title, name);
  cover(doc, data);

  heading(doc, `${R.notesTitle} (${data.notes.length})`);
  if (!data.notes.length) paragraph(doc, R.none, { muted: true });
  for (const note of data.notes) printNote(doc, note, data.timeZone);

  heading(doc, `${R.assessmentsTitle} (${data.assessments.length})`);
  if (!data.assessments.length) paragraph(doc, R.none, { muted: true });
  data.assessments.forEach((assessment, index) => {
    heading(
      doc,
      `${MSG.assessment.itemTitle(index + 1)} · ${formatDateTimeIn(assessment.createdAt, data.timeZone)}`,
    );
    fields(doc, [
      [
        SERVER_MSG.pdf.evaluatedBy,
        assessment.createdBy ? fullName(assessment.createdBy) : MSG.common.notAssigned,
      ],
    ]);
    assessmentSections(doc, { assessment, timeZone: data.timeZone });
  });

  heading(doc, `${R.revisionsTitle} (${data.revisions.length})`);
  if (!data.revisions.length) paragraph(doc, R.none, { muted: true });
  for (const plan of data.revisions) printRevision(doc, plan, data.timeZone);

  heading(doc, `${R.appointmentsTitle} (${data.appointments.length})`);
  if (!data.appointments.length) paragraph(doc, R.none, { muted: true });
  for (const appointment of data.appointments) printAppointment(doc, appointment, data.timeZone);
  return finish(doc);
}
