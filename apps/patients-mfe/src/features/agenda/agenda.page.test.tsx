import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, makeAppointment, makeStudent } from '../../testing/fixtures';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../testing/render';
import AgendaPage from './agenda.page';

// Wednesday 25 November 2026, noon, in the browser's zone: the week is 23–29 November.
const NOW = new Date(2026, 10, 25, 12, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

const paula = {
  _id: 'c1000000-0000-4000-8000-000000000001',
  firstName: 'Paula',
  lastName: 'Vinueza',
};
const beto = { _id: 'c1000000-0000-4000-8000-000000000002', firstName: 'Beto', lastName: 'Sanz' };

function appointment(day: number, hour: number, overrides: Partial<Appointment> = {}) {
  const student = overrides.student ?? paula;
  return makeAppointment({
    date: at(day, hour).toISOString(),
    student,
    studentId: student._id,
    ...overrides,
  });
}

const attendedMonday = appointment(23, 10, { reason: 'Control', status: 'ATTENDED' });
const pastTuesday = appointment(24, 9, { reason: 'Seguimiento', student: beto, version: 4 });
const nextThursday = appointment(26, 15, { reason: 'Primera sesión', durationMinutes: 60 });
const cancelledFriday = appointment(27, 9, {
  reason: 'Revisión',
  status: 'CANCELLED',
  cancelledBy: 'STUDENT',
  cancelReason: 'Viaje',
});
const WEEK = [nextThursday, attendedMonday, cancelledFriday, pastTuesday];

type Handler = (call: RecordedCall) => Response | undefined;

async function renderAgenda(extra: Handler = () => undefined) {
  const calls = stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/appointments') {
      return json({ ok: true, appointments: WEEK });
    }
    if (call.path === '/api/students') {
      return json({
        ok: true,
        students: [makeStudent({ ...paula }), makeStudent({ ...beto })],
        total: 2,
      });
    }
    return undefined;
  });
  await renderScreen(<AgendaPage />, { route: `${BASE}/agenda`, path: `${BASE}/agenda` });
  await screen.findByRole('region', { name: 'Lunes 23 de noviembre' });
  return calls;
}

const agendaCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.path === '/api/appointments');
const range = (call: RecordedCall | undefined) => {
  const params = new URLSearchParams(call?.search);
  return { from: params.get('from'), to: params.get('to') };
};

