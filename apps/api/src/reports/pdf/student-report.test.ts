import {
  formatDateTimeIn,
  MSG,
  type Appointment,
  type ClinicalNote,
} from '@psicocampus/shared/domain';
import {
  CONTRADICTION_MSG,
  type AssessmentAnswers,
  type SuicideAssessment,
} from '@psicocampus/shared/columbia';
import { SIGNED_NOTES_MSG } from '@psicocampus/shared/signed-notes';
import { calmAnswers } from '../../../test/helpers/assessments';
import { pdfPageCount, pdfText, pdfTextRuns } from '../../../test/helpers/pdf-text';
import type { StudentReportData } from './report-data';
import { renderStudentReport } from './student-report';

const lucia = { _id: 'u-1', firstName: 'Lucía', lastName: 'Fernández', email: 'l@x.test' };

function note(text: string, version: number, updatedAt: string): ClinicalNote {
  return {
    _id: `n-${version}-${text.length}`,
    studentId: 's-1',
    note: text,
    createdAt: '2026-10-01T15:00:00.000Z',
    updatedAt,
    createdBy: lucia,
    version,
    signedAt: null,
    signedBy: null,
    addenda: [],
  };
}

/** The service's zone the reports write dates in: UTC-5, not the test machine's. */
const ZONE = 'America/Guayaquil';

function report(notes: ClinicalNote[], timeZone = ZONE): StudentReportData {
  return {
    kind: 'student',
    generatedAt: '2026-11-24T10:00:00.000Z',
    timeZone,
    student: {
      _id: 's-1',
      firstName: 'María José',
      lastName: 'Castillo',
      age: 21,
      gender: 'FEMENINO',
      email: 'mj@x.test',
      phone: '0991234567',
      city: 'Quito',
      career: 'Psicología',
      careerLevel: 'QUINTO',
      employmentStatus: 'DESEMPLEADO',
      income: null,
      assignedPsychologist: lucia,
    } as unknown as StudentReportData['student'],
    notes,
    appointments: [],
    assessments: [],
  };
}

describe('the general report prints an edited note as the student detail shows it', () => {
  it("says 'Editada el <fecha y hora>' under a corrected note, and nothing under one never edited", async () => {
    const edited = note('Texto corregido después de la sesión.', 2, '2026-10-03T09:20:00.000Z');
    const untouched = note('Primera sesión, sin cambios.', 1, '2026-10-01T15:00:00.000Z');
    const text = pdfText(await renderStudentReport(report([edited, untouched])));

    const editedLine = MSG.notes.edited(formatDateTimeIn(edited.updatedAt, ZONE));
    expect(text).toContain(editedLine);
    expect(text.indexOf(edited.note)).toBeLessThan(text.indexOf(editedLine));
    expect(text.indexOf(editedLine)).toBeLessThan(text.indexOf(untouched.note));
    expect(text).not.toContain(MSG.notes.edited(formatDateTimeIn(untouched.updatedAt, ZONE)));
    expect(text.split(MSG.notes.edited('')).length - 1).toBe(1);
  });
});

describe('the general report marks each note signed or draft, with its addenda', () => {
  it("prints 'Firmada por … el …' and each addendum under a signed note, and 'Borrador' under a draft", async () => {
    const signed: ClinicalNote = {
      ...note('Sesión inicial firmada.', 1, '2026-10-01T15:00:00.000Z'),
      signedAt: '2026-10-02T14:30:00.000Z',
      signedBy: lucia,
      addenda: [
        {
          _id: 'ad-1',
          text: 'Corrección: la sesión fue presencial.',
          createdAt: '2026-10-04T16:05:00.000Z',
          createdBy: lucia,
        },
      ],
    };
    const draft = note('Nota aún en borrador.', 1, '2026-10-05T15:00:00.000Z');
    const text = pdfText(await renderStudentReport(report([signed, draft])));

    const signedLine = SIGNED_NOTES_MSG.signedBy(
      'Lucía Fernández',
      formatDateTimeIn(signed.signedAt!, ZONE),
    );
    const addendumLine = SIGNED_NOTES_MSG.addendumBy(
      'Lucía Fernández',
      formatDateTimeIn('2026-10-04T16:05:00.000Z', ZONE),
    );
    expect(text).toContain(signedLine);
    expect(text).toContain(addendumLine);
    expect(text).toContain('Corrección: la sesión fue presencial.');
    const order = [signed.note, signedLine, addendumLine, 'Corrección:', draft.note];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Only the draft says "Borrador", after its own text.
    expect(text.split('\n').filter((line) => line === SIGNED_NOTES_MSG.draft)).toHaveLength(1);
    expect(text.lastIndexOf(SIGNED_NOTES_MSG.draft)).toBeGreaterThan(text.indexOf(draft.note));
  });
});

