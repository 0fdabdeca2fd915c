import { act, screen, waitFor, within } from '@testing-library/react';
import type React from 'react';
import userEvent from '@testing-library/user-event';
import {
  appointmentsApi,
  MSG,
  type AppointmentStatistics,
  type Statistics,
} from '@psicocampus/shared';
import { APPOINTMENT_STATISTICS_MSG } from '@psicocampus/shared/agenda';
import { appointmentsMonth, deferred, stubApi } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { BASE, renderScreen } from '../../testing/render';
import StatisticsPage from './statistics.page';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';

/*
 * The charts are nivo's, which this remote's Jest setup does not compile (its
 * d3 modules ship only as ES modules); the admin remote's tests draw them for
 * real. Here a stand-in says what it was asked to draw: the tables and their
 * numbers, what a screen-reader user gets, are the real ones.
 */
jest.mock('@psicocampus/shared/charts', () => {
  const { createElement } = jest.requireActual<typeof React>('react');
  return {
    __esModule: true,
    default: ({ spec }: { spec: { id: string; chartRows: Array<{ count: number }> } }) =>
      createElement(
        'p',
        { 'data-testid': 'chart' },
        `${spec.id}: ${spec.chartRows.map((row) => row.count).join(',')}`,
      ),
    AppointmentsPerMonthChart: ({
      spec,
    }: {
      spec: { series: Array<{ key: string }>; rows: Array<{ counts: Record<string, number> }> };
    }) =>
      createElement(
        'p',
        { 'data-testid': 'chart' },
        `appointments: ${spec.rows
          .map((row) => spec.series.map((series) => row.counts[series.key]).join('/'))
          .join(',')}`,
      ),
  };
});

const S = MSG.statistics;
const A = APPOINTMENT_STATISTICS_MSG;

const month = appointmentsMonth;

const appointmentsPerMonth: AppointmentStatistics = {
  scope: 'CASELOAD',
  months: [
    month('2026-09', 'sept 2026', { ATTENDED: 3, NO_SHOW: 1 }),
    month('2026-10', 'oct 2026'),
    month('2026-11', 'nov 2026', { ATTENDED: 2, CANCELLED: 1, SCHEDULED: 4 }),
  ],
};

const caseload: Statistics = {
  scope: 'CASELOAD',
  totals: { students: 6, psychologists: 1, assessmentsThisMonth: 2, highRiskStudents: 1 },
  byGender: [
    { key: 'FEMENINO', label: 'Femenino', count: 4 },
    { key: 'MASCULINO', label: 'Masculino', count: 2 },
    { key: 'OTRO', label: 'Otro', count: 0 },
  ],
  byRiskLevel: [
    { key: 'MUY_ALTO', label: 'Muy alto', count: 0 },
    { key: 'ALTO', label: 'Alto', count: 1 },
    { key: 'MODERADO', label: 'Moderado', count: 1 },
    { key: 'BAJO', label: 'Bajo', count: 2 },
    { key: 'SIN_EVALUACION', label: 'Sin evaluación', count: 2 },
  ],
  byCareer: [
    { key: 'Psicología', label: 'Psicología', count: 5 },
    { key: 'Derecho', label: 'Derecho', count: 1 },
  ],
  bySemester: [
    { key: 'SEGUNDO', label: 'Segundo', count: 3 },
    { key: 'QUINTO', label: 'Quinto', count: 3 },
  ],
  assessmentsPerMonth: [
    { key: '2026-09', label: 'sept. 2026', count: 1 },
    { key: '2026-10', label: 'oct. 2026', count: 0 },
    { key: '2026-11', label: 'nov. 2026', count: 2 },
  ],
};

function serve(answer: Response, appointments: AppointmentStatistics = appointmentsPerMonth) {
  return stubApi((call) => {
    if (call.path === '/api/statistics') return answer;
    if (call.path === '/api/statistics/appointments') return json({ ok: true, ...appointments });
    return undefined;
  });
}

function renderStatistics() {
  return renderScreen(<StatisticsPage />, {
    route: `${BASE}/statistics`,
    path: `${BASE}/statistics`,
  });
}

