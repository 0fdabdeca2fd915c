import { formatDateTime, MSG, type ClinicalNote } from '@psicocampus/shared/domain';
import { inflateSync } from 'node:zlib';
import { pdfPageCount, pdfText } from '../../../test/helpers/pdf-text';
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
  };
}

function report(notes: ClinicalNote[]): StudentReportData {
  return {
    kind: 'student',
    generatedAt: '2026-11-24T10:00:00.000Z',
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

describe('the general report prints an edited note as the student detail shows it (issue 16)', () => {
  it("says 'Editada el <fecha y hora>' under a corrected note, and nothing under one never edited", async () => {
    const edited = note('Texto corregido después de la sesión.', 2, '2026-10-03T09:20:00.000Z');
    const untouched = note('Primera sesión, sin cambios.', 1, '2026-10-01T15:00:00.000Z');
    const text = pdfText(await renderStudentReport(report([edited, untouched])));

    const editedLine = MSG.notes.edited(formatDateTime(edited.updatedAt));
    expect(text).toContain(editedLine);
    expect(text.indexOf(edited.note)).toBeLessThan(text.indexOf(editedLine));
    expect(text.indexOf(editedLine)).toBeLessThan(text.indexOf(untouched.note));
    expect(text).not.toContain(MSG.notes.edited(formatDateTime(untouched.updatedAt)));
    expect(text.split(MSG.notes.edited('')).length - 1).toBe(1);
  });
});

/** Each text run of a PDF with the font size set (Tf) when it was shown, page by page. */
function runsWithSizes(pdf: Buffer): Array<{ size: number; text: string }> {
  const raw = pdf.toString('latin1');
  const runs: Array<{ size: number; text: string }> = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString(
        'latin1',
      );
    } catch {
      continue;
    }
    let size = 0;
    for (const op of content.matchAll(/\/\S+ ([\d.]+) Tf|\[(.*?)\]\s*TJ/g)) {
      if (op[1]) size = Number(op[1]);
      else {
        const text = [...op[2]!.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join('');
        runs.push({ size, text });
      }
    }
  }
  return runs;
}

describe('a note longer than a page (issue 17)', () => {
  it('goes on in the body type on every page it crosses, never in the header or footer type', async () => {
    const sentence = 'La estudiante describe la semana con detalle y se acuerda seguimiento. ';
    const long = note(sentence.repeat(180).trim(), 1, '2026-10-01T15:00:00.000Z');
    const pdf = await renderStudentReport(report([long]));
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3);
    const noteRuns = runsWithSizes(pdf).filter((run) =>
      run.text.includes('se acuerda seguimiento'),
    );
    expect(noteRuns.length).toBeGreaterThan(40);
    expect(new Set(noteRuns.map((run) => run.size))).toEqual(new Set([10]));
    // Every page still has its header, in its own type.
    const headers = runsWithSizes(pdf).filter((run) => run.text.startsWith(MSG.shell.productName));
    expect(headers.map((run) => run.size)).toEqual(Array(pdfPageCount(pdf)).fill(10));
  });
});
