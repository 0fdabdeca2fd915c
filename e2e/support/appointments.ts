import { eq } from 'drizzle-orm';
import { appointments, students, users } from '../../apps/api/src/db/schema';
import type { RunningProduct } from './product';

/**
 * A year of closed appointments (attended, no-show, cancelled in turn) for
 * three students of the psychologist with this e-mail, written straight to
 * the database: the API closes only what has passed, and these reach months
 * back. The statistics' 'Citas por mes' (docs/screens-and-routes.md#statistics) then has bars to draw.
 */
export async function closedAppointmentsOverAYear(
  product: RunningProduct,
  psychologistEmail: string,
): Promise<void> {
  const { db } = product.server.database;
  const theirs = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.assignedPsychologistId))
    .where(eq(users.email, psychologistEmail))
    .limit(3);
  const now = new Date();
  const rows = theirs.flatMap(({ id }, index) =>
    Array.from({ length: 12 }, (_, back) => {
      const date = new Date(now.getFullYear(), now.getMonth() - back, 10 + index, 10);
      const status = (['ATTENDED', 'NO_SHOW', 'CANCELLED'] as const)[(back + index) % 3]!;
      return {
        studentId: id,
        date,
        status,
        statusChangedAt: date,
        cancelledBy: status === 'CANCELLED' ? 'STUDENT' : null,
        cancelReason: status === 'CANCELLED' ? 'Viaje' : null,
        reason: 'Seguimiento',
      };
    }),
  );
  await db.insert(appointments).values(rows);
}

/**
 * The instant of `hour`:`minute` on a day of the week after this one (1
 * Monday … 7 Sunday), on the clock of `zone` (the service's,
 * SERVICE_TIME_ZONE): what the agenda shows after one 'Semana siguiente'.
 */
export function nextWeekAt(weekday: number, hour: number, minute: number, zone: string): Date {
  const read = (instant: number) =>
    Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        weekday: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
  const today = read(Date.now());
  const isoWeekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(today.weekday!) + 1;
  const days = 7 - isoWeekday + weekday;
  // That day's wall clock as if it were UTC, set right by the zone's offset then.
  const wall = Date.UTC(
    Number(today.year),
    Number(today.month) - 1,
    Number(today.day) + days,
    hour,
    minute,
  );
  const seen = read(wall);
  const seenAsUtc = Date.UTC(
    Number(seen.year),
    Number(seen.month) - 1,
    Number(seen.day),
    Number(seen.hour),
    Number(seen.minute),
  );
  return new Date(wall - (seenAsUtc - wall));
}

/** Books an appointment through the API as the signed-in psychologist (overlaps accepted). */
export async function bookThroughApi(
  product: RunningProduct,
  token: string,
  body: { studentId: string; date: Date; durationMinutes?: number; reason: string },
): Promise<void> {
  const response = await fetch(`${product.url}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-token': token },
    body: JSON.stringify({
      ...body,
      date: body.date.toISOString(),
      notes: '',
      confirmOverlap: true,
    }),
  });
  if (response.status !== 201) {
    throw new Error(`booking answered ${response.status}: ${await response.text()}`);
  }
}
