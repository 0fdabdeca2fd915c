import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appointments, students, users } from '../../db/schema';
import { staffRefColumns, type StaffRow } from '../users/staff-ref';
import { inCaseloadOf } from '../students/caseload';

export type AppointmentRow = typeof appointments.$inferSelect;

/** An appointment with its student's name and who scheduled it. */
export interface AppointmentRecord {
  appointment: AppointmentRow;
  student: { id: string; firstName: string; lastName: string };
  psychologist: StaffRow | null;
}

function selectAppointments(db: Database) {
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

/** One student's appointments, earliest first. */
export async function listStudentAppointments(
  db: Database,
  studentId: string,
): Promise<AppointmentRecord[]> {
  return selectAppointments(db)
    .where(eq(appointments.studentId, studentId))
    .orderBy(asc(appointments.date), asc(appointments.id));
}

/**
 * Every appointment of the psychologist's current students, whoever
 * scheduled it (a student reassigned to them brings its appointments).
 */
export async function listCaseloadAppointments(
  db: Database,
  psychologistId: string,
): Promise<AppointmentRecord[]> {
  return selectAppointments(db)
    .where(inCaseloadOf(psychologistId))
    .orderBy(asc(appointments.date), asc(appointments.id));
}

export async function insertAppointment(
  db: Database,
  values: {
    studentId: string;
    psychologistId: string;
    date: Date;
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
      reason: values.reason,
      notes: values.notes,
      createdAt: values.now,
    })
    .returning();
  return row!;
}