function tableText(name: string): string[][] {
  return within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the psychologist's statistics (docs/screens-and-routes.md#statistics)", () => {
  it('is about the caseload: title and subtitle', async () => {
    const calls = serve(json({ ok: true, statistics: caseload }));
    await renderStatistics();
    expect(screen.getByRole('heading', { level: 1, name: S.title })).toBeInTheDocument();
    expect(screen.getByText(S.caseloadSubtitle)).toBeInTheDocument();
    await screen.findByRole('table', { name: S.byGender });
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'GET /api/statistics',
      'GET /api/statistics/appointments',
    ]);
  });

  it('gives every count as a table with its caption, labels, numbers and total', async () => {
    serve(json({ ok: true, statistics: caseload }));
    await renderStatistics();
    await screen.findByRole('table', { name: S.byGender });
    expect(tableText(S.byGender)).toEqual([
      ['Género', 'Estudiantes'],
      ['Femenino', '4'],
      ['Masculino', '2'],
      ['Otro', '0'],
      ['Total', '6'],
    ]);
    expect(tableText(S.byRiskLevel)).toEqual([
      // The level in force: the clinician's where recorded.
      [CLINICIAN_LEVEL_MSG.statisticsColumn, 'Estudiantes'],
      ['■Muy alto', '0'],
      ['◆Alto', '1'],
      ['▲Moderado', '1'],
      ['●Bajo', '2'],
      ['○Sin evaluación', '2'],
      ['Total', '6'],
    ]);
    expect(tableText(S.byCareer)).toEqual([
      ['Carrera', 'Estudiantes'],
      ['Psicología', '5'],
      ['Derecho', '1'],
      ['Total', '6'],
    ]);
    expect(tableText(S.bySemester)).toEqual([
      ['Semestre', 'Estudiantes'],
      ['Segundo', '3'],
      ['Quinto', '3'],
      ['Total', '6'],
    ]);
    expect(tableText(S.perMonth)).toEqual([
      ['Mes', 'Evaluaciones'],
      ['sept. 2026', '1'],
      ['oct. 2026', '0'],
      ['nov. 2026', '2'],
      ['Total', '3'],
    ]);
  });

  it('draws each count (lazily loaded), labelled as a chart the table repeats', async () => {
    serve(json({ ok: true, statistics: caseload }));
    await renderStatistics();
    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((chart) => chart.textContent)).toEqual([
      'gender: 4,2',
      'risk-level: 0,1,1,2,2',
      'career: 5,1',
      'semester: 3,3',
      'per-month: 1,0,2',
      'appointments: 3/1/0,0/0/0,2/0/1',
    ]);
    expect(screen.getAllByRole('img').map((chart) => chart.getAttribute('aria-label'))).toEqual(
      [S.byGender, S.byRiskLevel, S.byCareer, S.bySemester, S.perMonth, A.title].map(S.chartLabel),
    );
  });

  it("shows a table on demand with 'Ver como tabla'", async () => {
    serve(json({ ok: true, statistics: caseload }));
    await renderStatistics();
    const table = await screen.findByRole('table', { name: S.byRiskLevel });
    const section = screen.getByRole('region', { name: S.byRiskLevel });
    expect(table.parentElement).toHaveAttribute('data-visible', 'false');
    await userEvent.click(within(section).getByRole('button', { name: S.showTable }));
    expect(table.parentElement).toHaveAttribute('data-visible', 'true');
    expect(within(section).getByRole('button', { name: S.hideTable })).toBeInTheDocument();
  });

  it('writes the decision-aid line under the chart by level, and only there', async () => {
    serve(json({ ok: true, statistics: caseload }));
    await renderStatistics();
    const byLevel = await screen.findByRole('region', { name: S.byRiskLevel });
    const line = within(byLevel).getByText(MSG.assessment.decisionAid);
    const chart = within(byLevel).getByRole('img');
    // After the chart in the card, in reading order as on screen.
    expect(chart.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByText(MSG.assessment.decisionAid)).toHaveLength(1);
    // What is counted: the clinician's level, else the scale's.
    expect(within(byLevel).getByText(CLINICIAN_LEVEL_MSG.statisticsNote)).toBeInTheDocument();
  });

  it("puts 'Ver como tabla' in the same place on every card: beside the heading, last in its row", async () => {
    serve(json({ ok: true, statistics: caseload }));
    await renderStatistics();
    await screen.findByRole('region', { name: S.byGender });
    const cards = screen.getAllByRole('region');
    expect(cards).toHaveLength(6);
    for (const card of cards) {
      const heading = within(card).getByRole('heading', { level: 2 });
      const button = within(card).getByRole('button', { name: S.showTable });
      const head = heading.parentElement!;
      expect(head.parentElement).toBe(card);
      expect(head.firstElementChild).toBe(heading);
      expect(head.lastElementChild).toContainElement(button);
      expect(head.lastElementChild?.className).toBe(
        cards[0]!.querySelector('h2')!.parentElement!.lastElementChild!.className,
      );
    }
  });

  it('says there is nothing to show yet for an empty caseload', async () => {
    const none = <T extends { count: number }>(counts: T[]) =>
      counts.map((count) => ({ ...count, count: 0 }));
    serve(
      json({
        ok: true,
        statistics: {
          ...caseload,
          totals: { students: 0, psychologists: 1, assessmentsThisMonth: 0, highRiskStudents: 0 },
          byGender: none(caseload.byGender),
          byRiskLevel: none(caseload.byRiskLevel),
          byCareer: [],
          bySemester: [],
          assessmentsPerMonth: none(caseload.assessmentsPerMonth),
        },
      }),
      { scope: 'CASELOAD', months: [month('2026-10', 'oct 2026'), month('2026-11', 'nov 2026')] },
    );
    await renderStatistics();
    // The counts' one empty state, and the appointments' own.
    await waitFor(() => expect(screen.getAllByText(S.empty)).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says it is loading, and so when the statistics cannot be loaded', async () => {
    const answer = deferred<Response>();
    // Both calls wait for it; each reads a copy of the answer.
    stubApi(async () => (await answer.promise).clone());
    await renderStatistics();
    const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
    expect(texts(screen.getAllByRole('status'))).toEqual([S.loading, A.loading]);
    await act(async () => answer.resolve(new Response('', { status: 500 })));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(texts(screen.getAllByRole('alert'))).toEqual([
      expect.stringContaining(S.loadError),
      expect.stringContaining(A.loadError),
    ]);
  });
});