describe('the general report marks an assessment whose answers contradict each other (docs/columbia-assessment.md#contradicting-answers)', () => {
  it('says how many beside that assessment only', async () => {
    const stored = (answers: AssessmentAnswers, n: number): SuicideAssessment => ({
      ...answers,
      _id: `a-${n}`,
      student: 's-1',
      studentId: 's-1',
      riskLevel: 'BAJO',
      finalRemarks: '',
      finalRemarksAt: null,
      remarks: [],
      clinicianLevel: null,
      createdBy: lucia,
      createdAt: `2026-10-0${n}T15:00:00.000Z`,
    });
    const kept = calmAnswers();
    kept.actualAttempt = { present: false, description: 'Ingesta de pastillas', totalAttempts: 0 };
    const data = {
      ...report([]),
      assessments: [stored(kept, 1), stored(calmAnswers(), 2)],
    };
    const text = pdfText(await renderStudentReport(data)).replace(/\s+/g, ' ');
    expect(text.split(CONTRADICTION_MSG.markTitle)).toHaveLength(2);
    expect(text).toContain(`${CONTRADICTION_MSG.markTitle}: ${CONTRADICTION_MSG.markShort(1)}`);
    expect(text.indexOf(CONTRADICTION_MSG.markTitle)).toBeLessThan(text.indexOf('Evaluación 2'));
  });
});

describe("the report's dates are the service's clock (SERVICE_TIME_ZONE)", () => {
  it('prints an appointment at the hour the agenda shows, whatever the machine’s zone', async () => {
    const appointment = {
      _id: 'a-1',
      studentId: 's-1',
      date: '2026-11-26T15:00:00.000Z',
      reason: 'Seguimiento',
      notes: '',
      durationMinutes: 50,
      status: 'SCHEDULED',
    } as unknown as Appointment;
    const inZone = async (timeZone: string) =>
      pdfText(await renderStudentReport({ ...report([], timeZone), appointments: [appointment] }));

    expect(await inZone(ZONE)).toContain('26 de noviembre de 2026 a las 10:00 · Seguimiento');
    expect(await inZone('Europe/Madrid')).toContain(
      '26 de noviembre de 2026 a las 16:00 · Seguimiento',
    );
  });
});

describe('a note longer than a page', () => {
  it('goes on in the body type on every page it crosses, never in the header or footer type', async () => {
    const sentence = 'La estudiante describe la semana con detalle y se acuerda seguimiento. ';
    const long = note(sentence.repeat(180).trim(), 1, '2026-10-01T15:00:00.000Z');
    const pdf = await renderStudentReport(report([long]));
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3);
    const noteRuns = pdfTextRuns(pdf).filter((run) => run.text.includes('se acuerda seguimiento'));
    expect(noteRuns.length).toBeGreaterThan(40);
    expect(new Set(noteRuns.map((run) => run.size))).toEqual(new Set([10]));
    // Every page still has its header, in its own type.
    const headers = pdfTextRuns(pdf).filter((run) => run.text.startsWith(MSG.shell.productName));
    expect(headers.map((run) => run.size)).toEqual(Array(pdfPageCount(pdf)).fill(10));
  });
});

describe('reports made one after another in a worker thread', () => {
  it('each read back letter for letter: the fonts they share carry no letters over', async () => {
    // Subsetting "ή" (a glyph built from "η" and an accent) in the first
    // report once left "η" without its letter for every later report.
    await renderStudentReport(report([note('Viaje a Αθήνα con su familia.', 1, '2026-10-01')]));
    const later = report([note('Refiere fiebre y fatiga.', 1, '2026-10-02')]);
    later.student = { ...later.student, firstName: 'Ελένη', lastName: 'Παπαδοπούλου' };
    const text = pdfText(await renderStudentReport(later));
    expect(text.split('\n')).toContain('Ελένη Παπαδοπούλου');
    // A ligature drawn for "fi" still reads "fi", never the one character "ﬁ".
    expect(text).toContain('Refiere fiebre y fatiga.');
  });
});
