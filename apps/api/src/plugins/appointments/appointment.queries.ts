import { and, asc, count, desc, eq, gt, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  APPOINTMENT_MAX_MINUTES,
  type APPOINTMENT_CLOSING_STATUSES,
  type AppointmentCanceller,
} from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { appointments, students, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { inCaseloadOf } from '../students/caseload';
import { latestFirst, type PeriodPage } from './appointment-pages';

export type AppointmentRow = typeof appointments.$inferSelect;

/** An appointment with its student's name and who scheduled it. */
export interface AppointmentRecord {
  appointment: AppointmentRow;
  student: { id: string; firstName: string; lastName: string };
  psychologist: StaffRow | null;
}

/** Appointments with their student and who booked them: what every list here reads. */
export function selectAppointments(db: Database) {
  return db
    .select({
      appointment: appointments,
      student: { id: students.id, firstName: students.firstName, lastName: students.lastName },
      psychologist: staffRefColumns,
    })
    .from(appointments)
    .innerJoin(students, eq(students.id, appointments.studentId))
    .leftJoin(users, eq(users.id, appointments.psychologistId));
}

/** One student's appointments, earliest first, all of them (the PDF report, the call without a page). */
export async function listStudentAppointments(
  db: Database,
  studentId: string,
): Promise<AppointmentRecord[]> {
  return selectAppointments(db)
    .where(eq(appointments.studentId, studentId))
    .orderBy(asc(appointments.date), asc(appointments.id));
}

/** The appointments of a page's period (see PeriodPage), within `scope`. */
function inPeriod(scope: SQL | undefined, period: Pick<PeriodPage, 'after' | 'before'>) {
  return and(
    scope,
    period.after ? gte(appointments.date, period.after) : undefined,
    period.before ? lt(appointments.date, period.before) : undefined,
  );
}

/** One page of the appointments `where` selects, in the page's order (ties by id). */
function pageOfAppointments(
  db: Database,
  where: SQL | undefined,
  page: PeriodPage,
): Promise<AppointmentRecord[]> {
  return selectAppointments(db)
    .where(where)
    .orderBy(
      ...(latestFirst(page)
        ? [desc(appointments.date), desc(appointments.id)]
        : [asc(appointments.date), asc(appointments.id)]),
    )
    .limit(page.pageSize)
    .offset(page.offset);
}

/** How many appointments `where` selects: the total of every page. */
async function countAppointments(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(appointments)
    .innerJoin(students, eq(students.id, appointments.studentId))
    .where(where);
  return row?.total ?? 0;
}

/**
 * One page of the appointments of the psychologist's current students,
 * whoever scheduled them (a student reassigned to them brings theirs):
 * soonest first, or the latest first when only `before` bounds them. The
 * caseload through students_assigned_psychologist_idx, then each
 * student's appointments through appointments_student_date_idx.
 */
export function listCaseloadAppointments(
  db: Database,
  psychologistId: string,
  page: PeriodPage,
): Promise<AppointmentRecord[]> {
  return pageOfAppointments(db, inPeriod(inCaseloadOf(psychologistId), page), page);
}

/** How many appointments of the caseload the page's period holds, on every page. */
export function countCaseloadAppointments(
  db: Database,
  psychologistId: string,
  period: Pick<PeriodPage, 'after' | 'before'>,
): Promise<number> {
  return countAppointments(db, inPeriod(inCaseloadOf(psychologistId), period));
}

/**
 * One page of one student's appointments ('Próximas citas' and 'Citas
 * pasadas' of their detail), in the page's order, through
 * appointments_student_date_idx.
 */
export function listStudentAppointmentPage(
  db: Database,
  studentId: string,
  page: PeriodPage,
): Promise<AppointmentRecord[]> {
  return pageOfAppointments(db, inPeriod(eq(appointments.studentId, studentId), page), page);
}

/** How many of the student's appointments the page's period holds, on every page. */
export function countStudentAppointments(
  db: Database,
  studentId: string,
  period: Pick<PeriodPage, 'after' | 'before'>,
): Promise<number> {
  return countAppointments(db, inPeriod(eq(appointments.studentId, studentId), period));
}

export async function insertAppointment(
  db: Database,
  values: {
    studentId: string;
    psychologistId: string;
    date: Date;
    durationMinutes: number;
    reason: string;
    notes: string;
    now: Date;
  },
): Promise<AppointmentRow> {
  const [row] = await db
    .insert(appointments)
    .values({
      studentId: values.studentId,
      psychologistId: values.psychologistId,
      date: values.date,
      durationMinutes: values.durationMinutes,
      reason: values.reason,
      notes: values.notes,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

/** One appointment of the psychologist's current students, or null (anyone else's, or none). */
export async function findCaseloadAppointment(
  db: Database,
  psychologistId: string,
  appointmentId: string,
): Promise<AppointmentRecord | null> {
  const [record] = await selectAppointments(db).where(
    and(eq(appointments.id, appointmentId), inCaseloadOf(psychologistId)),
  );
  return record ?? null;
}

/**
 * The agenda: every appointment of the psychologist's current students
 * that starts in [from, to), whatever its status, by start. One query: the
 * caseload through students_assigned_psychologist_idx, then each student's
 * period through appointments_student_date_idx.
 */
export function agendaQuery(db: Database, psychologistId: string, from: Date, to: Date) {
  return selectAppointments(db)
    .where(
      and(inCaseloadOf(psychologistId), gte(appointments.date, from), lt(appointments.date, to)),
    )
    .orderBy(asc(appointments.date), asc(appointments.id));
}

/** How many overlapping appointments an answer lists: enough to decide, never a whole agenda. */
const OVERLAPS_LISTED = 10;

/**
 * The psychologist's scheduled appointments (of any student of theirs) that
 * share a minute with [start, start + minutes), but `except` (the one being
 * moved). No appointment is longer than APPOINTMENT_MAX_MINUTES, so only
 * those starting that long before `start` can reach it: the date index
 * bounds the search on both sides.
 */
export async function findOverlaps(
  db: Database,
  psychologistId: string,
  slot: { start: Date; minutes: number; except?: string },
): Promise<AppointmentRecord[]> {
  const end = new Date(slot.start.getTime() + slot.minutes * 60_000);
  const earliest = new Date(slot.start.getTime() - APPOINTMENT_MAX_MINUTES * 60_000);
  return selectAppointments(db)
    .where(
      and(
        inCaseloadOf(psychologistId),
        eq(appointments.status, 'SCHEDULED'),
        slot.except === undefined ? undefined : ne(appointments.id, slot.except),
        lt(appointments.date, end),
        gt(appointments.date, earliest),
        sql`${appointments.date} + make_interval(mins => ${appointments.durationMinutes}) > ${slot.start}`,
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.id))
    .limit(OVERLAPS_LISTED);
}

/**
 * Holds, until the request's transaction ends, the right to book in this
 * psychologist's agenda: two bookings of the same slot at once (two tabs,
 * a double click) cannot both find it free.
 */
export async function lockAgendaOf(db: Database, psychologistId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`agenda:${psychologistId}`}, 0))`,
  );
}

/** Saves a move or an edit over the version that was read; null when someone changed it since. */
export async function updateAppointmentAtVersion(
  db: Database,
  id: string,
  version: number,
  values: { date: Date; durationMinutes: number; reason: string; notes: string; now: Date },
): Promise<AppointmentRow | null> {
  const [row] = await db
    .update(appointments)
    .set({
      date: values.date,
      durationMinutes: values.durationMinutes,
      reason: values.reason,
      notes: values.notes,
      version: sql`${appointments.version} + 1`,
      updatedAt: values.now,
    })
    .where(and(eq(appointments.id, id), eq(appointments.version, version)))
    .returning();
  return row ?? null;
}

/** Closes a scheduled appointment over the version that was read; null when it changed since. */
export async function closeAppointmentAtVersion(
  db: Database,
  id: string,
  version: number,
  values: {
    status: (typeof APPOINTMENT_CLOSING_STATUSES)[number];
    cancelledBy: AppointmentCanceller | null;
    cancelReason: string | null;
    now: Date;
  },
): Promise<AppointmentRow | null> {
  const [row] = await db
    .update(appointments)
    .set({
      status: values.status,
      cancelledBy: values.cancelledBy,
      cancelReason: values.cancelReason,
      statusChangedAt: values.now,
      version: sql`${appointments.version} + 1`,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.version, version),
        eq(appointments.status, 'SCHEDULED'),
      ),
    )
    .returning();
  return row ?? null;
}
