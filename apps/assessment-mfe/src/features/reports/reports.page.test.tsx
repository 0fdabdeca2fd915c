import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, LIST_PAGE_SIZE, MSG, type AssessmentSummary } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG as C } from '@psicocampus/shared/clinician-level';
import {
  renderWithApp,
  stubApi,
  testPsychologist,
  type RecordedCall,
} from '@psicocampus/shared/testing';
import { pdfAnswer, summary } from '../../testing/fixtures';
import ReportsPage from './reports.page';

const M = MSG.assessment;
const BASE = '/psychologist/dashboard/Evaluaciones';

const older = summary('11111111-1111-4111-8111-111111111111', '2026-05-04T08:00:00.000Z', 'BAJO');
const newer = summary('22222222-2222-4222-8222-222222222222', '2026-11-02T12:30:00.000Z', 'ALTO', {
  _id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Andrés',
  lastName: 'Quishpe',
});

/** The server's answer: every match newest first, one page of it with the total. */
function pageOf(matches: AssessmentSummary[], search: string) {
  const query = new URLSearchParams(search);
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? LIST_PAGE_SIZE);
  const sorted = [...matches].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    ok: true,
    assessments: sorted.slice((page - 1) * pageSize, page * pageSize),
    total: matches.length,
    page,
    pageSize,
  };
}

function server(
  answer: (call: RecordedCall) => AssessmentSummary[] | Response = () => [older, newer],
) {
  return stubApi((call) => {
    if (call.path.startsWith('/api/pdfassessement/')) return pdfAnswer('evaluacion.pdf');
    if (call.path !== '/api/suicide-assessments') return undefined;
    const result = answer(call);
    return result instanceof Response ? result : Response.json(pageOf(result, call.search));
  });
}

