/**
 * `./StudentEvaluations`, the block the patients remote shows in its student
 * detail: the same history as `studenteva/:id` (whose tests cover the rules),
 * framed as a section of another screen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { deferred, renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import {
  assessmentPageAnswer,
  pdfAnswer,
  remark,
  savedAssessment,
  student,
  STUDENT_ID,
} from '../../testing/fixtures';
import StudentEvaluations from './student-evaluations.component';

const M = MSG.assessment;
const first = savedAssessment({
  riskLevel: 'ALTO',
  remarks: [remark('Derivada a psiquiatría.', '2026-10-02T10:00:00.000Z')],
});
const second = savedAssessment({ riskLevel: 'BAJO' });

function server(pdf?: () => Promise<Response>) {
  return stubApi((call) => {
    if (call.path === `/api/students/${STUDENT_ID}`) {
      return Response.json({ ok: true, student: student() });
    }
    if (call.path === '/api/suicide-assessments') {
      return assessmentPageAnswer([first, second], call.search);
    }
    if (pdf && call.path.startsWith('/api/pdf')) return pdf();
    return undefined;
  });
}

async function renderSection() {
  await renderWithApp(
    <main>
      <h1>María José Castillo</h1>
      <StudentEvaluations studentId={STUDENT_ID} />
    </main>,
    { session: { token: 'token-123', user: testPsychologist } },
  );
  return { section: screen.getByRole('region', { name: M.historyTitle }), user: userEvent.setup() };
}

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('./StudentEvaluations, as a section of the student detail', () => {
  it("shows the student's evaluations under the screen's own title, with their remarks", async () => {
    const calls = server();
    const { section } = await renderSection();
    expect(await within(section).findByText(M.total(2))).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Evaluación 2', 'Evaluación 1']);
    expect(
      within(section).getAllByRole('heading', { level: 4, name: M.finalRemarks }),
    ).toHaveLength(2);
    expect(within(section).getByText('Derivada a psiquiatría.')).toBeInTheDocument();
    expect(within(section).getByText(M.levels.ALTO)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: M.generalReport })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/suicide-assessments')?.search).toBe(
      `?studentId=${STUDENT_ID}&page=1&pageSize=20`,
    );
  });

  it("keeps a PDF's button waiting while its download runs", async () => {
    const answer = deferred<Response>();
    server(() => answer.promise);
    const { section, user } = await renderSection();
    await within(section).findByText(M.total(2));
    const download = within(section).getByRole('button', {
      name: `${M.downloadDetails} — Evaluación 1`,
    });
    await user.click(download);
    await waitFor(() => expect(download).toBeDisabled());
    expect(
      within(section).getByRole('button', { name: `${M.downloadDetails} — Evaluación 2` }),
    ).toBeEnabled();
    answer.resolve(pdfAnswer('evaluacion-1.pdf'));
    await waitFor(() => expect(download).toBeEnabled());
  });

  it("opens 'Nueva Evaluación' in a modal over the screen", async () => {
    server();
    const { section, user } = await renderSection();
    await user.click(within(section).getByRole('button', { name: M.newButton }));
    const modal = await screen.findByRole('dialog', { name: M.title });
    expect(await within(modal).findByRole('group', { name: /^1\. Deseo/ })).toBeInTheDocument();
  });
});
