import { GENDERS } from '@psicocampus/shared/domain';
import { RISK_LEVELS } from '@psicocampus/shared/columbia';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { SHOWCASE_CASELOAD, SHOWCASE_UNASSIGNED, SHOWCASE_UNRECORDED } from './showcase';

interface Count {
  key: string;
  count: number;
}

/**
 * What a first `npm start` shows (SEED_DEMO=showcase): the demo
 * psychologist's home, patients, statistics and reports are full, read
 * through the API as the screens read them.
 */
describe('the showcase seed, on a first start', () => {
  let server: TestServer;
  let lucia: string;
  beforeAll(async () => {
    server = await startTestServer({ seedShowcase: true });
    lucia = await server.login('psychologist');
  }, 180_000);
  afterAll(() => server.close());

  const get = async (url: string, token = lucia) => {
    const response = await server.call({ method: 'GET', url, token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('fills the patients list with about 40 students', async () => {
    const body = await get('/api/students');
    expect(body.students).toHaveLength(SHOWCASE_CASELOAD);
    const other = await get('/api/students', await server.login('psychologist2'));
    expect(other.students).toHaveLength(SHOWCASE_CASELOAD);
  });

  it("gives the home page today's or upcoming appointments and recent notes", async () => {
    // As the home and 'Historial' read them: by page, with the totals.
    const now = encodeURIComponent(new Date().toISOString());
    const upcoming = await get(`/api/appointments?after=${now}&pageSize=5`);
    const past = await get(`/api/appointments?before=${now}&pageSize=5`);
    expect(upcoming.total).toBeGreaterThanOrEqual(5);
    expect(upcoming.appointments).toHaveLength(5);
    expect(past.total).toBeGreaterThanOrEqual(SHOWCASE_CASELOAD);
    const { notes } = await get('/api/clinical-notes/recent');
    expect(notes.length).toBeGreaterThan(0);
  });

  it('leaves a few past sessions to record, as the home counts them and the agenda lists them', async () => {
    const page = await get('/api/appointments/unrecorded');
    expect(page.total).toBe(SHOWCASE_UNRECORDED);
    for (const appointment of page.appointments) {
      expect(appointment.status).toBe('SCHEDULED');
      expect(Date.parse(appointment.date) + appointment.durationMinutes * 60_000).toBeLessThan(
        Date.now(),
      );
    }
  });

  it('draws statistics with every gender, every risk level and assessments over the months', async () => {
    const { statistics } = await get('/api/statistics');
    expect(statistics.totals.students).toBe(SHOWCASE_CASELOAD);
    for (const level of RISK_LEVELS) {
      expect(statistics.byRiskLevel.find((row: Count) => row.key === level).count).toBeGreaterThan(
        0,
      );
    }
    for (const gender of GENDERS) {
      expect(statistics.byGender.find((row: Count) => row.key === gender).count).toBeGreaterThan(0);
    }
    const months = statistics.assessmentsPerMonth.filter((row: Count) => row.count > 0);
    expect(months.length).toBeGreaterThanOrEqual(4);
    expect(statistics.byCareer.length).toBeGreaterThanOrEqual(8);
  });

  it('lists the evaluations and makes a student report', async () => {
    const { assessments } = await get('/api/suicide-assessments');
    expect(assessments.length).toBeGreaterThan(SHOWCASE_CASELOAD / 2);
    const report = await server.call({
      method: 'GET',
      url: `/api/pdfreport/student/${assessments[0].studentId}`,
      token: lucia,
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/application\/pdf/);
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('opens the full assessment of every level, as its PDF', async () => {
    const { assessments } = await get('/api/suicide-assessments');
    for (const level of RISK_LEVELS) {
      const one = assessments.find((a: { riskLevel: string }) => a.riskLevel === level);
      const pdf = await server.call({
        method: 'GET',
        url: `/api/pdfassessement/${one._id}/report/pdfassessment`,
        token: lucia,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { student } = await get(`/api/students/${one.studentId}`);
      expect(student.clinicalNotes.length).toBeGreaterThan(0);
    }
  });

  it('shows the administrator the whole service, with students still to assign', async () => {
    const admin = await server.login('admin');
    const { statistics } = await get('/api/statistics', admin);
    expect(statistics.totals.students).toBe(2 * SHOWCASE_CASELOAD + SHOWCASE_UNASSIGNED);
    expect(statistics.totals.psychologists).toBe(2);
    expect(statistics.totals.highRiskStudents).toBeGreaterThan(0);
  });
});
