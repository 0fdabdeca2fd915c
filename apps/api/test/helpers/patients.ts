import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type {
  Appointment,
  ClinicalNote,
  StudentCreateBody,
  StudentSummary,
} from '@psicocampus/shared/domain';
import type { Database } from '../../src/db/client';
import { auditLog, users } from '../../src/db/schema';
import { demoAccount, type DemoAccountKey, type TestServer } from './test-server';

/** A valid body for POST /api/students, with an e-mail no other test uses. */
export function studentBody(overrides: Partial<StudentCreateBody> = {}): StudentCreateBody {
  return {
    firstName: 'Lucía',
    lastName: 'Pérez Vega',
    age: 21,
    gender: 'FEMENINO',
    email: `estudiante.${randomBytes(5).toString('hex')}@estudiantes.test`,
    phone: '0991234567',
    city: 'Quito',
    career: 'Medicina',
    careerLevel: 'TERCERO',
    employmentStatus: 'DESEMPLEADO',
    income: null,
    ...overrides,
  };
}

function expectStatus(response: { statusCode: number; body: string }, status: number) {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  }
}

/** A psychologist adds a student to their caseload; returns it as the API answered. */
export async function createStudent(
  server: TestServer,
  token: string,
  overrides: Partial<StudentCreateBody> = {},
): Promise<StudentSummary> {
  const response = await server.call({
    method: 'POST',
    url: '/api/students',
    token,
    payload: studentBody(overrides),
  });
  expectStatus(response, 201);
  return response.json().student;
}

export async function addNote(
  server: TestServer,
  token: string,
  studentId: string,
  note = 'Primera sesión: refiere dificultades para dormir.',
): Promise<ClinicalNote> {
  const response = await server.call({
    method: 'POST',
    url: `/api/students/${studentId}/clinical-notes`,
    token,
    payload: { note },
  });
  expectStatus(response, 201);
  return response.json().note;
}

/** An ISO date `days` from now (of the test's clock, which may have moved). */
export function inDays(days: number, from = Date.now()): string {
  return new Date(from + days * 24 * 60 * 60_000).toISOString();
}

export async function scheduleAppointment(
  server: TestServer,
  token: string,
  studentId: string,
  date = inDays(2),
): Promise<Appointment> {
  const response = await server.call({
    method: 'POST',
    url: '/api/appointments',
    token,
    // Setting up a record, not booking a free slot: tests schedule many at one time.
    payload: { studentId, date, reason: 'Seguimiento', notes: '', confirmOverlap: true },
  });
  expectStatus(response, 201);
  return response.json().appointment;
}

export async function userIdOf(server: TestServer, key: DemoAccountKey): Promise<string> {
  const [row] = await server.server.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoAccount(key).email));
  return row!.id;
}

/** The audit rows of one action, oldest first. */
export async function auditRowsOf(server: TestServer, action: string) {
  return server.server.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(auditLog.id);
}

/**
 * Runs `work` in one transaction with the database's guards of clinical
 * records off: for a test that must remove records the product never can
 * (migration 0019, docs/data-model.md#archived-students). The test's own
 * connection is a superuser's, which may turn triggers and foreign keys off
 * for one transaction (`session_replication_role`): nothing cascades then,
 * so `work` removes the children first, by hand.
 */
export async function withoutRecordGuards(
  db: Database,
  work: (tx: Database) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx as unknown as Database);
  });
}

/** Empties the service of students, their clinical records included, for a test that counts from nothing. */
export async function removeEveryStudent(db: Database): Promise<void> {
  await withoutRecordGuards(db, async (tx) => {
    for (const table of [
      'clinical_note_addenda',
      'assessment_remarks',
      'safety_plan_revisions',
      'clinical_notes',
      'suicide_assessments',
    ]) {
      await tx.execute(sql`delete from ${sql.identifier(table)}`);
    }
    await tx.execute(sql`delete from mail_queue where appointment_id is not null`);
    await tx.execute(sql`delete from appointments`);
    await tx.execute(sql`delete from students`);
    await tx.execute(sql`select bump_caseload_revisions(array(select id from users))`);
  });
}
