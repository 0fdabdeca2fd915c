import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type AppointmentStatistics, type Statistics } from '@psicocampus/shared';
import { APPOINTMENT_STATISTICS_MSG } from '@psicocampus/shared/agenda';
import { appointmentsMonth, deferred, stubApi } from '@psicocampus/shared/testing';
import { json, makeStatistics } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render';
import ServiceStatisticsPage from './service-statistics.page';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';

const S = MSG.statistics;
const A = APPOINTMENT_STATISTICS_MSG;

const month = appointmentsMonth;

/** The whole service's appointments: three months, the last one the current. */
const serviceAppointments: AppointmentStatistics = {
  scope: 'SERVICE',
  months: [
    month('2026-09', 'sept 2026', { ATTENDED: 14, NO_SHOW: 3, CANCELLED: 2 }),
    month('2026-10', 'oct 2026', { ATTENDED: 11, CANCELLED: 4 }),
    month('2026-11', 'nov 2026', { ATTENDED: 7, NO_SHOW: 1, SCHEDULED: 9 }),
  ],
};

function serve(
  statistics: Statistics | Response,
  appointments: AppointmentStatistics = serviceAppointments,
) {
  return stubApi((call) => {
    if (call.path === '/api/statistics/appointments') return json({ ok: true, ...appointments });
    if (call.path !== '/api/statistics') return undefined;
    return statistics instanceof Response ? statistics : json({ ok: true, statistics });
  });
}

function renderPage() {
  return renderScreen(<ServiceStatisticsPage />, 'static-admin');
}

