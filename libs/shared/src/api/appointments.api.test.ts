import { waitFor } from '@testing-library/react';
import type { SessionUser } from '@psicocampus/shared/domain';
import { sessionStarted } from '../session/session-slice';
import { createAppStore } from '../store/create-store';
import { stubApi } from '../testing';
import { appointmentsApi } from './appointments.api';

const user: SessionUser = {
  id: 'u-1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};
const STUDENT = 's-1';
const APPOINTMENT = 'a-1';
const FROM = '2026-11-30T05:00:00.000Z';
const TO = '2026-12-07T05:00:00.000Z';
/** The first page of the student's upcoming appointments, as their detail asks for it. */
const STUDENT_PAGE = { studentId: STUDENT, after: FROM, page: 1, pageSize: 10 };
const STUDENT_SEARCH = `?${new URLSearchParams({ studentId: STUDENT, after: FROM, page: '1', pageSize: '10' })}`;

/** A signed-in store holding a page of a student's appointments and a week of the agenda, as their screens do. */
async function storeWithAppointmentsOnScreen() {
  const calls = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/appointments') {
      return Response.json({ ok: true, appointments: [], total: 0, page: 1, pageSize: 10 });
    }
    if (method === 'POST' && path === '/api/appointments') {
      return Response.json({ ok: true, msg: 'ok', appointment: { _id: 'a-2' } }, { status: 201 });
    }
    if (path.startsWith(`/api/appointments/${APPOINTMENT}`)) {
      return Response.json({ ok: true, msg: 'ok', appointment: { _id: APPOINTMENT } });
    }
    return undefined;
  });
  const store = createAppStore({});
  store.dispatch(sessionStarted({ token: 't-1', user }));
  const held = [
    store.dispatch(appointmentsApi.endpoints.appointmentPage.initiate(STUDENT_PAGE)),
    store.dispatch(appointmentsApi.endpoints.agenda.initiate({ from: FROM, to: TO })),
  ];
  await Promise.all(held);
  const reads = () =>
    calls
      .filter((call) => call.method === 'GET')
      .map((call) => call.search)
      .sort();
  return { store, calls, reads, release: () => held.forEach((query) => query.unsubscribe()) };
}

describe('the agenda', () => {
  it('asks the server for the period it shows', async () => {
    const { reads, release } = await storeWithAppointmentsOnScreen();
    expect(reads()).toEqual([
      `?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`,
      STUDENT_SEARCH,
    ]);
    release();
  });
});

describe('changing an appointment', () => {
  it("moving one refreshes the student's appointments and the agenda, where it may now show elsewhere", async () => {
    const { store, calls, reads, release } = await storeWithAppointmentsOnScreen();
    const body = {
      date: '2026-12-01T15:00:00.000Z',
      durationMinutes: 50,
      reason: 'Seguimiento',
      notes: '',
      version: 1,
    };
    await store
      .dispatch(appointmentsApi.endpoints.updateAppointment.initiate({ id: APPOINTMENT, body }))
      .unwrap();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/appointments/${APPOINTMENT}`,
      body,
    });
    await waitFor(() => expect(reads()).toHaveLength(4));
    release();
  });

  it('closing one refreshes them too, so its new status shows everywhere', async () => {
    const { store, calls, reads, release } = await storeWithAppointmentsOnScreen();
    const body = {
      status: 'CANCELLED' as const,
      cancelledBy: 'STUDENT' as const,
      reason: 'Viaje',
      version: 1,
    };
    await store
      .dispatch(
        appointmentsApi.endpoints.changeAppointmentStatus.initiate({ id: APPOINTMENT, body }),
      )
      .unwrap();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/appointments/${APPOINTMENT}/status`,
      body,
    });
    await waitFor(() =>
      expect(reads()).toEqual([
        `?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`,
        `?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`,
        STUDENT_SEARCH,
        STUDENT_SEARCH,
      ]),
    );
    release();
  });

  it('booking one refreshes the agenda as well as the lists', async () => {
    const { store, reads, release } = await storeWithAppointmentsOnScreen();
    await store
      .dispatch(
        appointmentsApi.endpoints.createAppointment.initiate({
          studentId: STUDENT,
          date: '2026-12-02T15:00:00.000Z',
          reason: 'Primera cita',
          notes: '',
        }),
      )
      .unwrap();
    await waitFor(() => expect(reads()).toHaveLength(4));
    release();
  });
});
