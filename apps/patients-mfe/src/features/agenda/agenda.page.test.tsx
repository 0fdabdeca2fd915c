import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Appointment } from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { AGENDA_MSG } from '@psicocampus/shared/agenda';
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

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

async function renderAgenda(extra: Handler = () => undefined, route = `${BASE}/agenda`) {
  const calls = stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === '/api/appointments/unrecorded') {
      return json({ ok: true, appointments: [], total: 0, page: 1, pageSize: 20 });
    }
    if (call.method === 'GET' && call.path === '/api/appointments') {
      return json({ ok: true, appointments: WEEK });
    }
    if (call.path === '/api/students') {
      // The server's search: every word in the name, any case.
      const q = new URLSearchParams(call.search).get('q') ?? '';
      const students = [makeStudent({ ...beto }), makeStudent({ ...paula })].filter((student) =>
        `${student.firstName} ${student.lastName}`.toLowerCase().includes(q.toLowerCase()),
      );
      return json({ ok: true, students, total: students.length, page: 1, pageSize: 20 });
    }
    return undefined;
  });
  await renderScreen(<AgendaPage />, { route, path: `${BASE}/agenda` });
  return calls;
}

/** The agenda's week, drawn. */
async function renderWeek(extra: Handler = () => undefined) {
  const calls = await renderAgenda(extra);
  await screen.findByRole('region', { name: 'Lunes 23 de noviembre' });
  return calls;
}

/** The hours the grid's gutter shows, top to bottom ('07:00' …). */
const hourLabels = () =>
  Array.from(document.querySelectorAll('[class*="hourLabel"]'), (label) => label.textContent);

/**
 * Where a block is drawn, as fractions of its column: `top` and `height`
 * of the hours shown, `left` and `width` of the column's width.
 */
function place(block: HTMLElement) {
  const read = (name: string) => parseFloat(block.style.getPropertyValue(name)) / 100;
  return {
    top: read('--top'),
    height: read('--height'),
    left: read('--left'),
    width: read('--width'),
  };
}

