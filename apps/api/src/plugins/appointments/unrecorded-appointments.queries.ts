import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appointments, students } from '../../db/schema';
import { inCaseloadOf } from '../students/caseload';
import { selectAppointments, type AppointmentRecord } from './appointment.queries';

/**
 * The psychologist's appointments that ended by `now` while still
 * SCHEDULED: the server's side of the shared rule `isUnrecorded`
 * (docs/screens-and-routes.md#agenda). Through the caseload's students and
 * appointments_student_date_idx, as the agenda reads them.
 */
function unrecordedOf(psychologistId: string, now: Date): SQL {
  return and(
    inCaseloadOf(psychologistId),
    eq(appointments.status, 'SCHEDULED'),
    // Started before now at the latest; ended by now.
    sql`${appointments.date} <= ${now}`,
    sql`${appointments.date} + make_interval(mins => ${appointments.durationMinutes}) <= ${now}`,
  )!;
}

/** One page of them, the longest waiting first. */
export function listUnrecorded(
  db: Database,
  psychologistId: string,
  now: Date,
  page: { limit: number; offset: number },
): Promise<AppointmentRecord[]> {
  return selectAppointments(db)
    .where(unrecordedOf(psychologistId, now))
    .orderBy(asc(appointments.date), asc(appointments.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many there are in all. */
export async function countUnrecorded(
  db: Database,
  psychologistId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(appointments)
    .innerJoin(students, eq(students.id, appointments.studentId))
    .where(unrecordedOf(psychologistId, now));
  return row?.total ?? 0;
}