/** A table's rows as text: header cells, then one [category, count] per row, the total last. */
function tableText(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

function section(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

/**
 * jsdom lays nothing out. Every box gets `width` (the card measures its
 * chart's box, which sets no height, once, and fits the chart to it) and
 * the height its style sets (nivo's responsive wrapper draws nothing at 0).
 */
function layOut(width: number) {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function rect(
    this: HTMLElement,
  ) {
    const height = parseFloat(this.style.height) || 0;
    return {
      width,
      height,
      top: 0,
      left: 0,
      right: width,
      bottom: height,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    };
  });
}

beforeEach(() => layOut(640));

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe("the service's statistics (static-admin, docs/screens-and-routes.md#statistics)", () => {
  it('titles the screen for the whole service', async () => {
    serve(makeStatistics());
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: S.serviceTitle })).toBeInTheDocument();
    expect(screen.getByText(S.serviceSubtitle)).toBeInTheDocument();
  });

  it('lists students by gender in a table with a caption, header cells and the total', async () => {
    serve(makeStatistics());
    await renderPage();
    const table = await screen.findByRole('table', { name: S.byGender });
    expect(tableText(table)).toEqual([
      ['Género', 'Estudiantes'],
      ['Femenino', '31'],
      ['Masculino', '24'],
      ['Otro', '2'],
      ['Total', '57'],
    ]);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(4);
  });

  it('lists the level of the latest assessment, with "Sin evaluación" and the levels nobody has', async () => {
    serve(makeStatistics());
    await renderPage();
    const table = await screen.findByRole('table', { name: S.byRiskLevel });
    // Each level carries the badge's mark (hidden from screen readers) beside its name.
    expect(tableText(table)).toEqual([
      // The level in force: the clinician's where recorded.
      [CLINICIAN_LEVEL_MSG.statisticsColumn, 'Estudiantes'],
      ['■Muy alto', '1'],
      ['◆Alto', '2'],
      ['▲Moderado', '5'],
      ['●Bajo', '19'],
      ['?Indeterminado', '4'],
      ['—No aplica (suicidio consumado)', '0'],
      ['○Sin evaluación', '26'],
      ['Total', '57'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Muy alto' })).toBeInTheDocument();
  });

  it('lists students by career and by semester', async () => {
    serve(makeStatistics());
    await renderPage();
    expect(tableText(await screen.findByRole('table', { name: S.byCareer }))).toEqual([
      ['Carrera', 'Estudiantes'],
      ['Psicología', '22'],
      ['Medicina', '18'],
      ['Derecho', '17'],
      ['Total', '57'],
    ]);
    const semesters = tableText(screen.getByRole('table', { name: S.bySemester }));
    expect(semesters[0]).toEqual(['Semestre', 'Estudiantes']);
    expect(semesters.slice(1, 4)).toEqual([
      ['Primero', '8'],
      ['Segundo', '7'],
      ['Tercero', '12'],
    ]);
    expect(semesters).toHaveLength(12);
    expect(semesters.at(-1)).toEqual(['Total', '57']);
  });

  it('lists the assessments of each of the last 12 months, oldest first', async () => {
    serve(makeStatistics());
    await renderPage();
    const months = tableText(await screen.findByRole('table', { name: S.perMonth }));
    expect(months[0]).toEqual(['Mes', 'Evaluaciones']);
    expect(months.slice(1, -1).map(([month]) => month)).toEqual([
      'dic. 2025',
      'ene. 2026',
      'feb. 2026',
      'mar. 2026',
      'abr. 2026',
      'may. 2026',
      'jun. 2026',
      'jul. 2026',
      'ago. 2026',
      'sept. 2026',
      'oct. 2026',
      'nov. 2026',
    ]);
    expect(months[12]).toEqual(['nov. 2026', '9']);
    expect(months.at(-1)).toEqual(['Total', '47']);
  });

  it("keeps each table in the page for screen readers and shows it with 'Ver como tabla'", async () => {
    serve(makeStatistics());
    await renderPage();
    const table = await screen.findByRole('table', { name: S.byGender });
    const gender = section(S.byGender);
    const box = table.parentElement!;
    expect(box).toHaveAttribute('data-visible', 'false');

    const toggle = within(gender).getByRole('button', { name: S.showTable });
    expect(toggle).toHaveAttribute('aria-controls', box.id);
    await userEvent.click(toggle);
    expect(box).toHaveAttribute('data-visible', 'true');
    expect(toggle).toHaveTextContent(S.hideTable);
    // Only that section's table.
    expect(within(section(S.byCareer)).getByRole('table').parentElement).toHaveAttribute(
      'data-visible',
      'false',
    );

    await userEvent.click(toggle);
    expect(box).toHaveAttribute('data-visible', 'false');
    expect(toggle).toHaveTextContent(S.showTable);
  });

  it('draws each count with nivo, labelled as a chart whose data the table repeats', async () => {
    serve(makeStatistics());
    await renderPage();
    const charts = await screen.findAllByRole('img');
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual(
      [S.byGender, S.byRiskLevel, S.byCareer, S.bySemester, S.perMonth, A.title].map(S.chartLabel),
    );

    const pie = within(await screen.findByRole('region', { name: S.byGender })).getByRole('img');
    await waitFor(() => expect(pie.querySelector('svg')).not.toBeNull());
    // Each slice is named, with its count, in text: not by colour alone.
    for (const label of ['Femenino: 31', 'Masculino: 24', 'Otro: 2']) {
      expect(await within(pie).findByText(label)).toBeInTheDocument();
    }

    const levels = within(section(S.byRiskLevel)).getByRole('img');
    await waitFor(() => expect(levels.querySelector('svg')).not.toBeNull());
    // The axis names each bar with the badge's mark; the count is written at its end.
    expect(await within(levels).findByText('■ Muy alto')).toBeInTheDocument();
    expect(within(levels).getByText('○ Sin evaluación')).toBeInTheDocument();
    expect(within(levels).getByText('26')).toBeInTheDocument();
    // The level colours are the risk badge's.
    const fills = [...levels.querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'));
    expect(fills).toEqual(expect.arrayContaining(['#8c1d17', '#b3261e', '#2e7d32', '#8a96a3']));
  });

  it('draws the genders as bars on a narrow screen, where a pie’s labels would not fit', async () => {
    layOut(320);
    serve(makeStatistics());
    await renderPage();
    const chart = within(await screen.findByRole('region', { name: S.byGender })).getByRole('img');
    expect(await within(chart).findByText('Femenino')).toBeInTheDocument();
    expect(within(chart).getByText('31')).toBeInTheDocument();
    expect(within(chart).queryByText('Femenino: 31')).not.toBeInTheDocument();
  });

  it('writes the decision-aid line under the chart by level', async () => {
    serve(makeStatistics());
    await renderPage();
    const byLevel = await screen.findByRole('region', { name: S.byRiskLevel });
    expect(within(byLevel).getByText(MSG.assessment.decisionAid)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.assessment.decisionAid)).toHaveLength(1);
  });

  it('gives the pie the height that leaves its longest label room beside the ring', async () => {
    // Every box as wide as a card of two columns at 1366 px, where 'Masculino' was clipped.
    layOut(460);
    serve(makeStatistics());
    await renderPage();
    const pie = within(await screen.findByRole('region', { name: S.byGender })).getByRole('img');
    expect(await within(pie).findByText('Masculino: 24')).toBeInTheDocument();
    // 460 / 2 − 46 px of link − 13 characters ('Masculino: 24') × 8 px leaves a ring of 80 px: 2 × 80 + 64.
    expect(pie.style.height).toBe('224px');
  });

  it("draws the careers as the server groups them, 'Otras carreras' last, like the table", async () => {
    const byCareer = [
      ...Array.from({ length: 10 }, (_, index) => ({
        key: `carrera ${index + 1}`,
        label: `Carrera ${index + 1}`,
        count: 30 - index,
      })),
      { key: 'OTRAS', label: S.otherCareers, count: 39 },
    ];
    serve(makeStatistics({ byCareer }));
    await renderPage();
    const chart = within(await screen.findByRole('region', { name: S.byCareer })).getByRole('img');
    expect(await within(chart).findByText(S.otherCareers)).toBeInTheDocument();
    expect(within(chart).getByText('Carrera 10')).toBeInTheDocument();
    expect(within(chart).getByText('39')).toBeInTheDocument();
    const rows = tableText(screen.getByRole('table', { name: S.byCareer }));
    expect(rows.slice(1, -1).map(([career]) => career)).toEqual(byCareer.map((row) => row.label));
    expect(rows.at(-1)).toEqual(['Total', String(255 + 39)]);
  });

  it('sums careers beyond ten as "Otras carreras" when a server sends them all', async () => {
    const careers = Array.from({ length: 12 }, (_, index) => ({
      key: `carrera ${index + 1}`,
      label: `Carrera ${index + 1}`,
      count: 30 - index,
    }));
    serve(makeStatistics({ byCareer: careers }));
    await renderPage();
    const chart = within(await screen.findByRole('region', { name: S.byCareer })).getByRole('img');
    expect(await within(chart).findByText(S.otherCareers)).toBeInTheDocument();
    expect(within(chart).getByText('Carrera 10')).toBeInTheDocument();
    expect(within(chart).queryByText('Carrera 11')).not.toBeInTheDocument();
    // 'Otras carreras' sums the two smallest: 20 + 19.
    expect(within(chart).getByText('39')).toBeInTheDocument();
    const rows = tableText(screen.getByRole('table', { name: S.byCareer }));
    expect(rows).toHaveLength(14);
    expect(rows[12]).toEqual(['Carrera 12', '19']);
  });

  it('says there is nothing to show for a count without data, and keeps the others', async () => {
    const statistics = makeStatistics();
    serve({
      ...statistics,
      assessmentsPerMonth: statistics.assessmentsPerMonth.map((month) => ({ ...month, count: 0 })),
    });
    await renderPage();
    const perMonth = await screen.findByRole('region', { name: S.perMonth });
    expect(await within(perMonth).findByText(S.empty)).toBeInTheDocument();
    expect(within(perMonth).queryByRole('table')).not.toBeInTheDocument();
    expect(within(perMonth).queryByRole('button', { name: S.showTable })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: S.byGender })).toBeInTheDocument();
  });

  it('shows one empty state when the service has no data at all', async () => {
    const statistics = makeStatistics();
    const none = <T extends { count: number }>(counts: T[]) =>
      counts.map((count) => ({ ...count, count: 0 }));
    serve(
      {
        ...statistics,
        totals: { students: 0, psychologists: 2, assessmentsThisMonth: 0, highRiskStudents: 0 },
        byGender: none(statistics.byGender),
        byRiskLevel: none(statistics.byRiskLevel),
        byCareer: [],
        bySemester: none(statistics.bySemester),
        assessmentsPerMonth: none(statistics.assessmentsPerMonth),
      },
      { scope: 'SERVICE', months: [month('2026-11', 'nov 2026')] },
    );
    await renderPage();
    // The counts' one empty state, and the appointments' own.
    await waitFor(() => expect(screen.getAllByText(S.empty)).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says it is loading, then shows the counts', async () => {
    const answer = deferred<Response>();
    stubApi((call) =>
      call.path === '/api/statistics' ? answer.promise : json({ ok: true, ...serviceAppointments }),
    );
    await renderPage();
    // The appointments per month may be loading beside it.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(S.loading);
    await act(async () => answer.resolve(json({ ok: true, statistics: makeStatistics() })));
    expect(await screen.findByRole('table', { name: S.byGender })).toBeInTheDocument();
  });

  it('says so when the statistics cannot be loaded', async () => {
    serve(new Response('', { status: 500 }));
    await renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(S.loadError);
    expect(screen.getByRole('button', { name: MSG.common.retry })).toBeInTheDocument();
  });
});

