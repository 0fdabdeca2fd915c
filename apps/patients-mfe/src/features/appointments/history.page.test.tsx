import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, MSG, type Appointment } from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json, makeAppointment } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import HistoryPage from './history.page';

const DAY_MS = 86_400_000;
const ana = { _id: 'c1000000-0000-4000-8000-000000000001', firstName: 'Ana', lastName: 'Lara' };

/** `count` appointments of Ana's, one a day from `firstDay` days from now, in the order given. */
function appointments(count: number, firstDay: number, step: number, label: string) {
  return Array.from({ length: count }, (_, index) =>
    makeAppointment({
      date: new Date(Date.now() + (firstDay + index * step) * DAY_MS).toISOString(),
      reason: `${label} ${index + 1}`,
      student: ana,
      studentId: ana._id,
    }),
  );
}

/** Answers each page as the server would, from the two lists given. */
function historyApi(lists: { upcoming: Appointment[]; past: Appointment[] } | Response) {
  return stubApi((call) => {
    if (call.path !== '/api/appointments') return undefined;
    if (lists instanceof Response) return lists;
    const params = new URLSearchParams(call.search);
    const list = params.has('after') ? lists.upcoming : lists.past;
    const page = Number(params.get('page'));
    const pageSize = Number(params.get('pageSize'));
    return json({
      ok: true,
      appointments: list.slice((page - 1) * pageSize, page * pageSize),
      total: list.length,
      page,
      pageSize,
    });
  });
}

function renderHistory(search = '') {
  return renderScreen(<HistoryPage />, {
    route: `${BASE}/history${search}`,
    path: `${BASE}/history`,
    otherRoutes: [{ path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> }],
  });
}

const asked = (calls: RecordedCall[]) =>
  calls.map((call) => Object.fromEntries(new URLSearchParams(call.search)));

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Historial', by page", () => {
  it('asks for the appointments from now on and before now, one page of each, never all of them', async () => {
    const before = Date.now();
    const calls = historyApi({ upcoming: [], past: [] });
    await renderHistory();
    await screen.findByText(MSG.appointments.noneUpcoming);
    expect(screen.getByText(MSG.appointments.nonePast)).toBeInTheDocument();
    const [upcoming, past] = [
      asked(calls).find((params) => 'after' in params),
      asked(calls).find((params) => 'before' in params),
    ];
    expect(upcoming).toMatchObject({ page: '1', pageSize: '10' });
    expect(past).toMatchObject({ page: '1', pageSize: '10' });
    expect(upcoming!.after).toBe(past!.before);
    expect(Date.parse(upcoming!.after!)).toBeGreaterThanOrEqual(before - 1000);
    expect(asked(calls).every((params) => 'after' in params || 'before' in params)).toBe(true);
  });

  it('shows each list a page at a time with its total, upcoming soonest first and past latest first', async () => {
    const upcoming = appointments(4, 1, 1, 'Futura');
    const past = appointments(25, -1, -1, 'Pasada');
    historyApi({ upcoming, past });
    await renderHistory();
    expect(
      screen.getByRole('heading', { level: 1, name: MSG.appointments.historyTitle }),
    ).toBeInTheDocument();
    const next = screen.getByRole('region', { name: MSG.appointments.upcoming });
    const before = screen.getByRole('region', { name: MSG.appointments.past });
    await within(before).findByText('Pasada 10', { exact: false });
    expect(within(before).getAllByRole('listitem')).toHaveLength(10);
    expect(within(next).getAllByRole('listitem')).toHaveLength(4);
    expect(within(next).getAllByRole('listitem')[0]).toHaveTextContent(
      formatDateTime(upcoming[0]!.date),
    );
    const pastPages = within(before).getByRole('navigation', {
      name: MSG.appointments.pastPages,
    });
    expect(pastPages).toHaveTextContent(
      `${MSG.audit.pageOf(1, 3)} · ${MSG.appointments.total(25)}`,
    );
    expect(
      within(next).getByRole('navigation', { name: MSG.appointments.upcomingPages }),
    ).toHaveTextContent(MSG.appointments.total(4));

    await userEvent.click(within(pastPages).getByRole('button', { name: /Siguiente/ }));
    await within(before).findByText('Pasada 20', { exact: false });
    await waitFor(() => expect(pastPages).toHaveTextContent(MSG.audit.pageOf(2, 3)));
    // The other list stays where it was.
    expect(within(next).getAllByRole('listitem')).toHaveLength(4);
  });

  it('opens the page of each list the address names', async () => {
    const calls = historyApi({
      upcoming: appointments(4, 1, 1, 'Futura'),
      past: appointments(25, -1, -1, 'Pasada'),
    });
    await renderHistory('?past=3');
    const before = screen.getByRole('region', { name: MSG.appointments.past });
    await within(before).findByText('Pasada 25', { exact: false });
    expect(within(before).getAllByRole('listitem')).toHaveLength(5);
    expect(asked(calls).find((params) => 'before' in params)).toMatchObject({ page: '3' });
  });

  it('opens a student from an appointment', async () => {
    historyApi({ upcoming: appointments(1, 2, 1, 'Futura'), past: [] });
    await renderHistory();
    const next = screen.getByRole('region', { name: MSG.appointments.upcoming });
    await userEvent.click(await within(next).findByRole('link', { name: 'Ana Lara' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${ana._id}`);
  });

  it("says 'No se pudieron cargar las citas' when loading fails", async () => {
    historyApi(new Response('', { status: 500 }));
    await renderHistory();
    expect((await screen.findAllByRole('alert'))[0]).toHaveTextContent(MSG.appointments.loadError);
  });
});
