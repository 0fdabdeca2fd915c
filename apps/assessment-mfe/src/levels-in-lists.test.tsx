import { screen, within } from '@testing-library/react';
import { MSG } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG as C } from '@psicocampus/shared/clinician-level';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { author, savedAssessment, student, STUDENT_ID, summary } from './testing/fixtures';
import ReportsPage from './features/reports/reports.page';
import StudentEvaluationsPage from './features/evaluations/student-evaluations.page';

const M = MSG.assessment;
const graded = {
  level: 'MODERADO' as const,
  reason: 'Red de apoyo sólida; niega intención actual.',
  at: '2026-10-21T15:00:00.000Z',
  by: author,
};

/** A label followed by its level's badge (whose mark sits between them). */
const side = (label: string, level: string) => new RegExp(`${label}\\W*${level}`);

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the clinician's level beside the scale's in the lists", () => {
  it("studenteva/:id (and the student detail's history) shows both for a graded assessment, the scale's alone otherwise", async () => {
    const plain = savedAssessment({ createdAt: '2026-03-02T09:15:00.000Z', riskLevel: 'BAJO' });
    const withLevel = savedAssessment({
      createdAt: '2026-10-20T16:40:00.000Z',
      riskLevel: 'ALTO',
      clinicianLevel: graded,
    });
    stubApi((call) => {
      if (call.method === 'GET' && call.path === `/api/students/${STUDENT_ID}`) {
        return Response.json({ ok: true, student: student() });
      }
      if (call.method === 'GET' && call.path === '/api/suicide-assessments') {
        // One page of the student's assessments, newest first (docs/api.md#paged-lists).
        return Response.json({
          ok: true,
          assessments: [withLevel, plain],
          total: 2,
          page: 1,
          pageSize: 20,
        });
      }
      return undefined;
    });
    await renderWithApp(<StudentEvaluationsPage />, {
      route: `/psychologist/dashboard/studenteva/${STUDENT_ID}`,
      path: '/psychologist/dashboard/studenteva/:id',
      session: { token: 'token-123', user: testPsychologist },
    });
    const second = (await screen.findByRole('heading', { name: M.itemTitle(2) })).closest('li')!;
    expect(second).toHaveTextContent(side(C.engineShort, M.levels.ALTO));
    expect(second).toHaveTextContent(side(C.clinicianShort, M.levels.MODERADO));
    const first = screen.getByRole('heading', { name: M.itemTitle(1) }).closest('li')!;
    expect(first).toHaveTextContent(M.levels.BAJO);
    expect(first).not.toHaveTextContent(C.clinicianShort);
  });

  it("'Evaluaciones' shows both in the level's cell, the level in force first", async () => {
    const rows = [
      {
        ...summary('22222222-2222-4222-8222-222222222222', '2026-11-02T12:30:00.000Z', 'MUY_ALTO'),
        clinicianLevel: { ...graded, level: 'ALTO' as const },
      },
      summary('11111111-1111-4111-8111-111111111111', '2026-05-04T08:00:00.000Z', 'BAJO'),
    ];
    stubApi((call) =>
      call.path === '/api/suicide-assessments'
        ? Response.json({ ok: true, assessments: rows, total: rows.length, page: 1, pageSize: 50 })
        : undefined,
    );
    await renderWithApp(<ReportsPage />, {
      route: '/psychologist/dashboard/Evaluaciones',
      path: '/psychologist/dashboard/Evaluaciones',
      session: { token: 'token-123', user: testPsychologist },
    });
    const table = await screen.findByRole('table');
    const [gradedRow, plainRow] = within(table).getAllByRole('row').slice(1);
    // The clinician's first, marked so; then the scale's, named (docs/screens-and-routes.md#evaluations-of-a-student).
    expect(gradedRow).toHaveTextContent(
      new RegExp(
        `${M.levels.ALTO}\\W*${C.inForceMark}\\W*${C.engineShort}\\W*${M.levels.MUY_ALTO}`,
      ),
    );
    expect(plainRow).toHaveTextContent(M.levels.BAJO);
    expect(plainRow).not.toHaveTextContent(C.inForceMark);
  });
});