/** `expected`'s fractions, to a millionth. */
const near = (expected: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(expected).map(([key, value]) => [key, expect.closeTo(value, 6)]),
  );

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
    const calls = await renderWeek();
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
    const calls = await renderWeek((call) => {
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
    const calls = await renderWeek();
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

  it('books an appointment from a free slot, with that time and the student looked for by name', async () => {
    const calls = await renderWeek((call) =>
      call.method === 'POST' && call.path === '/api/appointments'
        ? json({ ok: true, msg: 'Cita agendada', appointment: nextThursday }, 201)
        : undefined,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Jueves 26 de noviembre, 10:00, libre' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva cita' });
    expect(within(dialog).getByLabelText(/Fecha y hora/)).toHaveValue('2026-11-26T10:00');
    const picker = within(dialog).getByRole('combobox', { name: /Estudiante/ });
    await userEvent.type(picker, 'san');
    // Once the server has answered, only the match is offered.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([expect.stringContaining('Beto Sanz')]),
    );
    await userEvent.click(within(dialog).getByRole('option', { name: /Beto Sanz/ }));
    expect(picker).toHaveValue('Beto Sanz');
    // The server was asked for the first matches of what was typed, not the caseload.
    const searches = calls.filter((call) => call.path === '/api/students');
    expect(new URLSearchParams(searches.at(-1)?.search).get('q')).toBe('san');
    expect(new URLSearchParams(searches.at(-1)?.search).get('pageSize')).toBe('20');
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
    const calls = await renderWeek((call) =>
      call.path === `/api/appointments/${pastTuesday._id}/status`
        ? json({ ok: true, msg, appointment: pastTuesday })
        : undefined,
    );
    await userEvent.click(
      screen.getByRole('button', { name: /Beto Sanz, Seguimiento, Sin registrar asistencia/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    await userEvent.click(within(dialog).getByRole('button', { name: button }));
    expect(await alertDialog()).toHaveTextContent(msg);
    expect(calls.find((c) => c.path.endsWith('/status'))?.body).toEqual({ ...body, version: 4 });
    expect(agendaCalls(calls).length).toBeGreaterThan(1);
  });

  it('offers attended and no-show only once the appointment has started', async () => {
    await renderWeek();
    await userEvent.click(screen.getByRole('button', { name: /Primera sesión, Programada/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    expect(within(dialog).queryByRole('button', { name: 'Asistió' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reprogramar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar cita' })).toBeInTheDocument();
  });

  it('cancels one saying who and why, and the reason is required', async () => {
    const calls = await renderWeek((call) =>
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
    const calls = await renderWeek((call) => {
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
    const calls = await renderWeek((call) =>
      call.path.endsWith('/status') ? apiError(409, stale) : undefined,
    );
    const before = agendaCalls(calls).length;
    await userEvent.click(
      screen.getByRole('button', { name: /Beto Sanz, Seguimiento, Sin registrar asistencia/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Asistió' }));
    expect(await alertDialog()).toHaveTextContent(stale);
    await waitFor(() => expect(agendaCalls(calls).length).toBeGreaterThan(before));
  });

  it('draws appointments before 07:00 and after 21:00 at their true hour, the hours shown growing to hold them', async () => {
    const early = appointment(24, 3, { reason: 'Guardia nocturna' });
    const earlyToo = makeAppointment({
      date: at(24, 4, 30).toISOString(),
      student: beto,
      studentId: beto._id,
      reason: 'Llamada de crisis',
    });
    const late = appointment(26, 21, { reason: 'Sesión nocturna', durationMinutes: 90 });
    await renderWeek((call) =>
      call.method === 'GET' && call.path === '/api/appointments'
        ? json({ ok: true, appointments: [early, earlyToo, late, ...WEEK] })
        : undefined,
    );
    // The hours run from 03:00 to 23:00 (the late one ends at 22:30).
    const labels = hourLabels();
    expect(labels[0]).toBe('03:00');
    expect(labels.at(-1)).toBe('22:00');
    expect(labels).toHaveLength(20);
    const tuesday = screen.getByRole('region', { name: 'Martes 24 de noviembre' });
    const first = within(tuesday).getByRole('button', { name: /Guardia nocturna/ });
    const second = within(tuesday).getByRole('button', { name: /Llamada de crisis/ });
    // 03:00 at the top; 04:30 an hour and a half below it, neither on the other.
    expect(place(first)).toMatchObject(near({ top: 0, height: 50 / 1200 }));
    expect(place(second)).toMatchObject(near({ top: 90 / 1200, height: 50 / 1200 }));
    const thursday = screen.getByRole('region', { name: 'Jueves 26 de noviembre' });
    const night = within(thursday).getByRole('button', { name: /Sesión nocturna/ });
    expect(place(night)).toMatchObject(near({ top: (18 * 60) / 1200, height: 90 / 1200 }));
    // Free slots are offered only in working hours.
    expect(
      within(thursday).queryByRole('button', { name: 'Jueves 26 de noviembre, 05:00, libre' }),
    ).not.toBeInTheDocument();
    expect(
      within(thursday).getByRole('button', { name: 'Jueves 26 de noviembre, 20:30, libre' }),
    ).toBeInTheDocument();
  });

  it('keeps the working day, 07:00 to 21:00, when every appointment falls within it', async () => {
    await renderWeek();
    const labels = hourLabels();
    expect([labels[0], labels.at(-1), labels.length]).toEqual(['07:00', '20:00', 14]);
    const thursday = screen.getByRole('region', { name: 'Jueves 26 de noviembre' });
    const session = within(thursday).getByRole('button', { name: /Primera sesión/ });
    expect(place(session)).toMatchObject(near({ top: (8 * 60) / 840, height: 60 / 840 }));
  });

  it('puts two appointments that overlap side by side, each with its whole text reachable', async () => {
    const eleven = appointment(26, 11, { reason: 'Control de las once' });
    const halfPast = makeAppointment({
      date: at(26, 11, 30).toISOString(),
      student: beto,
      studentId: beto._id,
      reason: 'Revisión del plan de seguridad con la familia',
    });
    await renderWeek((call) =>
      call.method === 'GET' && call.path === '/api/appointments'
        ? json({ ok: true, appointments: [eleven, halfPast, ...WEEK] })
        : undefined,
    );
    const thursday = screen.getByRole('region', { name: 'Jueves 26 de noviembre' });
    const left = within(thursday).getByRole('button', { name: /Control de las once/ });
    const right = within(thursday).getByRole('button', { name: /Revisión del plan/ });
    expect(place(left)).toMatchObject(near({ left: 0, width: 0.5 }));
    expect(place(right)).toMatchObject(near({ left: 0.5, width: 0.5 }));
    // The one after them has the column to itself again.
    const later = within(thursday).getByRole('button', { name: /Primera sesión/ });
    expect(place(later)).toMatchObject(near({ left: 0, width: 1 }));
    // A narrow block's whole text: its name, its tooltip, and its dialog.
    const name =
      '11:30–12:20, Beto Sanz, Revisión del plan de seguridad con la familia, Programada';
    expect(right).toHaveAccessibleName(name);
    expect(right).toHaveAttribute('title', name);
    await userEvent.click(right);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    expect(dialog).toHaveTextContent('Revisión del plan de seguridad con la familia');
  });

  it('flags a past appointment still "Programada" as "Sin registrar asistencia", and asks for its attendance', async () => {
    // Began at 11:30: at noon its 50 minutes are not over.
    const inProgress = makeAppointment({
      date: at(25, 11, 30).toISOString(),
      student: paula,
      studentId: paula._id,
      reason: 'En curso',
    });
    await renderWeek((call) =>
      call.method === 'GET' && call.path === '/api/appointments'
        ? json({ ok: true, appointments: [...WEEK, inProgress] })
        : undefined,
    );
    const tuesday = screen.getByRole('region', { name: 'Martes 24 de noviembre' });
    const block = within(tuesday).getByRole('button', {
      name: '09:00–09:50, Beto Sanz, Seguimiento, Sin registrar asistencia',
    });
    expect(block).toHaveTextContent('Sin registrar asistencia');
    // Not one closed, nor one still going on.
    expect(
      screen.getByRole('button', { name: '10:00–10:50, Paula Vinueza, Control, Asistió' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: '11:30–12:20, Paula Vinueza, En curso, Programada' }),
    ).toBeInTheDocument();
    await userEvent.click(block);
    const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Esta cita ya terminó y sigue como Programada: registra si el estudiante asistió o no.',
    );
    expect(within(dialog).getByRole('button', { name: 'Asistió' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'No asistió' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    await userEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(
      screen.getByRole('button', {
        name: '09:00–09:50, Beto Sanz, Seguimiento, Sin registrar asistencia',
      }),
    ).toHaveTextContent('Sin registrar asistencia');
  });

  it('lists the week in order in the list view', async () => {
    await renderWeek();
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
      '09:00–09:50, Beto Sanz, Seguimiento, Sin registrar asistencia',
      '15:00–16:00, Paula Vinueza, Primera sesión, Programada',
      '09:00–09:50, Paula Vinueza, Revisión, Cancelada',
    ].forEach((name, index) => {
      expect(within(items[index]!).getByRole('button', { name })).toBeInTheDocument();
    });
    expect(items).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /libre/ })).not.toBeInTheDocument();
  });

  it("finds the new appointment's student by name with the keyboard, and says when none matches", async () => {
    await renderWeek();
    await userEvent.click(
      screen.getByRole('button', { name: 'Jueves 26 de noviembre, 10:00, libre' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva cita' });
    const picker = within(dialog).getByRole('combobox', { name: /Estudiante/ });
    await userEvent.type(picker, 'zz');
    expect(
      await within(dialog).findByText(
        'Ningún estudiante tuyo coincide con «zz». Revisa cómo está escrito.',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(picker);
    await userEvent.type(picker, 'vinu');
    await within(dialog).findByRole('option', { name: /Paula Vinueza/ });
    // The matches of 'vinu' itself, not of an earlier search still on screen (a slow machine
    // may show the whole list of the emptied box first).
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(picker).toHaveValue('Paula Vinueza');
    // Typing again undoes the choice: a name typed is not a student chosen.
    await userEvent.type(picker, 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agendar Cita' }));
    expect(
      await within(dialog).findByText(
        'Elige al estudiante en la lista: escribir su nombre no basta.',
      ),
    ).toBeInTheDocument();
    expect(picker).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no match of an earlier search while the one typed is still being looked for', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await renderWeek((call) => {
      if (call.path !== '/api/students' || !call.search.includes('q=vinu')) return undefined;
      const students = [makeStudent({ ...paula })];
      return held.then(() => json({ ok: true, students, total: 1, page: 1, pageSize: 20 }));
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Jueves 26 de noviembre, 10:00, libre' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nueva cita' });
    const picker = within(dialog).getByRole('combobox', { name: /Estudiante/ });
    await userEvent.click(picker);
    await within(dialog).findByRole('option', { name: /Beto/ });
    await userEvent.type(picker, 'vinu');
    expect(await within(dialog).findByText(AGENDA_MSG.studentSearching)).toBeInTheDocument();
    // Held back by the server: Enter must not choose a student of the emptied box's list.
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(picker).toHaveValue('vinu');
    release();
    await within(dialog).findByRole('option', { name: /Paula Vinueza/ });
    expect(within(dialog).getAllByRole('option')).toHaveLength(1);
  });

  describe('the appointments still to record', () => {
    /** 21 that ended still 'Programada', a day apart, the oldest first. */
    const waiting = Array.from({ length: 21 }, (_, index) =>
      makeAppointment({
        date: new Date(2026, 9, 1 + index, 10).toISOString(),
        student: index % 2 ? beto : paula,
        studentId: (index % 2 ? beto : paula)._id,
        reason: `Sesión ${index + 1}`,
        version: 2,
      }),
    );
    const unrecordedAnswer = (call: RecordedCall) => {
      if (call.path !== '/api/appointments/unrecorded') return undefined;
      const params = new URLSearchParams(call.search);
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('pageSize'));
      return json({
        ok: true,
        appointments: waiting.slice((page - 1) * pageSize, page * pageSize),
        total: waiting.length,
        page,
        pageSize,
      });
    };

    it("says how many there are on their view's button", async () => {
      await renderWeek(unrecordedAnswer);
      expect(await screen.findByRole('button', { name: 'Sin registrar (21)' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });

    it('lists them whatever their week, the oldest first, by page with their total', async () => {
      const calls = await renderAgenda(unrecordedAnswer, `${BASE}/agenda?vista=sin-registrar`);
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Citas sin registrar asistencia' }),
      ).toBeInTheDocument();
      // No week to move through.
      expect(screen.queryByRole('button', { name: /Semana siguiente/ })).not.toBeInTheDocument();
      const first = await screen.findByRole('button', {
        name: 'Jueves 1 de octubre, 10:00–10:50, Paula Vinueza, Sesión 1, Sin registrar asistencia',
      });
      expect(first).toHaveTextContent('Jueves 1 de octubre');
      expect(screen.getAllByRole('listitem')).toHaveLength(20);
      const pages = screen.getByRole('navigation', {
        name: 'Páginas de citas sin registrar asistencia',
      });
      expect(pages).toHaveTextContent('Página 1 de 2 · 21 citas sin registrar asistencia');
      await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
      expect(
        await screen.findByRole('button', { name: /Sesión 21, Sin registrar asistencia$/ }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('listitem')).toHaveLength(1);
      const asked = calls
        .filter((call) => call.path === '/api/appointments/unrecorded')
        .map((call) => new URLSearchParams(call.search).get('page'));
      expect(asked).toContain('2');
      // Nothing of a week was asked for.
      expect(agendaCalls(calls)).toEqual([]);
    });

    it("records one's attendance from its details, and asks for the list again", async () => {
      const calls = await renderAgenda(
        (call) =>
          call.path === `/api/appointments/${waiting[0]!._id}/status`
            ? json({ ok: true, msg: 'Estado de la cita actualizado', appointment: waiting[0] })
            : unrecordedAnswer(call),
        `${BASE}/agenda?vista=sin-registrar`,
      );
      await userEvent.click(await screen.findByRole('button', { name: /Sesión 1, Sin registrar/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Detalles de la cita' });
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        'Esta cita ya terminó y sigue como Programada',
      );
      const before = calls.filter((call) => call.path === '/api/appointments/unrecorded').length;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Asistió' }));
      expect(await alertDialog()).toHaveTextContent('Estado de la cita actualizado');
      expect(calls.find((call) => call.path.endsWith('/status'))?.body).toEqual({
        status: 'ATTENDED',
        version: 2,
      });
      await waitFor(() =>
        expect(
          calls.filter((call) => call.path === '/api/appointments/unrecorded').length,
        ).toBeGreaterThan(before),
      );
    });

    it('says so when there are none', async () => {
      await renderAgenda(() => undefined, `${BASE}/agenda?vista=sin-registrar`);
      expect(
        await screen.findByText('No tienes citas pasadas sin registrar asistencia.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sin registrar' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    });
  });
});
