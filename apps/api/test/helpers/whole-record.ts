import { SAFETY_PLAN_SECTION_KEYS } from '@psicocampus/shared/safety-plan';
import { calmAnswers, saveAssessment, severeAnswers } from './assessments';
import { addNote, inDays } from './patients';
import type { TestServer } from './test-server';

/**
 * A student's record with one of every kind of entry, each text carrying
 * `tag`, so that a test of the record's export (docs/api.md#record-export)
 * finds each one, and none of another student's: two notes (one signed,
 * with an addendum), two assessments (one with a final remark and a
 * clinician's level), two revisions of the safety plan, two appointments
 * (one cancelled). Returns every text written, in the order written.
 */
export async function seedWholeRecord(
  server: TestServer,
  token: string,
  studentId: string,
  tag: string,
): Promise<string[]> {
  const texts: string[] = [];
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, status = 200) => {
    const response = await server.call({ method, url, token, payload });
    if (response.statusCode !== status) {
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    }
    return response.json();
  };
  const written = (text: string) => (texts.push(text), text);

  const signed = await addNote(server, token, studentId, written(`${tag}: primera nota clínica`));
  await call('POST', `/api/students/${studentId}/clinical-notes/${signed._id}/sign`, {});
  await call(
    'POST',
    `/api/students/${studentId}/clinical-notes/${signed._id}/addenda`,
    { text: written(`${tag}: adenda a la primera nota`) },
    201,
  );
  await addNote(server, token, studentId, written(`${tag}: segunda nota, borrador`));

  const severe = await saveAssessment(server, token, studentId, {
    ...severeAnswers(),
    observations: written(`${tag}: observaciones de la primera evaluación`),
  });
  await call('PUT', `/api/suicide-assessments/${severe._id}/final-remarks`, {
    finalRemarks: written(`${tag}: observación final de la evaluación`),
  });
  await call('PUT', `/api/suicide-assessments/${severe._id}/clinician-level`, {
    level: 'MUY_ALTO',
    reason: written(`${tag}: razón del nivel clínico, con acceso a medios`),
  });
  await saveAssessment(server, token, studentId, {
    ...calmAnswers(),
    observations: written(`${tag}: observaciones de la segunda evaluación`),
  });

  for (const [version, status] of [
    [0, 'draft'],
    [1, 'complete'],
  ] as const) {
    const sections = Object.fromEntries(
      SAFETY_PLAN_SECTION_KEYS.map((key) => [key, `${tag}: ${key} v${version + 1}`]),
    );
    texts.push(...Object.values(sections));
    await call('PUT', `/api/students/${studentId}/safety-plan`, { ...sections, status, version });
  }

  await call(
    'POST',
    '/api/appointments',
    {
      studentId,
      date: inDays(3),
      reason: written(`${tag}: motivo de la cita`),
      notes: written(`${tag}: notas de la cita`),
      confirmOverlap: true,
    },
    201,
  );
  const cancelled = await call(
    'POST',
    '/api/appointments',
    {
      studentId,
      date: inDays(5),
      reason: `${tag}: cita cancelada`,
      notes: '',
      confirmOverlap: true,
    },
    201,
  );
  texts.push(`${tag}: cita cancelada`);
  await call('POST', `/api/appointments/${cancelled.appointment._id}/status`, {
    status: 'CANCELLED',
    cancelledBy: 'STUDENT',
    reason: written(`${tag}: motivo de la cancelación`),
    version: cancelled.appointment.version,
  });
  return texts;
}
