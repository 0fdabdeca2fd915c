import { waitFor } from '@testing-library/react';
import type { SessionUser } from '@psicocampus/shared/domain';
import { emptyAssessmentAnswers } from '@psicocampus/shared/columbia';
import { sessionStarted } from '../session/session-slice';
import { createAppStore } from '../store/create-store';
import { stubApi } from '../testing';
import { assessmentsApi } from './assessments.api';
import { studentsApi } from './students.api';

const user: SessionUser = {
  id: 'u-1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};
const STUDENT = 's-1';

describe('saving an assessment', () => {
  it("refreshes the patients list and the student's detail, which show the student's current level", async () => {
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/students') {
        return Response.json({ ok: true, students: [], total: 0 });
      }
      if (method === 'GET' && path === `/api/students/${STUDENT}`) {
        return Response.json({ ok: true, student: { _id: STUDENT, clinicalNotes: [] } });
      }
      if (method === 'POST' && path === '/api/suicide-assessments') {
        return Response.json(
          { ok: true, msg: 'ok', protocol: null, assessment: { _id: 'a-1', studentId: STUDENT } },
          { status: 201 },
        );
      }
      return undefined;
    });
    const store = createAppStore({});
    store.dispatch(sessionStarted({ token: 't-1', user }));
    const list = store.dispatch(studentsApi.endpoints.students.initiate());
    const detail = store.dispatch(studentsApi.endpoints.student.initiate(STUDENT));
    await Promise.all([list, detail]);
    const reads = () =>
      calls
        .filter((call) => call.method === 'GET')
        .map((call) => call.path)
        .sort();
    expect(reads()).toEqual(['/api/students', `/api/students/${STUDENT}`]);

    await store
      .dispatch(
        assessmentsApi.endpoints.createAssessment.initiate({
          ...emptyAssessmentAnswers(),
          student: STUDENT,
        }),
      )
      .unwrap();
    // The list and the detail were both read again: each shows the new level.
    await waitFor(() =>
      expect(reads()).toEqual([
        '/api/students',
        '/api/students',
        `/api/students/${STUDENT}`,
        `/api/students/${STUDENT}`,
      ]),
    );
    list.unsubscribe();
    detail.unsubscribe();
  });
});
