import type { RouteShorthandOptions } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { HttpError } from '../../lib/http-error';
import { requireRole } from '../auth/authenticate';
import { findOwnStudent, type StudentRecord } from './student.queries';

/**
 * Students, notes, appointments and imports are clinical records: only a
 * psychologist reaches them; an admin gets 403 (least privilege, docs/permissions.md#administrators).
 */
export const psychologistOnly = {
  preHandler: requireRole('PSYCHOLOGIST'),
} satisfies RouteShorthandOptions;

export function studentNotFound(): HttpError {
  return new HttpError(404, MSG.students.notFound);
}

/**
 * The caller's student with this id. Anyone else's student, a deleted one
 * and a malformed id all answer the same 404, so that the answer never tells
 * whether a student exists (docs/permissions.md#psychologists).
 */
export async function ownStudentOr404(
  db: Database,
  psychologistId: string,
  id: unknown,
): Promise<StudentRecord> {
  if (!isUuid(id)) throw studentNotFound();
  const record = await findOwnStudent(db, psychologistId, id);
  if (!record) throw studentNotFound();
  return record;
}
