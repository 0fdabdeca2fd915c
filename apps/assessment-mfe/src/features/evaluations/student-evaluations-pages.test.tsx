/**
 * A student assessed for years: 'Historial de evaluaciones' shows a page of
 * 20, the newest first, with the pages under it and the page in the address
 * (docs/api.md#paged-lists); 'Evaluación N' counts from the oldest, on
 * every page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type SuicideAssessment } from '@psicocampus/shared';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { assessmentPageAnswer, savedAssessment, student, STUDENT_ID } from '../../testing/fixtures';
import StudentEvaluationsPage from './student-evaluations.page';
import StudentEvaluations from './student-evaluations.component';

const M = MSG.assessment;
const PAGE_PATH = '/psychologist/dashboard/studenteva/:id';
const ROUTE = `/psychologist/dashboard/studenteva/${STUDENT_ID}`;

/** 45 assessments, a week apart, the oldest first. */
const ALL: SuicideAssessment[] = Array.from({ length: 45 }, (_, index) =>
  savedAssessment({ createdAt: new Date(Date.UTC(2023, 2, 1 + 7 * index)).toISOString() }),
);

function server(all: () => SuicideAssessment[] = () => ALL) {
  return stubApi((call) => {
    if (call.path === `/api/students/${STUDENT_ID}`) {
      return Response.json({ ok: true, student: student() });
    }
    if (call.path === '/api/suicide-assessments') return assessmentPageAnswer(all(), call.search);
    return undefined;
  });
}

/** The 'Evaluación N' headings shown, in order. */
function titles(level: 2 | 3 = 2): string[] {
  return within(screen.getByRole('list'))
    .getAllByRole('heading', { level })
    .map((heading) => heading.textContent ?? '');
}

const numbered = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => M.itemTitle(from - index));

async function renderPage(query = '') {
  const rendered = await renderWithApp(<StudentEvaluationsPage />, {
    route: `${ROUTE}${query}`,
    path: PAGE_PATH,
    session: { token: 'token-123', user: testPsychologist },
  });
  return { ...rendered, user: userEvent.setup() };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('studenteva/:id with many evaluations, one page at a time', () => {
  it('shows the newest 20 with the pages under them, and the total', async () => {
    const calls = server();
    await renderPage();
    const pages = await screen.findByRole('navigation', { name: M.historyPagesLabel });
    expect(pages).toHaveTextContent(`${MSG.audit.pageOf(1, 3)} · ${M.total(45)}`);
    expect(screen.getByText(M.total(45))).toBeInTheDocument();
    expect(titles()).toEqual(numbered(45, 26));
    const asked = calls.filter((call) => call.path === '/api/suicide-assessments');
    expect(asked.map((call) => call.search)).toEqual([
      `?studentId=${STUDENT_ID}&page=1&pageSize=20`,
    ]);
  });

  it("moves to the next pages, the page in the address, each 'Evaluación N' counted from the oldest", async () => {
    server();
    const { user, location } = await renderPage();
    await screen.findByRole('navigation', { name: M.historyPagesLabel });
    await user.click(screen.getByRole('button', { name: new RegExp(MSG.audit.next) }));
    await waitFor(() => expect(titles()).toEqual(numbered(25, 6)));
    await waitFor(() => expect(location()).toBe(`${ROUTE}?evaluaciones=2`));
    expect(screen.getByRole('navigation', { name: M.historyPagesLabel })).toHaveTextContent(
      MSG.audit.pageOf(2, 3),
    );
    // The item's links name the same number as its heading.
    expect(
      screen.getByRole('link', { name: `${MSG.savedAssessment.open} — ${M.itemTitle(25)}` }),
    ).toHaveAttribute('href', `/psychologist/dashboard/evaluacion/${ALL[24]!._id}`);

    await user.click(screen.getByRole('button', { name: new RegExp(MSG.audit.next) }));
    await waitFor(() => expect(titles()).toEqual(numbered(5, 1)));
    await waitFor(() => expect(location()).toBe(`${ROUTE}?evaluaciones=3`));
    expect(screen.getByRole('button', { name: new RegExp(MSG.audit.next) })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: new RegExp(MSG.audit.previous) }));
    await waitFor(() => expect(titles()).toEqual(numbered(25, 6)));
    await waitFor(() => expect(location()).toBe(`${ROUTE}?evaluaciones=2`));
  });

  it('opens on the page the address names, and on the last one when it names a page past it', async () => {
    server();
    await renderPage('?evaluaciones=2');
    await waitFor(() => expect(titles()).toEqual(numbered(25, 6)));
    document.body.innerHTML = '';

    const { location } = await renderPage('?evaluaciones=9');
    await waitFor(() => expect(titles()).toEqual(numbered(5, 1)));
    await waitFor(() => expect(location()).toBe(`${ROUTE}?evaluaciones=3`));
  });

  it("is paged the same in the student detail's section", async () => {
    server();
    await renderWithApp(<StudentEvaluations studentId={STUDENT_ID} />, {
      route: `/psychologist/dashboard/patients/${STUDENT_ID}?evaluaciones=2`,
      path: '/psychologist/dashboard/patients/:id',
      session: { token: 'token-123', user: testPsychologist },
    });
    const section = screen.getByRole('region', { name: M.historyTitle });
    await waitFor(() => expect(titles(3)).toEqual(numbered(25, 6)));
    expect(within(section).getByRole('navigation', { name: M.historyPagesLabel })).toBeVisible();
  });
});
