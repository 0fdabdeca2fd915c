import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type Appointment } from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json, makeAppointment } from '../../../testing/fixtures';
import { BASE, renderScreen } from '../../../testing/render';
import { appointmentPageAnswer } from './appointment-pages.stub';
import { StudentAppointments } from './student-appointments.component';
import { STUDENT_APPOINTMENTS_PAGE_SIZE } from './use-student-appointments';

const DAY_MS = 86_400_000;
const STUDENT = 'c2000000-0000-4000-8000-000000000002';

/** `count` appointments, one every `step` days from `firstDay` days from now, named in that order. */
function appointments(count: number, firstDay: number, step: number, label: string) {
  return Array.from({ length: count }, (_, index) =>
    makeAppointment({
      date: new Date(Date.now() + (firstDay + index * step) * DAY_MS).toISOString(),
      reason: `${label} ${index + 1}`,
      studentId: STUDENT,
    }),
  );
}

/** The server of the section: each page of the student's appointments, or `failure`. */
function appointmentsApi(list: Appointment[], failure?: () => Response) {
  return stubApi((call) => {
    if (call.path === '/api/service') {
      return json({ ok: true, service: { timeZone: 'America/Guayaquil' } });
    }
    if (call.method !== 'GET' || call.path !== '/api/appointments') return undefined;
    return failure?.() ?? json(appointmentPageAnswer(call, list));
  });
}

const asked = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.path === '/api/appointments')
    .map((call) => Object.fromEntries(new URLSearchParams(call.search)));

function renderSection() {
  return renderScreen(<StudentAppointments studentId={STUDENT} />, {
    route: `${BASE}/patients/${STUDENT}`,
    path: `${BASE}/patients/:id`,
  });
}

const section = () => screen.getByRole('region', { name: MSG.appointments.title });
const upcomingList = () =>
  within(section()).getByRole('region', { name: MSG.appointments.upcoming });
const pastList = () => within(section()).getByRole('region', { name: MSG.appointments.past });

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the student's appointments, by page (docs/screens-and-routes.md#student-detail)", () => {
  it("asks for a page of the student's upcoming and one of their past, never all of them", async () => {
    const opened = Date.now();
    const calls = appointmentsApi(appointments(1, 1, 1, 'Futura'));
    await renderSection();
    await within(section()).findByText('Futura 1', { exact: false });
    const [upcoming, past] = [
      asked(calls).find((params) => 'after' in params),
      asked(calls).find((params) => 'before' in params),
    ];
    const page = {
      studentId: STUDENT,
      page: '1',
      pageSize: String(STUDENT_APPOINTMENTS_PAGE_SIZE),
    };
    expect(upcoming).toMatchObject(page);
    expect(past).toMatchObject(page);
    expect(upcoming!.after).toBe(past!.before);
    expect(Date.parse(upcoming!.after!)).toBeGreaterThanOrEqual(opened - 1000);
    expect(asked(calls).every((params) => 'after' in params || 'before' in params)).toBe(true);
  });

  it("shows 'Próximas citas' soonest first and 'Citas pasadas' latest first, each a page with its total", async () => {
    appointmentsApi([...appointments(3, 1, 1, 'Futura'), ...appointments(23, -1, -1, 'Pasada')]);
    await renderSection();
    await within(section()).findByText('Pasada 10', { exact: false });
    expect(
      within(upcomingList())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([1, 2, 3].map((index) => expect.stringContaining(`Futura ${index}`)));
    const past = within(pastList()).getAllByRole('listitem');
    expect(past).toHaveLength(STUDENT_APPOINTMENTS_PAGE_SIZE);
    expect(past[0]).toHaveTextContent('Pasada 1');
    const pastPages = within(pastList()).getByRole('navigation', {
      name: MSG.appointments.pastPages,
    });
    expect(pastPages).toHaveTextContent(
      `${MSG.audit.pageOf(1, 3)} · ${MSG.appointments.total(23)}`,
    );
    expect(
      within(upcomingList()).getByRole('navigation', { name: MSG.appointments.upcomingPages }),
    ).toHaveTextContent(`${MSG.audit.pageOf(1, 1)} · ${MSG.appointments.total(3)}`);

    await userEvent.click(within(pastPages).getByRole('button', { name: /Siguiente/ }));
    await within(pastList()).findByText('Pasada 11', { exact: false });
    await waitFor(() => expect(pastPages).toHaveTextContent(MSG.audit.pageOf(2, 3)));
    // The other list stays where it was.
    expect(within(upcomingList()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('keeps saying how each one ended', async () => {
    appointmentsApi([
      makeAppointment({
        date: new Date(Date.now() - 2 * DAY_MS).toISOString(),
        status: 'CANCELLED',
        cancelledBy: 'STUDENT',
        cancelReason: 'Viaje familiar',
      }),
    ]);
    await renderSection();
    expect(await within(section()).findByRole('listitem')).toHaveTextContent(
      'Cancelada · El estudiante: Viaje familiar',
    );
  });

  it('says it in one line when the student has no appointment at all', async () => {
    appointmentsApi([]);
    await renderSection();
    expect(await within(section()).findByText(MSG.appointments.empty)).toBeInTheDocument();
    expect(within(section()).queryByRole('region')).not.toBeInTheDocument();
    expect(within(section()).queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says which list is empty when the other is not', async () => {
    appointmentsApi(appointments(2, -1, -1, 'Pasada'));
    await renderSection();
    await within(section()).findByText('Pasada 2', { exact: false });
    expect(upcomingList()).toHaveTextContent(MSG.appointments.noneUpcomingForStudent);
    expect(within(pastList()).getAllByRole('listitem')).toHaveLength(2);
  });

  it("says 'No se pudieron cargar las citas' once when they cannot be loaded", async () => {
    appointmentsApi([], () => new Response('', { status: 500 }));
    await renderSection();
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      MSG.appointments.loadError,
    );
    expect(within(section()).getAllByText(MSG.appointments.loadError)).toHaveLength(1);
  });
});
