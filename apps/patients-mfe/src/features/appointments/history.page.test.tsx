import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, MSG } from '@psicocampus/shared';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeAppointment } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import HistoryPage from './history.page';

const day = 86_400_000;
const ana = { _id: 'c1000000-0000-4000-8000-000000000001', firstName: 'Ana', lastName: 'Lara' };
const beto = { _id: 'c1000000-0000-4000-8000-000000000002', firstName: 'Beto', lastName: 'Sanz' };

function renderHistory(answer: Response) {
  const calls = stubApi((call) => (call.path === '/api/appointments' ? answer : undefined));
  return renderScreen(<HistoryPage />, {
    route: `${BASE}/history`,
    path: `${BASE}/history`,
    otherRoutes: [{ path: `${BASE}/patients/:id`, element: <Landing name="detalle" /> }],
  }).then(() => calls);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the appointment history', () => {
  it('lists upcoming appointments soonest first, then past ones most recent first', async () => {
    const now = Date.now();
    const iso = (offset: number) => new Date(now + offset).toISOString();
    const calls = await renderHistory(
      json({
        ok: true,
        appointments: [
          makeAppointment({
            date: iso(-10 * day),
            reason: 'Pasada antigua',
            student: ana,
            studentId: ana._id,
          }),
          makeAppointment({
            date: iso(9 * day),
            reason: 'Futura lejana',
            student: beto,
            studentId: beto._id,
          }),
          makeAppointment({
            date: iso(-1 * day),
            reason: 'Pasada reciente',
            student: beto,
            studentId: beto._id,
          }),
          makeAppointment({
            date: iso(2 * day),
            reason: 'Futura cercana',
            student: ana,
            studentId: ana._id,
          }),
        ],
      }),
    );
    expect(calls[0]!.search).toBe('');
    expect(
      screen.getByRole('heading', { level: 1, name: MSG.appointments.historyTitle }),
    ).toBeInTheDocument();
    const upcoming = await screen.findByRole('region', { name: MSG.appointments.upcoming });
    const past = screen.getByRole('region', { name: MSG.appointments.past });
    const reasons = (block: HTMLElement) =>
      within(block)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.match(/(Futura|Pasada) \w+/)?.[0]);
    expect(reasons(upcoming)).toEqual(['Futura cercana', 'Futura lejana']);
    expect(reasons(past)).toEqual(['Pasada reciente', 'Pasada antigua']);
    const first = within(upcoming).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent(formatDateTime(iso(2 * day)));

    await userEvent.click(within(first).getByRole('link', { name: 'Ana Lara' }));
    expect(await landing()).toBe(`detalle ${BASE}/patients/${ana._id}`);
  });

  it('says when there are none', async () => {
    await renderHistory(json({ ok: true, appointments: [] }));
    expect(await screen.findByText(MSG.appointments.noneUpcoming)).toBeInTheDocument();
    expect(screen.getByText(MSG.appointments.nonePast)).toBeInTheDocument();
  });

  it("says 'No se pudieron cargar las citas' when loading fails", async () => {
    await renderHistory(new Response('', { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.appointments.loadError);
  });
});