describe("the service's appointments per month", () => {
  it('lists each month with its attended, missed and cancelled appointments, counts only', async () => {
    const calls = serve(makeStatistics());
    await renderPage();
    expect(tableText(await screen.findByRole('table', { name: A.title }))).toEqual([
      ['Mes', 'Asistió', 'No asistió', 'Cancelada'],
      ['sept 2026', '14', '3', '2'],
      ['oct 2026', '11', '0', '4'],
      ['nov 2026', '7', '1', '0'],
      ['Total', '32', '4', '6'],
    ]);
    expect(calls.map((call) => `${call.method} ${call.path}${call.search}`).sort()).toEqual([
      'GET /api/statistics',
      'GET /api/statistics/appointments',
    ]);
  });

  it('draws each month as a bar stacked by status, with its key and its total, with nivo', async () => {
    serve(makeStatistics());
    await renderPage();
    const chart = await screen.findByRole('img', { name: S.chartLabel(A.title) });
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    // The key names each colour in text; the axis names each month.
    for (const label of ['Asistió', 'No asistió', 'Cancelada', 'sept 2026', 'nov 2026']) {
      expect(await within(chart).findByText(label)).toBeInTheDocument();
    }
    // Each month's total above its bar: 19, 15 and 8 (the scheduled ones are not drawn).
    const totals = () =>
      [...chart.querySelectorAll('svg text[font-weight="bold"]')].map((text) => text.textContent);
    await waitFor(() => expect(totals()).toEqual(['19', '15', '8']));
    const fills = [...chart.querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'));
    expect(fills).toEqual(expect.arrayContaining(['#1f5f8b', '#8e3b74', '#5f6b76']));
  });

  it('keeps the other counts when the appointments cannot be loaded, and offers to retry', async () => {
    stubApi((call) =>
      call.path === '/api/statistics'
        ? json({ ok: true, statistics: makeStatistics() })
        : new Response('', { status: 500 }),
    );
    await renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(A.loadError);
    const section = screen.getByRole('region', { name: A.title });
    expect(within(section).getByRole('button', { name: MSG.common.retry })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: S.byGender })).toBeInTheDocument();
  });
});