async function renderPage(route = BASE) {
  const rendered = await renderWithApp(<ReportsPage />, {
    route,
    path: BASE,
    session: { token: 'token-123', user: testPsychologist },
  });
  return { ...rendered, user: userEvent.setup() };
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/suicide-assessments');

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe("'Evaluaciones' (docs/screens-and-routes.md#evaluations-of-a-student)", () => {
  it('lists the caseload newest first, with date, student, level, author and PDF', async () => {
    server();
    await renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(formatDateTime(newer.createdAt));
    expect(rows[0]).toHaveTextContent(M.levels.ALTO);
    expect(rows[0]).toHaveTextContent('Lucía Fernández');
    expect(within(rows[0]!).getByRole('link', { name: /^Andrés Quishpe/ })).toHaveAttribute(
      'href',
      `/psychologist/dashboard/studenteva/${newer.studentId}`,
    );
    // The assessment itself, on its own screen.
    expect(
      within(rows[0]!).getByRole('link', { name: new RegExp(`^${MSG.savedAssessment.open}`) }),
    ).toHaveAttribute('href', `/psychologist/dashboard/evaluacion/${newer._id}`);
    expect(rows[1]).toHaveTextContent(formatDateTime(older.createdAt));
    expect(
      within(rows[1]!).getByRole('link', { name: /^María José Castillo/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(M.total(2))).toBeInTheDocument();
  });

  it("reads the level first in each row: the level in force, marked as the clinician's, the scale's after it", async () => {
    const graded = {
      ...newer,
      riskLevel: 'ALTO' as const,
      clinicianLevel: {
        level: 'MUY_ALTO' as const,
        reason: 'Plan concreto y acceso a medios; red de apoyo ausente.',
        at: '2026-11-02T13:00:00.000Z',
        by: newer.createdBy,
      },
    };
    server(() => [older, graded]);
    await renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent(M.levelColumn);
    const [gradedRow, plainRow] = within(table).getAllByRole('row').slice(1);
    const first = (row: HTMLElement) => row.querySelector('th, td')!;
    expect(first(gradedRow!).querySelector('[data-level-in-force]')).toHaveAttribute(
      'data-level-in-force',
      'MUY_ALTO',
    );
    const text = first(gradedRow!).textContent ?? '';
    expect(text.indexOf(M.levels.MUY_ALTO)).toBeLessThan(text.indexOf(C.inForceMark));
    expect(text.indexOf(C.inForceMark)).toBeLessThan(text.indexOf(C.engineShort));
    expect(text.indexOf(C.engineShort)).toBeLessThan(text.indexOf(M.levels.ALTO));
    expect(first(plainRow!)).toHaveTextContent(M.levels.BAJO);
    expect(first(plainRow!)).not.toHaveTextContent(C.inForceMark);
    // Each cell says its column, for the cards a narrow screen shows.
    expect(first(gradedRow!)).toHaveAttribute('data-label', M.levelColumn);
  });

  it("downloads a row's PDF from the assessment's report path", async () => {
    URL.createObjectURL = jest.fn(() => 'blob:report');
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const calls = server();
    const { user } = await renderPage();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    await user.click(within(rows[1]!).getByRole('button', { name: /Descargar Detalles \(PDF\)/ }));
    await waitFor(() => expect(saved).toEqual(['evaluacion.pdf']));
    const report = calls.find((call) => call.path.startsWith('/api/pdfassessement/'))!;
    expect(report.path).toBe(`/api/pdfassessement/${older._id}/report/pdfassessment`);
    expect(report.headers.get('x-token')).toBe('token-123');
  });

  it('asks the API for one level and a date range, and keeps them in the address', async () => {
    const calls = server((call) => (call.search ? [newer] : [older, newer]));
    const { user, location } = await renderPage();
    await screen.findByRole('table');

    await user.selectOptions(screen.getByLabelText(M.filterLevel), M.levels.ALTO);
    fireEvent.change(screen.getByLabelText(M.filterFrom), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText(M.filterTo), { target: { value: '2026-11-30' } });

    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.search).toBe('?riskLevel=ALTO&from=2026-10-01&to=2026-11-30'),
    );
    await waitFor(() =>
      expect(location()).toBe(`${BASE}?riskLevel=ALTO&from=2026-10-01&to=2026-11-30`),
    );
    await waitFor(() => expect(screen.getByText(M.total(1))).toBeInTheDocument());
    expect(screen.getByLabelText(M.filterTo)).toHaveAttribute('min', '2026-10-01');

    await user.click(screen.getByRole('button', { name: MSG.assessment.clearFilters }));
    await waitFor(() => expect(location()).toBe(BASE));
    expect(await screen.findByText(M.total(2))).toBeInTheDocument();
    expect(screen.getByLabelText(M.filterLevel)).toHaveValue('');
  });

  it('says the level filter goes by the level in force, the one each row reads first', async () => {
    server();
    await renderPage();
    await screen.findByRole('table');
    expect(screen.getByLabelText(M.filterLevel)).toHaveAccessibleDescription(C.filterBasis);
  });

  it('starts from the filters in the address', async () => {
    const calls = server(() => [newer]);
    await renderPage(`${BASE}?riskLevel=ALTO&from=2026-10-01`);
    await screen.findByRole('table');
    expect(listCalls(calls)[0]!.search).toBe('?riskLevel=ALTO&from=2026-10-01');
    expect(screen.getByLabelText(M.filterLevel)).toHaveValue('ALTO');
    expect(screen.getByLabelText(M.filterFrom)).toHaveValue('2026-10-01');
  });

  it('says when nothing matches the filters', async () => {
    server((call) => (call.search ? [] : [older, newer]));
    const { user } = await renderPage();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText(M.filterLevel), M.levels.MUY_ALTO);
    expect(await screen.findByText(M.noMatches)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when there are no assessments yet', async () => {
    server(() => []);
    await renderPage();
    expect(await screen.findByText(MSG.assessment.reportsEmpty)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: MSG.assessment.clearFilters }),
    ).not.toBeInTheDocument();
  });

  it('shows one page at a time with the total, keeps the page in the address and starts again at page 1 when a filter changes', async () => {
    const many = Array.from({ length: LIST_PAGE_SIZE + 1 }, (_, i) =>
      summary(
        `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`,
        new Date(Date.UTC(2026, 9, 1, 9) + i * 86_400_000).toISOString(),
        'BAJO',
      ),
    );
    const calls = server((call) => (call.search.includes('riskLevel') ? [] : many));
    const { user, location } = await renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(LIST_PAGE_SIZE);
    const pages = screen.getByRole('navigation', { name: M.pagesLabel });
    expect(pages).toHaveTextContent(`${MSG.audit.pageOf(1, 2)} · ${M.total(LIST_PAGE_SIZE + 1)}`);
    // The header says the total too, not the rows of the page.
    expect(screen.getByText(M.total(LIST_PAGE_SIZE + 1))).toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.search).toBe('?page=2'));
    await waitFor(() => expect(location()).toBe(`${BASE}?page=2`));
    const second = await screen.findByRole('navigation', { name: M.pagesLabel });
    await waitFor(() => expect(second).toHaveTextContent(MSG.audit.pageOf(2, 2)));
    // The oldest, alone on the last page.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(formatDateTime(many[0]!.createdAt));

    await user.selectOptions(screen.getByLabelText(M.filterLevel), M.levels.ALTO);
    await waitFor(() => expect(location()).toBe(`${BASE}?riskLevel=ALTO`));
    expect(listCalls(calls).at(-1)!.search).toBe('?riskLevel=ALTO');
  });

  it('says when the assessments cannot be loaded', async () => {
    server(() => new Response('', { status: 500 }));
    await renderPage();
    expect(await screen.findByText(M.loadError)).toBeInTheDocument();
  });
});
