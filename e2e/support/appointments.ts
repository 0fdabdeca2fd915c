import { eq } from 'drizzle-orm';
import { appointments, students, users } from '../../apps/api/src/db/schema';
import type { RunningProduct } from './product';

/**
 * A year of closed appointments (attended, no-show, cancelled in turn) for
 * three students of the psychologist with this e-mail, written straight to
 * the database: the API closes only what has passed, and these reach months
 * back. The statistics' 'Citas por mes' (issue 18) then has bars to draw.
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
