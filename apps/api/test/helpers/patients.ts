import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  Appointment,
  ClinicalNote,
  StudentCreateBody,
  StudentSummary,
} from '@psicocampus/shared/domain';
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
