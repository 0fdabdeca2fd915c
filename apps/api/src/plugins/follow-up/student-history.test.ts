import { AUDIT_ACTION_LABELS } from '@psicocampus/shared/audit-labels';
import { MSG } from '@psicocampus/shared/domain';
import { HISTORY_PAGE_SIZE, type HistoryEvent } from '@psicocampus/shared/follow-up';
import { appendAudit } from '../audit/audit';
import { saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import { addNote, auditRowsOf, createStudent, userIdOf } from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';

/** A student's record of changes (docs/api.md#follow-up). */
let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

const history = (token: string | null, studentId: string) =>
  server.call({ method: 'GET', url: `/api/students/${studentId}/history`, token });

/** A safety-plan save's audit row, as the safety plan's route writes it (its slice is another's). */
async function planSaved(
  studentId: string,
  userId: string,
  outcome: 'success' | 'denied' = 'success',
) {
  await appendAudit(server.server.database.db, {
    userId,
    role: 'PSYCHOLOGIST',
    action: 'safety_plan.save',
    recordType: 'student',
    recordId: studentId,
    clientAddress: null,
    outcome,
    requestId: null,
    detail: null,
  });
}

const NOTE_TEXT = 'Refiere ideas de muerte desde el examen final.';
const ADDENDUM_TEXT = 'Corrección: desde el examen parcial.';
const REASON = 'La familia confirma un intento previo no declarado.';

async function studentWithEvents() {
  const luciaId = await userIdOf(server, 'psychologist');
  const student = await createStudent(server, lucia);
  const assessment = await saveAssessment(server, lucia, student._id, severeAnswers());
  const level = await server.call({
    method: 'PUT',
    url: `/api/suicide-assessments/${assessment._id}/clinician-level`,
    token: lucia,
    payload: { level: 'MUY_ALTO', reason: REASON },
  });
  expect(level.statusCode).toBe(200);
  await planSaved(student._id, luciaId);
  const note = await addNote(server, lucia, student._id, NOTE_TEXT);
  const noteUrl = `/api/students/${student._id}/clinical-notes/${note._id}`;
  expect(
    (await server.call({ method: 'POST', url: `${noteUrl}/sign`, token: lucia })).statusCode,
  ).toBe(200);
  const addendum = await server.call({
    method: 'POST',
    url: `${noteUrl}/addenda`,
    token: lucia,
    payload: { text: ADDENDUM_TEXT },
  });
  expect(addendum.statusCode).toBe(201);
  return { student, note, assessment };
}

describe('GET /api/students/:id/history', () => {
  it('lists the clinician’s level, the plan’s revisions, the signature and the addendum, newest first, with who', async () => {
    const { student } = await studentWithEvents();
    const response = await history(lucia, student._id);
    expect(response.statusCode).toBe(200);
    const by = { firstName: 'Lucía', lastName: expect.any(String) };
    expect(response.json()).toEqual({
      ok: true,
      total: 4,
      page: 1,
      pageSize: HISTORY_PAGE_SIZE,
      events: [
        {
          action: 'note.addendum',
          label: AUDIT_ACTION_LABELS['note.addendum'],
          at: expect.any(String),
          by,
        },
        {
          action: 'note.sign',
          label: AUDIT_ACTION_LABELS['note.sign'],
          at: expect.any(String),
          by,
        },
        {
          action: 'safety_plan.save',
          label: AUDIT_ACTION_LABELS['safety_plan.save'],
          at: expect.any(String),
          by,
        },
        {
          action: 'assessment.clinician_level',
          label: AUDIT_ACTION_LABELS['assessment.clinician_level'],
          at: expect.any(String),
          by,
        },
      ],
    });
    const times = response.json().events.map((e: HistoryEvent) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // What was done, never what was written.
    for (const clinical of [NOTE_TEXT, ADDENDUM_TEXT, REASON]) {
      expect(response.body).not.toContain(clinical);
    }
  });

  it('leaves out refused calls, other actions and other students’ events', async () => {
    const { student, note } = await studentWithEvents();
    const other = await studentWithEvents();
    // Refused: a colleague's signature of a note not in their caseload (404, recorded as denied).
    const refused = await server.call({
      method: 'POST',
      url: `/api/students/${student._id}/clinical-notes/${note._id}/sign`,
      token: martin,
    });
    expect(refused.statusCode).toBe(404);
    await planSaved(student._id, await userIdOf(server, 'psychologist2'), 'denied');
    const events: HistoryEvent[] = (await history(lucia, student._id)).json().events;
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.action)).not.toContain('note.create');
    expect(events.every((e) => e.by?.firstName === 'Lucía')).toBe(true);
    expect((await history(lucia, other.student._id)).json().events).toHaveLength(4);
  });

  it('keeps the events of a former psychologist once the student is reassigned', async () => {
    const { student } = await studentWithEvents();
    const assigned = await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}/assignment`,
      token: admin,
      payload: { psychologistId: await userIdOf(server, 'psychologist2') },
    });
    expect(assigned.statusCode).toBe(200);
    expect((await history(martin, student._id)).json().events).toHaveLength(4);
    expect((await history(lucia, student._id)).statusCode).toBe(404);
  });

  it(`answers the newest ${HISTORY_PAGE_SIZE} with the total (the pages: student-history-pages.test.ts)`, async () => {
    const student = await createStudent(server, lucia);
    const luciaId = await userIdOf(server, 'psychologist');
    for (let i = 0; i < HISTORY_PAGE_SIZE + 5; i += 1) await planSaved(student._id, luciaId);
    const answer = (await history(lucia, student._id)).json();
    expect(answer.events).toHaveLength(HISTORY_PAGE_SIZE);
    expect(answer.total).toBe(HISTORY_PAGE_SIZE + 5);
  });

  it('is the student’s record’s permission: another caseload 404, an administrator 403, nobody 401', async () => {
    const { student } = await studentWithEvents();
    const foreign = await history(martin, student._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ ok: false, msg: MSG.students.notFound });
    expect((await history(admin, student._id)).statusCode).toBe(403);
    expect((await history(null, student._id)).statusCode).toBe(401);
    expect((await history(lucia, 'no-es-un-id')).statusCode).toBe(404);
  });

  it('records every call, naming the student', async () => {
    const student = await createStudent(server, lucia);
    await history(lucia, student._id);
    await history(martin, student._id);
    const rows = (await auditRowsOf(server, 'student.history')).filter(
      (r) => r.recordId === student._id,
    );
    expect(rows.map((r) => [r.role, r.outcome, r.recordType])).toEqual([
      ['PSYCHOLOGIST', 'success', 'student'],
      ['PSYCHOLOGIST', 'denied', 'student'],
    ]);
  });
});
