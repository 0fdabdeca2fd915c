import { waitFor } from '@testing-library/react';
import type { SessionUser } from '@psicocampus/shared/domain';
import { sessionStarted } from '../session/session-slice';
import { createAppStore } from '../store/create-store';
import { stubApi } from '../testing';
import { appointmentsApi } from './appointments.api';
import { assessmentsApi } from './assessments.api';
import { clinicalNotesApi } from './clinical-notes.api';
import { followUpApi } from './follow-up.api';
import { safetyPlanApi } from './safety-plan.api';

const user: SessionUser = {
  id: 'u-1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};
const STUDENT = 's-1';

/** A signed-in store showing "Seguimiento prioritario" and a student's history, as the screens do. */
async function storeShowingFollowUp() {
  const calls = stubApi(({ method, path }) => {
    if (path === '/api/follow-up') {
      return Response.json({ ok: true, days: 7, reassessDays: 30, entries: [] });
    }
    if (path === `/api/students/${STUDENT}/history`) {
      return Response.json({ ok: true, events: [], total: 0, page: 1, pageSize: 20 });
    }
    if (method === 'POST' && path === '/api/appointments') {
      return Response.json({ ok: true, msg: 'ok', appointment: { _id: 'a-1' } }, { status: 201 });
    }
    if (method === 'POST' && path === '/api/suicide-assessments') {
      return Response.json(
        { ok: true, msg: 'ok', protocol: null, assessment: { _id: 'e-1', studentId: STUDENT } },
        { status: 201 },
      );
    }
    if (method === 'PUT' && path === `/api/students/${STUDENT}/safety-plan`) {
      return Response.json({ ok: true, msg: 'ok', safetyPlan: null, revisions: [] });
    }
    if (method === 'POST' && path.endsWith('/sign')) {
      return Response.json({ ok: true, msg: 'ok', note: { _id: 'n-1' } });
    }
    if (method === 'GET') return Response.json({ ok: true });
    return undefined;
  });
  const store = createAppStore({});
  store.dispatch(sessionStarted({ token: 't-1', user }));
  const held = [
    store.dispatch(followUpApi.endpoints.followUp.initiate()),
    store.dispatch(followUpApi.endpoints.studentHistory.initiate({ studentId: STUDENT })),
  ];
  await Promise.all(held);
  const readsOf = (path: string) =>
    calls.filter((call) => call.method === 'GET' && call.path === path).length;
  return { store, readsOf, release: () => held.forEach((query) => query.unsubscribe()) };
}

describe('"Seguimiento prioritario" stays current', () => {
  it('is read again once an appointment is scheduled', async () => {
    const { store, readsOf, release } = await storeShowingFollowUp();
    expect(readsOf('/api/follow-up')).toBe(1);
    await store
      .dispatch(
        appointmentsApi.endpoints.createAppointment.initiate({
          studentId: STUDENT,
          date: '2026-12-01T15:00:00.000Z',
          durationMinutes: 50,
          reason: 'Seguimiento',
          notes: '',
        }),
      )
      .unwrap();
    await waitFor(() => expect(readsOf('/api/follow-up')).toBe(2));
    release();
  });

  it('is read again once an assessment is saved', async () => {
    const { store, readsOf, release } = await storeShowingFollowUp();
    await store
      .dispatch(assessmentsApi.endpoints.createAssessment.initiate({ student: STUDENT } as never))
      .unwrap();
    await waitFor(() => expect(readsOf('/api/follow-up')).toBe(2));
    release();
  });

  it("a safety plan's save reads the list and the student's history again", async () => {
    const { store, readsOf, release } = await storeShowingFollowUp();
    await store
      .dispatch(
        safetyPlanApi.endpoints.saveSafetyPlan.initiate({
          studentId: STUDENT,
          body: { status: 'complete', version: 1 } as never,
        }),
      )
      .unwrap();
    await waitFor(() => expect(readsOf('/api/follow-up')).toBe(2));
    await waitFor(() => expect(readsOf(`/api/students/${STUDENT}/history`)).toBe(2));
    release();
  });

  it("a signature reads the student's history again, not the list", async () => {
    const { store, readsOf, release } = await storeShowingFollowUp();
    await store
      .dispatch(clinicalNotesApi.endpoints.signNote.initiate({ studentId: STUDENT, noteId: 'n-1' }))
      .unwrap();
    await waitFor(() => expect(readsOf(`/api/students/${STUDENT}/history`)).toBe(2));
    expect(readsOf('/api/follow-up')).toBe(1);
    release();
  });
});
