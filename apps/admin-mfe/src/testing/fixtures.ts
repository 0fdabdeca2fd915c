/**
 * Test data for the admin remote's component tests, shaped exactly as the
 * API answers (libs/shared entities).
 */
import type {
  AdminStudentRow,
  ArchivedStudentRow,
  AuditLogEntry,
  StaffRef,
  StaffUser,
  Statistics,
} from '@psicocampus/shared';
import { testAdmin } from '@psicocampus/shared/testing';

let counter = 0;
/** A UUID-shaped id, unique within the test run. */
export function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function makeUser(overrides: Partial<StaffUser> = {}): StaffUser {
  const id = overrides._id ?? nextId();
  return {
    _id: id,
    email: `persona${counter}@psicocampus.test`,
    role: 'PSYCHOLOGIST',
    firstName: 'Lucía',
    lastName: 'Fernández',
    phone: null,
    active: true,
    hasPassword: true,
    hasSecondFactor: false,
    caseloadSize: 0,
    createdAt: '2026-01-10T15:00:00.000Z',
    pendingEmail: null,
    ...overrides,
  };
}

/** The signed-in administrator as the users list shows them. */
export const meAsUser: StaffUser = makeUser({
  _id: testAdmin.id,
  email: testAdmin.email,
  role: 'ADMIN',
  firstName: testAdmin.firstName,
  lastName: testAdmin.lastName,
});

export const lucia = makeUser({
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
  caseloadSize: 12,
});

export const tomas = makeUser({
  firstName: 'Tomás',
  lastName: 'Herrera',
  email: 'psicologo2@psicocampus.test',
  caseloadSize: 3,
});

export const retired = makeUser({
  firstName: 'Rosa',
  lastName: 'Vega',
  email: 'rosa.vega@psicocampus.test',
  active: false,
  caseloadSize: 1,
});

export const invited = makeUser({
  firstName: 'Pablo',
  lastName: 'Mora',
  email: 'pablo.mora@psicocampus.test',
  hasPassword: false,
});

export function staffRef(user: StaffUser): StaffRef {
  return { _id: user._id, firstName: user.firstName, lastName: user.lastName, email: user.email };
}

export function makeAdminStudent(overrides: Partial<AdminStudentRow> = {}): AdminStudentRow {
  return {
    _id: nextId(),
    firstName: 'José',
    lastName: 'Pérez',
    email: `estudiante${counter}@uni.test`,
    career: 'Psicología',
    careerLevel: 'TERCERO',
    assignedPsychologist: null,
    ...overrides,
  };
}

/** An archived student as GET /api/admin/students/archived answers them: counts, never a text. */
export function makeArchivedStudent(
  overrides: Partial<ArchivedStudentRow> = {},
): ArchivedStudentRow {
  return {
    _id: nextId(),
    firstName: 'Olga',
    lastName: 'Quispe',
    email: `archivado${counter}@uni.test`,
    createdAt: '2026-03-02T15:00:00.000Z',
    archivedAt: '2026-11-20T16:30:00.000Z',
    archivedBy: staffRef(lucia),
    records: { notes: 3, assessments: 1, safetyPlanRevisions: 2, appointments: 4 },
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    _id: nextId(),
    at: '2026-11-02T12:30:00.000Z',
    userId: lucia._id,
    userName: 'Lucía Fernández',
    role: 'PSYCHOLOGIST',
    action: 'student.read',
    recordType: 'student',
    recordId: '7f3c9a2e-1b4d-4c8e-9f00-aa11bb22cc33',
    clientAddress: '10.0.0.7',
    outcome: 'success',
    requestId: 'req-1',
    detail: null,
    recordName: null,
    ...overrides,
  };
}

/** The service's statistics: every number distinct, so a test can tell them apart. */
export function makeStatistics(overrides: Partial<Statistics> = {}): Statistics {
  return {
    scope: 'SERVICE',
    totals: { students: 57, psychologists: 4, assessmentsThisMonth: 9, highRiskStudents: 3 },
    byGender: [
      { key: 'FEMENINO', label: 'Femenino', count: 31 },
      { key: 'MASCULINO', label: 'Masculino', count: 24 },
      { key: 'OTRO', label: 'Otro', count: 2 },
    ],
    byRiskLevel: [
      { key: 'MUY_ALTO', label: 'Muy alto', count: 1 },
      { key: 'ALTO', label: 'Alto', count: 2 },
      { key: 'MODERADO', label: 'Moderado', count: 5 },
      { key: 'BAJO', label: 'Bajo', count: 19 },
      { key: 'INDETERMINADO', label: 'Indeterminado', count: 4 },
      { key: 'NO_APLICA', label: 'No aplica (suicidio consumado)', count: 0 },
      { key: 'SIN_EVALUACION', label: 'Sin evaluación', count: 26 },
    ],
    byCareer: [
      { key: 'Psicología', label: 'Psicología', count: 22 },
      { key: 'Medicina', label: 'Medicina', count: 18 },
      { key: 'Derecho', label: 'Derecho', count: 17 },
    ],
    bySemester: [
      { key: 'PRIMERO', label: 'Primero', count: 8 },
      { key: 'SEGUNDO', label: 'Segundo', count: 7 },
      { key: 'TERCERO', label: 'Tercero', count: 12 },
      { key: 'CUARTO', label: 'Cuarto', count: 6 },
      { key: 'QUINTO', label: 'Quinto', count: 5 },
      { key: 'SEXTO', label: 'Sexto', count: 4 },
      { key: 'SEPTIMO', label: 'Séptimo', count: 3 },
      { key: 'OCTAVO', label: 'Octavo', count: 5 },
      { key: 'NOVENO', label: 'Noveno', count: 4 },
      { key: 'DECIMO', label: 'Décimo', count: 3 },
    ],
    assessmentsPerMonth: [
      ['2025-12', 'dic. 2025', 2],
      ['2026-01', 'ene. 2026', 0],
      ['2026-02', 'feb. 2026', 4],
      ['2026-03', 'mar. 2026', 6],
      ['2026-04', 'abr. 2026', 3],
      ['2026-05', 'may. 2026', 5],
      ['2026-06', 'jun. 2026', 1],
      ['2026-07', 'jul. 2026', 0],
      ['2026-08', 'ago. 2026', 2],
      ['2026-09', 'sept. 2026', 8],
      ['2026-10', 'oct. 2026', 7],
      ['2026-11', 'nov. 2026', 9],
    ].map(([key, label, count]) => ({
      key: key as string,
      label: label as string,
      count: count as number,
    })),
    ...overrides,
  };
}

/** A JSON answer, as the API sends it. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/** An error answer of the API (docs/limits-and-budgets.md#limits-and-bad-input). */
export function apiError(status: number, msg: string, errors?: unknown[]): Response {
  return Response.json({ ok: false, msg, ...(errors ? { errors } : {}) }, { status });
}