beforeEach(() => {
  // Only the clock is fixed: timers run for real.
  jest.useFakeTimers({
    now: NOW,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
});

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('the agenda', () => {
  it("shows the week's appointments on their day and hour, with their status, and marks today", async () => {
    const calls = await renderAgenda();
    expect(range(agendaCalls(calls)[0])).toEqual({
      from: at(23, 0).toISOString(),
      to: at(30, 0).toISOString(),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Agenda' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      '23 – 29 de noviembre de 2026',
    );

    const monday = screen.getByRole('region', { name: 'Lunes 23 de noviembre' });
    expect(
      within(monday).getByRole('button', { name: '10:00–10:50, Paula Vinueza, Control, Asistió' }),
    ).toBeInTheDocument();
    const thursday = screen.getByRole('region', { name: 'Jueves 26 de noviembre' });
    expect(
      within(thursday).getByRole('button', {
        name: '15:00–16:00, Paula Vinueza, Primera sesión, Programada',
      }),
    ).toBeInTheDocument();
    const friday = screen.getByRole('region', { name: 'Viernes 27 de noviembre' });
    expect(
      within(friday).getByRole('button', {
        name: '09:00–09:50, Paula Vinueza, Revisión, Cancelada',
      }),
    ).toBeInTheDocument();
    // A cancelled appointment frees its hour; a taken hour and a past one are not offered.
    expect(
      within(friday).getByRole('button', { name: 'Viernes 27 de noviembre, 09:00, libre' }),
    ).toBeInTheDocument();
    expect(
      within(thursday).queryByRole('button', { name: 'Jueves 26 de noviembre, 15:00, libre' }),
    ).not.toBeInTheDocument();
    expect(
      within(thursday).getByRole('button', { name: 'Jueves 26 de noviembre, 10:00, libre' }),
    ).toBeInTheDocument();
    expect(within(monday).queryByRole('button', { name: /libre/ })).not.toBeInTheDocument();
    // Half hours are offered: the one after a session, and none inside one.
    expect(
      within(thursday).getByRole('button', { name: 'Jueves 26 de noviembre, 10:30, libre' }),
    ).toBeInTheDocument();
    expect(
      within(thursday).queryByRole('button', { name: 'Jueves 26 de noviembre, 15:30, libre' }),
    ).not.toBeInTheDocument();
    expect(
      within(thursday).getByRole('button', { name: 'Jueves 26 de noviembre, 16:00, libre' }),
    ).toBeInTheDocument();
    const wednesday = screen.getByRole('region', { name: 'Miércoles 25 de noviembre' });
    expect(within(wednesday).getByRole('heading', { level: 3 })).toHaveTextContent('(hoy)');
    expect(
      within(wednesday).queryByRole('button', { name: 'Miércoles 25 de noviembre, 11:00, libre' }),
    ).not.toBeInTheDocument();
    expect(
      within(wednesday).getByRole('button', { name: 'Miércoles 25 de noviembre, 13:00, libre' }),
    ).toBeInTheDocument();
  });

  it("shows the days and hours of the service's clock, not the browser's (SERVICE_TIME_ZONE)", async () => {
    // 20:00 UTC on Thursday is 15:00 in Guayaquil (UTC-5 all year).
    const inGuayaquil = makeAppointment({
      date: '2026-11-26T20:00:00.000Z',
      student: paula,
      studentId: paula._id,
      reason: 'Primera sesión',
    });
    const calls = await renderAgenda((call) => {
      if (call.path === '/api/service') {
        return json({ ok: true, service: { timeZone: 'America/Guayaquil' } });
      }
      if (call.method === 'GET' && call.path === '/api/appointments') {
        return json({ ok: true, appointments: [inGuayaquil] });
      }
      return undefined;
    });
    // The week starts at Monday's midnight in Guayaquil: 05:00 UTC.
    expect(range(agendaCalls(calls)[0])).toEqual({
      from: '2026-11-23T05:00:00.000Z',
      to: '2026-11-30T05:00:00.000Z',
    });
    const thursday = screen.getByRole('region', { name: 'Jueves 26 de noviembre' });
    expect(
      within(thursday).getByRole('button', {
        name: '15:00–15:50, Paula Vinueza, Primera sesión, Programada',
      }),
    ).toBeInTheDocument();
  });

  it('asks for the next, the previous and the current week, and for one day', async () => {
    const calls = await renderAgenda();
    await userEvent.click(screen.getByRole('button', { name: /Semana siguiente/ }));
    await waitFor(() =>
      expect(range(agendaCalls(calls).at(-1))).toEqual({
        from: at(30, 0).toISOString(),
        to: new Date(2026, 11, 7).toISOString(),
      }),
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      '30 de noviembre – 6 de diciembre de 2026',
    );
    await userEvent.click(screen.getByRole('button', { name: /Semana anterior/ }));
    await userEvent.click(screen.getByRole('button', { name: /Semana anterior/ }));
    await waitFor(() =>
      expect(range(agendaCalls(calls).at(-1))).toEqual({
        from: at(16, 0).toISOString(),
        to: at(23, 0).toISOString(),
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      '23 – 29 de noviembre de 2026',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Día' }));
    await waitFor(() =>
      expect(range(agendaCalls(calls).at(-1))).toEqual({
        from: at(25, 0).toISOString(),
        to: at(26, 0).toISOString(),
      }),
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Miércoles, 25 de noviembre de 2026',
    );
    await userEvent.click(screen.getByRole('button', { name: /Día siguiente/ }));
    await waitFor(() =>
      expect(range(agendaCalls(calls).at(-1))).toEqual({
        from: at(26, 0).toISOString(),
        to: at(27, 0).toISOString(),
      }),
    );
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('books an appointment from a free slot, with that time and the chosen student', async () => {
    const calls = await renderAgenda((call) =>
      call.method === 'POST' && call.path === '/api/appointments'
        ? json({ ok: true, msg: 'Cita agendada', appointment: nextThursday }, 201)
        : undefined,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Jueves 26 de noviembre, 10:00, libre' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva cita' });
    expect(within(dialog).getByLabelText(/Fecha y hora/)).toHaveValue('2026-11-26T10:00');
    await within(dialog).findByRole('option', { name: 'Beto Sanz' });
    await userEvent.selectOptions(within(dialog).getByLabelText(/Estudiante/), 'Beto Sanz');
    await userEvent.type(within(dialog).getByLabelText(/Motivo/), 'Primera entrevista');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agendar Cita' }));

    expect(await alertDialog()).toHaveTextContent('¡Cita Agendada!');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/appointments');
    expect(post?.body).toEqual({
      studentId: beto._id,
      date: at(26, 10).toISOString(),
      durationMinutes: 50,
      reason: 'Primera entrevista',
      notes: '',
    });
    await answerAlert();
    expect(screen.queryByRole('dialog', { name: 'Nueva cita' })).not.toBeInTheDocument();
  });

  it.each([
    ['Asistió', { status: 'ATTENDED' }, 'Cita marcada como asistida'],
    ['No asistió', { status: 'NO_SHOW' }, 'Cita marcada como no asistida'],
  ])('marks a past appointment "%s" with its version', async (button, body, msg) => {
    const calls = await renderAgenda((call) =>
      call.path === `/api/appointments/${pastTuesday._id}/status`
        ? json({ ok: true, msg, appointment: pastTuesday })
        : undefined,
    );
    await userEvent.click(
      screen.getByRole('button', { name: /Beto Sanz, Seguimiento, Programada/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    expect(await alertDialog()).toHaveTextContent(msg);
    expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({ ...body, version: 4 });
    expect(agendaCalls(calls).length).toBeGreaterThan(1);
  });

  it('offers attended and no-show only once the appointment has started', async () => {
    await renderAgenda();
    await userEvent.click(screen.getByRole('button', { name: /Primera sesión, Programada/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    expect(within(dialog).queryByRole('button', { name: 'Asistió' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reprogramar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar cita' })).toBeInTheDocument();
  });

  it('cancels one saying who and why, and the reason is required', async () => {
    const calls = await renderAgenda((call) =>
      call.path === `/api/appointments/${nextThursday._id}/status`
        ? json({ ok: true, msg: 'Cita cancelada', appointment: nextThursday })
        : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: /Primera sesión, Programada/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar cita' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar cita' }));
    expect(await within(dialog).findByText('Indica el motivo de la cancelación.')).toBeVisible();
    expect(calls.some((c) => c.path.endsWith('/status'))).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText(/Quién cancela/), 'El servicio');
    await userEvent.type(within(dialog).getByLabelText(/Motivo de la cancelación/), 'Feriado');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar cita' }));
    expect(await alertDialog()).toHaveTextContent('Cita cancelada');
    expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({
      status: 'CANCELLED',
      cancelledBy: 'SERVICE',
      reason: 'Feriado',
      version: nextThursday.version,
    });
  });

  it('moves one to another date and duration, asking before overlapping another', async () => {
    const overlap = 'La cita se cruza con la de Beto Sanz del 27 de noviembre a las 11:00.';
    const calls = await renderAgenda((call) => {
      if (call.method !== 'PUT') return undefined;
      const body = call.body as { confirmOverlap?: boolean };
      return body.confirmOverlap
        ? json({ ok: true, msg: 'Cita reprogramada', appointment: nextThursday })
        : Response.json({ ok: false, code: 'APPOINTMENT_OVERLAP', msg: overlap }, { status: 409 });
    });
    await userEvent.click(screen.getByRole('button', { name: /Primera sesión, Programada/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reprogramar' }));
    const date = within(dialog).getByLabelText(/Fecha y hora/);
    expect(date).toHaveValue('2026-11-26T15:00');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-27T11:00');
    const duration = within(dialog).getByLabelText(/Duración/);
    await userEvent.clear(duration);
    await userEvent.type(duration, '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reprogramar' }));

    expect(await alertDialog()).toHaveTextContent(overlap);
    await answerAlert('Reprogramar de todos modos');
    expect(await alertDialog()).toHaveTextContent('Cita reprogramada');
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.path)).toEqual([
      `/api/appointments/${nextThursday._id}`,
      `/api/appointments/${nextThursday._id}`,
    ]);
    expect(puts[1]!.body).toEqual({
      date: at(27, 11).toISOString(),
      durationMinutes: 30,
      reason: 'Primera sesión',
      notes: '',
      version: nextThursday.version,
      confirmOverlap: true,
    });
  });

  it('says to reload when someone else changed it, and reloads the agenda', async () => {
    const stale = 'Otra persona modificó este registro. Recarga para ver los cambios.';
    const calls = await renderAgenda((call) =>
      call.path.endsWith('/status') ? apiError(409, stale) : undefined,
    );
    const before = agendaCalls(calls).length;
    await userEvent.click(
      screen.getByRole('button', { name: /Beto Sanz, Seguimiento, Programada/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asistió' }));
    expect(await alertDialog()).toHaveTextContent(stale);
    await waitFor(() => expect(agendaCalls(calls).length).toBeGreaterThan(before));
  });

  it('lists the week in order in the list view', async () => {
    await renderAgenda();
    await userEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(screen.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
    const days = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(days).toEqual([
      'Lunes 23 de noviembre',
      'Martes 24 de noviembre',
      'Jueves 26 de noviembre',
      'Viernes 27 de noviembre',
    ]);
    const items = screen.getAllByRole('listitem');
    [
      '10:00–10:50, Paula Vinueza, Control, Asistió',
      '09:00–09:50, Beto Sanz, Seguimiento, Programada',
      '15:00–16:00, Paula Vinueza, Primera sesión, Programada',
      '09:00–09:50, Paula Vinueza, Revisión, Cancelada',
    ].forEach((name, index) => {
      expect(within(items[index]!).getByRole('button', { name })).toBeInTheDocument();
    });
    expect(items).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /libre/ })).not.toBeInTheDocument();
  });
});
