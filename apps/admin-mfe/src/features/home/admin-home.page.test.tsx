import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { deferred, stubApi } from '@psicocampus/shared/testing';
import { json, makeStatistics } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import AdminHomePage from './admin-home.page';

const M = ADMIN_MSG;

/** The home's other call, "Seguimiento prioritario" per psychologist (follow-up-counts.component.test.tsx). */
const FOLLOW_UP_COUNTS = '/api/follow-up/counts';
const noFollowUp = () => json({ ok: true, counts: [], total: 0 });

function renderHome() {
  return renderScreen(<AdminHomePage />, 'home', {
    otherRoutes: [
      { path: `${BASE}/users`, element: <Landing name="usuarios" /> },
      { path: `${BASE}/static-admin`, element: <Landing name="estadisticas" /> },
    ],
  });
}

/** The figure a label names, as a screen reader pairs them (the <dd> of its <dt>). */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the administrator's home (docs/screens-and-routes.md#admin-area)", () => {
  it('shows the four counts of the service, each under its label', async () => {
    const calls = stubApi((call) =>
      call.path === FOLLOW_UP_COUNTS
        ? noFollowUp()
        : call.path === '/api/statistics'
          ? json({
              ok: true,
              statistics: makeStatistics({
                totals: {
                  psychologists: 4,
                  students: 1234,
                  assessmentsThisMonth: 17,
                  highRiskStudents: 3,
                },
              }),
            })
          : undefined,
    );
    await renderHome();
    expect(screen.getByRole('heading', { level: 1, name: M.homeTitle })).toBeInTheDocument();
    const figures = await screen.findByRole('region', { name: M.homeFiguresLabel });
    expect(
      within(figures)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual([M.psychologistsCount, M.studentsCount, M.assessmentsThisMonth, M.highRiskStudents]);
    expect(figure(M.psychologistsCount)).toBe('4');
    expect(figure(M.studentsCount)).toBe((1234).toLocaleString('es'));
    expect(figure(M.assessmentsThisMonth)).toBe('17');
    expect(figure(M.highRiskStudents)).toBe('3');
    expect(within(figures).getByText(M.highRiskHint)).toBeInTheDocument();
    // Counts only (docs/screens-and-routes.md#admin-area): the home asks for nothing but counts.
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      `GET ${FOLLOW_UP_COUNTS}`,
      'GET /api/statistics',
    ]);
  });

  it('leads to the users', async () => {
    stubApi((call) =>
      call.path === FOLLOW_UP_COUNTS
        ? noFollowUp()
        : json({ ok: true, statistics: makeStatistics() }),
    );
    await renderHome();
    await userEvent.click(screen.getByRole('link', { name: M.goToUsers }));
    expect(await landing()).toBe(`usuarios ${BASE}/users`);
  });

  it('links to the statistics screen', async () => {
    stubApi((call) =>
      call.path === FOLLOW_UP_COUNTS
        ? noFollowUp()
        : json({ ok: true, statistics: makeStatistics() }),
    );
    await renderHome();
    await userEvent.click(screen.getByRole('link', { name: M.goToStatistics }));
    expect(await landing()).toBe(`estadisticas ${BASE}/static-admin`);
  });

  it('says it is loading until the counts arrive', async () => {
    const answer = deferred<Response>();
    stubApi((call) => (call.path === FOLLOW_UP_COUNTS ? noFollowUp() : answer.promise));
    await renderHome();
    expect(screen.getByText(MSG.statistics.loading)).toHaveAttribute('role', 'status');
    await act(async () => answer.resolve(json({ ok: true, statistics: makeStatistics() })));
    expect(await screen.findByRole('region', { name: M.homeFiguresLabel })).toBeInTheDocument();
    expect(screen.queryByText(MSG.statistics.loading)).not.toBeInTheDocument();
  });

  it('says so when the counts cannot be loaded, and tries again', async () => {
    let fail = true;
    const calls = stubApi((call) =>
      call.path === FOLLOW_UP_COUNTS
        ? noFollowUp()
        : fail
          ? new Response('', { status: 500 })
          : json({ ok: true, statistics: makeStatistics() }),
    );
    await renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.statistics.loadError);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: MSG.common.retry }));
    expect(await screen.findByRole('region', { name: M.homeFiguresLabel })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/statistics')).toHaveLength(2);
  });
});
