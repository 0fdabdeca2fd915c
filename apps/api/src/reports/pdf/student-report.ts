import {
  type ClinicalNote,
  EMPLOYMENT_LABELS,
  formatDateTimeIn,
  formatIncome,
  fullName,
  GENDER_LABELS,
  MSG,
  SEMESTER_LABELS,
  type StudentSummary,
} from '@psicocampus/shared/domain';
import { assessmentContradictions, CONTRADICTION_MSG } from '@psicocampus/shared/columbia';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import {
  createDocument,
  type Doc,
  fields,
  finish,
  gap,
  heading,
  paragraph,
  subheading,
  title,
} from './pdf-layout';
import type { StudentReportData } from './report-data';

const T = SERVER_MSG.pdf;

/** The student's data as "label: value" rows: the general report's and the record export's. */
export function studentDataRows(student: StudentSummary): Array<[string, string]> {
  return [
    [MSG.students.labels.age, MSG.students.ageYears(student.age)],
    [MSG.students.labels.gender, GENDER_LABELS[student.gender]],
    [MSG.students.labels.email, student.email],
    [MSG.students.labels.phone, student.phone],
    [MSG.students.labels.city, student.city],
    [MSG.students.labels.career, student.career],
    [MSG.students.labels.careerLevel, SEMESTER_LABELS[student.careerLevel]],
    [MSG.students.labels.employmentStatus, EMPLOYMENT_LABELS[student.employmentStatus]],
    [MSG.students.labels.income, formatIncome(student.income) ?? MSG.common.notSpecified],
  ];
}

/**
 * One note as the record shows it: date and author, the text, whether it
 * was corrected, signed or a draft, and its addenda. The general report and
 * the export of the whole record (docs/api.md#record-export) print it so.
 */
export function printNote(doc: Doc, note: ClinicalNote, timeZone: string): void {
  subheading(
    doc,
    `${formatDateTimeIn(note.createdAt, timeZone)} · ${note.createdBy ? fullName(note.createdBy) : MSG.common.notAssigned}`,
  );
  paragraph(doc, note.note);
  // A corrected note says so under its text, and when, as the student detail does:
  // every correction raises the version, so version 1 was never edited.
  if (note.version > 1) {
    paragraph(doc, MSG.notes.edited(formatDateTimeIn(note.updatedAt, timeZone)), {
      italic: true,
      muted: true,
    });
  }
  // Signed or draft (docs/decisions.md#clinical-notes), and the addenda that correct a signed note.
  paragraph(
    doc,
    note.signedAt
      ? SIGNED_NOTES_MSG.signedBy(
          note.signedBy ? fullName(note.signedBy) : MSG.common.notAssigned,
          formatDateTimeIn(note.signedAt, timeZone),
        )
      : SIGNED_NOTES_MSG.draft,
    { italic: true, muted: true },
  );
  for (const addendum of note.addenda) {
    paragraph(
      doc,
      SIGNED_NOTES_MSG.addendumBy(
        addendum.createdBy ? fullName(addendum.createdBy) : MSG.common.notAssigned,
        formatDateTimeIn(addendum.createdAt, timeZone),
      ),
      { italic: true, muted: true },
    );
    paragraph(doc, addendum.text);
  }
  gap(doc, 0.4);
}

/** The general report of a student: data, psychologist, notes, appointments, assessments. */
export function renderStudentReport(data: StudentReportData): Promise<Buffer> {
  const { student } = data;
  const doc = createDocument(
    T.studentReport.documentTitle(fullName(student)),
    new Date(data.generatedAt),
    data.timeZone,
  );
  title(doc, T.studentReport.title, fullName(student));

  heading(doc, T.studentReport.studentData);
  fields(doc, studentDataRows(student));

  heading(doc, MSG.students.assignedPsychologist);
  if (student.assignedPsychologist) {
    fields(doc, [
      [T.studentReport.psychologistName, fullName(student.assignedPsychologist)],
      [T.studentReport.psychologistEmail, student.assignedPsychologist.email],
    ]);
  } else {
    paragraph(doc, MSG.common.notAssigned, { muted: true });
  }

  heading(doc, `${MSG.notes.title} (${data.notes.length})`);
  if (!data.notes.length) paragraph(doc, MSG.notes.empty, { muted: true });
  for (const note of data.notes) printNote(doc, note, data.timeZone);

  heading(doc, `${MSG.appointments.title} (${data.appointments.length})`);
  if (!data.appointments.length) paragraph(doc, MSG.appointments.empty, { muted: true });
  for (const appointment of data.appointments) {
    subheading(doc, `${formatDateTimeIn(appointment.date, data.timeZone)} · ${appointment.reason}`);
    if (appointment.notes) paragraph(doc, appointment.notes);
  }

  heading(doc, `${MSG.assessment.historyTitle} (${data.assessments.length})`);
  if (!data.assessments.length) paragraph(doc, MSG.assessment.empty, { muted: true });
  data.assessments.forEach((assessment, index) => {
    subheading(
      doc,
      `${MSG.assessment.itemTitle(index + 1)} · ${formatDateTimeIn(assessment.createdAt, data.timeZone)}`,
    );
    const rows: Array<[string, string]> = [
      [MSG.assessment.estimatedLevel, MSG.assessment.levels[assessment.riskLevel]],
    ];
    // Beside the engine's, never instead of it (docs/columbia-assessment.md#clinicians-level).
    if (assessment.clinicianLevel) {
      rows.push([
        CLINICIAN_LEVEL_MSG.clinicianLevel,
        MSG.assessment.levels[assessment.clinicianLevel.level],
      ]);
    }
    rows.push([
      T.evaluatedBy,
      assessment.createdBy ? fullName(assessment.createdBy) : MSG.common.notAssigned,
    ]);
    // Marked as on its screen and in the history (docs/columbia-assessment.md#contradicting-answers).
    const contradictions = assessmentContradictions(assessment).length;
    if (contradictions) {
      rows.push([CONTRADICTION_MSG.markTitle, CONTRADICTION_MSG.markShort(contradictions)]);
    }
    fields(doc, rows);
  });
  if (data.assessments.length) {
    gap(doc, 0.4);
    paragraph(doc, MSG.assessment.decisionAid, { italic: true, muted: true });
  }
  return finish(doc);
}
