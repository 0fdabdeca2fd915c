import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@psicocampus/shared';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeAppointment } from './testing/fixtures';
import { BASE, renderScreen } from './testing/render';
import AgendaPage from './features/agenda/agenda.page';
import { UnrecordedAttendance } from './features/home/unrecorded-attendance.component';

const beto = { _id: 'c1000000-0000-4000-8000-000000000002', firstName: 'Beto', lastName: 'Sanz' };

const unrecorded = (total: number, appointments: Appointment[] = []) =>
  json({ ok: true, appointments, total, page: 1, pageSize: 20 });

async function renderHomeLine(answer: Response) {
  stubApi((call) => (call.path === '/api/appointments/unrecorded' ? answer.clone() : undefined));
  const { store } = await renderScreen(<UnrecordedAttendance />, {
    route: BASE,
    path: BASE,
    otherRoutes: [{ path: `${BASE}/agenda`, element: <AgendaPage /> }],
  });
  return store;
}

/** Whether the count's call has been answered (and its answer drawn). */
const answered = (store: Awaited<ReturnType<typeof renderHomeLine>>) =>
  waitFor(() =>
    expect(
      Object.values(store.getState().api?.queries ?? {}).some(
        (query) => query?.endpointName === 'unrecordedAppointments' && query.status !== 'pending',
      ),
    ).toBe(true),
  );

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the home's line on appointments without their attendance recorded", () => {
  it('counts them and leads to the agenda listing them', async () => {
    const waiting = makeAppointment({
      date: '2026-11-24T14:00:00.000Z',
      student: beto,
      studentId: beto._id,
      reason: 'Seguimiento',
    });
    await renderHomeLine(unrecorded(3, [waiting]));
    expect(await screen.findByText('3 citas sin registrar asistencia')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Registrar asistencia' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Citas sin registrar asistencia' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Sin registrar/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      await screen.findByRole('button', {
        name: /Beto Sanz, Seguimiento, Sin registrar asistencia$/,
      }),
    ).toBeInTheDocument();
  });

  it('says "1 cita" for one', async () => {
    await renderHomeLine(unrecorded(1));
    expect(await screen.findByText('1 cita sin registrar asistencia')).toBeVisible();
  });

  it('shows nothing when every past appointment has its outcome', async () => {
    await answered(await renderHomeLine(unrecorded(0)));
    expect(screen.queryByText(/sin registrar asistencia/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when they cannot be counted', async () => {
    await renderHomeLine(json({ ok: false, msg: 'Error' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar las citas sin registrar asistencia.',
    );
  });
});