describe("the caseload's appointments per month", () => {
  it('lists each month with its attended, missed and cancelled appointments, and the totals', async () => {
    serve(json({ ok: true, statistics: caseload }));
    await renderStatistics();
    const table = await screen.findByRole('table', { name: A.title });
    expect(tableText(A.title)).toEqual([
      ['Mes', 'Asistió', 'No asistió', 'Cancelada'],
      ['sept 2026', '3', '1', '0'],
      ['oct 2026', '0', '0', '0'],
      ['nov 2026', '2', '0', '1'],
      ['Total', '5', '1', '1'],
    ]);
    // Hidden until asked for, like every other table of the screen.
    expect(table.parentElement).toHaveAttribute('data-visible', 'false');
    const section = screen.getByRole('region', { name: A.title });
    await userEvent.click(within(section).getByRole('button', { name: S.showTable }));
    expect(table.parentElement).toHaveAttribute('data-visible', 'true');
  });

  it('says there is nothing to show when no appointment was closed in these months', async () => {
    serve(json({ ok: true, statistics: caseload }), {
      scope: 'CASELOAD',
      months: [month('2026-10', 'oct 2026'), month('2026-11', 'nov 2026', { SCHEDULED: 3 })],
    });
    await renderStatistics();
    const section = () => screen.getByRole('region', { name: A.title });
    await waitFor(() => expect(within(section()).getByText(S.empty)).toBeInTheDocument());
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section()).queryByRole('img')).not.toBeInTheDocument();
    // The other counts are still there.
    expect(screen.getByRole('table', { name: S.byGender })).toBeInTheDocument();
  });

  it('follows an appointment marked attended, without a reload', async () => {
    let attended = 2;
    stubApi((call) => {
      if (call.path === '/api/statistics') return json({ ok: true, statistics: caseload });
      if (call.path === '/api/statistics/appointments') {
        return json({
          ok: true,
          scope: 'CASELOAD',
          months: [month('2026-11', 'nov 2026', { ATTENDED: attended })],
        });
      }
      if (call.path === '/api/appointments/a-1/status') {
        attended += 1;
        return json({ ok: true, msg: 'ok', appointment: { _id: 'a-1' } });
      }
      return undefined;
    });
    const { store } = await renderStatistics();
    await screen.findByRole('table', { name: A.title });
    expect(tableText(A.title)[1]).toEqual(['nov 2026', '2', '0', '0']);
    await act(async () => {
      await store
        .dispatch(
          appointmentsApi.endpoints.changeAppointmentStatus.initiate({
            id: 'a-1',
            body: { status: 'ATTENDED', version: 1 },
          }),
        )
        .unwrap();
    });
    await waitFor(() => expect(tableText(A.title)[1]).toEqual(['nov 2026', '3', '0', '0']));
  });
});
