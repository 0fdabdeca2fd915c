/**
 * Test data for the patients remote's component tests: students, notes and
 * appointments shaped exactly as the API answers them (libs/shared entities).
 */
import type {
  Appointment,
  ClinicalNote,
  NoteListing,
  StaffRef,
  Student,
  StudentSummary,
} from '@psicocampus/shared';
import { testPsychologist } from '@psicocampus/shared/testing';

export const me: StaffRef = {
  _id: testPsychologist.id,
  firstName: testPsychologist.firstName,
  lastName: testPsychologist.lastName,
  email: testPsychologist.email,
};

export const colleague: StaffRef = {
  _id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  firstName: 'Tomás',
  lastName: 'Herrera',
  email: 'psicologo2@psicocampus.test',
};

let counter = 0;
/** A UUID-shaped id, unique within the test run. */
export function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function makeStudent(overrides: Partial<StudentSummary> = {}): StudentSummary {
  const careerLevel = overrides.careerLevel ?? 'TERCERO';
  return {
    _id: nextId(),
    firstName: 'José',
    lastName: 'Pérez',
    age: 21,
    gender: 'MASCULINO',
    email: `estudiante${counter}@uni.test`,
    phone: '+593 99 123 4567',
    city: 'Quito',
    career: 'Psicología',
    careerLevel,
    level: careerLevel,
    employmentStatus: 'EMPLEADO',
    income: 450,
    assignedPsychologist: me,
    latestRisk: null,
    version: 3,
    createdAt: '2026-01-10T15:00:00.000Z',
    updatedAt: '2026-01-10T15:00:00.000Z',
    ...overrides,
  };
}

export function makeNote(overrides: Partial<ClinicalNote> = {}): ClinicalNote {
  return {
    _id: nextId(),
    studentId: 'student',
    note: 'Primera sesión. Refiere ansiedad ante los exámenes.',
    createdAt: '2026-03-02T14:30:00.000Z',
    updatedAt: '2026-03-02T14:30:00.000Z',
    createdBy: me,
    version: 1,
    signedAt: null,
    signedBy: null,
    addenda: [],
    ...overrides,
  };
}

export function makeDetail(
  overrides: Partial<StudentSummary> = {},
  clinicalNotes: ClinicalNote[] = [],
): Student {
  const summary = makeStudent(overrides);
  return {
    ...summary,
    clinicalNotes: clinicalNotes.map((note) => ({ ...note, studentId: summary._id })),
    clinicalNotesTotal: clinicalNotes.length,
  };
}

export function makeAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    _id: nextId(),
    studentId: 'student',
    student: { _id: 'student', firstName: 'José', lastName: 'Pérez' },
    date: '2030-05-20T15:00:00.000Z',
    durationMinutes: 50,
    status: 'SCHEDULED',
    cancelledBy: null,
    cancelReason: null,
    reason: 'Seguimiento',
    notes: '',
    createdBy: me,
    createdAt: '2026-01-10T15:00:00.000Z',
    version: 1,
    updatedAt: '2026-01-10T15:00:00.000Z',
    ...overrides,
  };
}

/** A note as the home's lists and 'pending-notes' name it: no text. */
export function makeNoteListing(overrides: Partial<NoteListing> = {}): NoteListing {
  return {
    _id: nextId(),
    studentId: 'student',
    student: { _id: 'student', firstName: 'José', lastName: 'Pérez' },
    createdAt: '2026-03-02T14:30:00.000Z',
    updatedAt: '2026-03-02T14:30:00.000Z',
    version: 1,
    signedAt: null,
    ...overrides,
  };
}

/** `count` students with distinct names, for the virtualised list. */
export function manyStudents(count: number): StudentSummary[] {
  return Array.from({ length: count }, (_, index) =>
    makeStudent({
      firstName: `Nombre${index}`,
      lastName: `Apellido${index}`,
      email: `persona${index}@uni.test`,
    }),
  );
}

/** A JSON answer, as the API sends it. */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status });
}

/** An error answer of the API (docs/limits-and-budgets.md#limits-and-bad-input). */
export function apiError(status: number, msg: string, errors?: unknown[]): Response {
  return Response.json({ ok: false, msg, ...(errors ? { errors } : {}) }, { status });
}
