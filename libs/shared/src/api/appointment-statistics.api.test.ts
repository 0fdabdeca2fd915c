import { waitFor } from '@testing-library/react';
import type { SessionUser } from '@psicocampus/shared/domain';
import { sessionStarted } from '../session/session-slice';
import { createAppStore } from '../store/create-store';
import { stubApi } from '../testing';
import { adminApi } from './admin.api';
import { appointmentsApi } from './appointments.api';

const user: SessionUser = {
  id: 'u-1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};
const APPOINTMENT = 'a-1';

/** A signed-in store showing the statistics screen: the counts and the appointments per month. */
async function storeOnStatisticsScreen() {
  const calls = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/statistics/appointments') {
      return Response.json({ ok: true, scope: 'CASELOAD', months: [] });
    }
    if (method === 'GET' && path === '/api/statistics') {
      return Response.json({ ok: true, statistics: {} });
    }
    if (path.startsWith('/api/appointments')) {
      return Response.json({ ok: true, msg: 'ok', appointment: { _id: APPOINTMENT } });
    }
    return undefined;
  });
  const store = createAppStore({});
  store.dispatch(sessionStarted({ token: 't-1', user }));
  const held = [
    store.dispatch(adminApi.endpoints.statistics.initiate()),
    store.dispatch(adminApi.endpoints.appointmentStatistics.initiate()),
  ];
  await Promise.all(held);
  const reads = (path: string) =>
    calls.filter((call) => call.method === 'GET' && call.path === path).length;
  return { store, calls, reads, release: () => held.forEach((query) => query.unsubscribe()) };
}

describe('the appointments per month', () => {
  it('asks for the last months of the caller', async () => {
    const { calls, release } = await storeOnStatisticsScreen();
    expect(calls.map((call) => `${call.method} ${call.path}${call.search}`).sort()).toEqual([
      'GET /api/statistics',
      'GET /api/statistics/appointments',
    ]);
    release();
  });

  type Store = ReturnType<typeof createAppStore>;
  it.each<[string, (store: Store) => Promise<unknown>]>([
    [
      'marking one attended',
      (store) =>
        store
          .dispatch(
            appointmentsApi.endpoints.changeAppointmentStatus.initiate({
              id: APPOINTMENT,
              body: { status: 'ATTENDED', version: 1 },
            }),
          )
          .unwrap(),
    ],
    [
      'moving one',
      (store) =>
        store
          .dispatch(
            appointmentsApi.endpoints.updateAppointment.initiate({
              id: APPOINTMENT,
              body: {
                date: '2026-12-01T15:00:00.000Z',
                durationMinutes: 50,
                reason: 'Seguimiento',
                notes: '',
                version: 1,
              },
            }),
          )
          .unwrap(),
    ],
    [
      'booking one',
      (store) =>
        store
          .dispatch(
            appointmentsApi.endpoints.createAppointment.initiate({
              studentId: 's-1',
              date: '2026-12-02T15:00:00.000Z',
              reason: 'Primera cita',
              notes: '',
            }),
          )
          .unwrap(),
    ],
  ])('are asked again after %s, the other counts kept', async (_name, change) => {
    const { store, reads, release } = await storeOnStatisticsScreen();
    await change(store);
    await waitFor(() => expect(reads('/api/statistics/appointments')).toBe(2));
    expect(reads('/api/statistics')).toBe(1);
    release();
  });
});
