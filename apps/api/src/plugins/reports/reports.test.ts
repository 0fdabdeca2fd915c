import { MSG, type StudentSummary } from '@psicocampus/shared/domain';
import { saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { addNote, scheduleAppointment } from '../../../test/helpers/patients';
import { pdfPageCount, pdfText } from '../../../test/helpers/pdf-text';
import { signedInPsychologistWithStudent } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';
import { serviceDay } from '../../lib/service-clock';

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
let studentId: string;
let assessmentId: string;

beforeAll(async () => {
  let student: StudentSummary;
  ({ server, lucia, martin, admin, student } = await signedInPsychologistWithStudent({
    firstName: 'María José',
    lastName: 'Núñez Ibáñez',
  }));
  studentId = student._id;
  await addNote(
    server,
    lucia,
    studentId,
    'Refiere insomnio y ansiedad ante los exámenes; ¿red de apoyo? «Sí».',
  );
  await scheduleAppointment(server, lucia, studentId);
  const assessment = await saveAssessment(server, lucia, studentId, severeAnswers());
  assessmentId = assessment._id;
  await server.call({
    method: 'PUT',
    url: `/api/suicide-assessments/${assessmentId}/final-remarks`,
    token: lucia,
    payload: { finalRemarks: 'Derivación a psiquiatría acordada con la familia.' },
  });
});
afterAll(() => server.close());

const studentReport = (token: string, id = studentId) =>
  server.call({ method: 'GET', url: `/api/pdfreport/student/${id}`, token });
const assessmentReport = (token: string, id = assessmentId) =>
  server.call({ method: 'GET', url: `/api/pdfassessement/${id}/report/pdfassessment`, token });

describe('GET /api/pdfreport/student/:id', () => {
  it("is a Spanish PDF of the student's record, named after the student and the date", async () => {
    const response = await studentReport(lucia);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const today = serviceDay(server.now(), server.config.serviceTimeZone);
    expect(response.headers['content-disposition']).toContain(
      `filename="reporte_maria-jose-nunez-ibanez_${today}.pdf"`,
    );
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`reporte_María-José-Núñez-Ibáñez_${today}.pdf`)}`,
    );
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'PsicoCampus · Servicio de Orientación Psicológica',
      'Reporte general del estudiante',
      'María José Núñez Ibáñez',
      'Lucía Fernández',
      'Refiere insomnio y ansiedad ante los exámenes; ¿red de apoyo? «Sí».',
      'Evaluación 1',
      'Muy alto',
      MSG.assessment.decisionAid,
      `Página 1 de ${pdfPageCount(pdf)}`,
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('GET /api/pdfassessement/:id/report/pdfassessment', () => {
  it('is the whole assessment: answers in Spanish, level, final remarks, who and when', async () => {
    const response = await assessmentReport(lucia);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      MSG.assessment.title,
      'Evaluación 1',
      'Deseo de estar muerto/a',
      '¿ha deseado estar muerto/a o poder dormirse y no despertar?',
      'Pensó en una sobredosis de pastillas',
      'Intensidad de la Ideación',
      'Muchas veces',
      'Intento Real',
      'Ingirió pastillas el mes pasado; estuvo hospitalizada',
      '3 · Daño físico moderadamente grave; requiere hospitalización',
      'Muy alto',
      'Derivación a psiquiatría acordada con la familia.',
      'Evaluado por',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('who may download reports', () => {
  it('answers 404 to another psychologist and 403 to an admin, for both PDFs', async () => {
    expect((await studentReport(martin)).statusCode).toBe(404);
    expect((await assessmentReport(martin)).statusCode).toBe(404);
    expect((await studentReport(admin)).statusCode).toBe(403);
    expect((await assessmentReport(admin)).statusCode).toBe(403);
    expect((await studentReport(lucia, 'nope')).statusCode).toBe(404);
    expect((await assessmentReport(lucia, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect(
      (await server.call({ method: 'GET', url: `/api/pdfreport/student/${studentId}` })).statusCode,
    ).toBe(401);
  });
});

describe('PDF generation and the other calls', () => {
  it('keeps answering other calls while PDFs are laid out in worker threads', async () => {
    const pdfs = Array.from({ length: 4 }, () => studentReport(lucia));
    const started = Date.now();
    const health = await server.call({ method: 'GET', url: '/api/health/live' });
    const healthMs = Date.now() - started;
    expect(health.statusCode).toBe(200);
    const answers = await Promise.all(pdfs);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    // Not a timing budget (bench/ measures those): the event loop was free.
    expect(healthMs).toBeLessThan(2000);
  });
});
