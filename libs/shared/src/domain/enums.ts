/** The enumerations of docs/data-model.md#student, with the Spanish labels the screens show. */

export const GENDERS = ['MASCULINO', 'FEMENINO', 'OTRO'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  MASCULINO: 'Masculino',
  FEMENINO: 'Femenino',
  OTRO: 'Otro',
};

export const SEMESTERS = [
  'PRIMERO',
  'SEGUNDO',
  'TERCERO',
  'CUARTO',
  'QUINTO',
  'SEXTO',
  'SEPTIMO',
  'OCTAVO',
  'NOVENO',
  'DECIMO',
] as const;
export type Semester = (typeof SEMESTERS)[number];
export const SEMESTER_LABELS: Record<Semester, string> = {
  PRIMERO: 'Primero',
  SEGUNDO: 'Segundo',
  TERCERO: 'Tercero',
  CUARTO: 'Cuarto',
  QUINTO: 'Quinto',
  SEXTO: 'Sexto',
  SEPTIMO: 'Séptimo',
  OCTAVO: 'Octavo',
  NOVENO: 'Noveno',
  DECIMO: 'Décimo',
};

export const EMPLOYMENT_STATUSES = ['EMPLEADO', 'DESEMPLEADO'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EMPLOYMENT_LABELS: Record<EmploymentStatus, string> = {
  EMPLEADO: 'Empleado/a',
  DESEMPLEADO: 'Desempleado/a',
};

/** Options for a <select>, in the enumeration's order. */
export function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** An appointment's life (docs/data-model.md#appointment): scheduled, then closed one way once. */
export const APPOINTMENT_STATUSES = ['SCHEDULED', 'ATTENDED', 'NO_SHOW', 'CANCELLED'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  SCHEDULED: 'Programada',
  ATTENDED: 'Asistió',
  NO_SHOW: 'No asistió',
  CANCELLED: 'Cancelada',
};

/** Who cancelled an appointment. */
export const APPOINTMENT_CANCELLERS = ['STUDENT', 'SERVICE'] as const;
export type AppointmentCanceller = (typeof APPOINTMENT_CANCELLERS)[number];
export const APPOINTMENT_CANCELLER_LABELS: Record<AppointmentCanceller, string> = {
  STUDENT: 'El estudiante',
  SERVICE: 'El servicio',
};

/**
 * What 'Eliminar' did to a student (docs/api.md#students): deleted (no
 * clinical record), or archived with every record (docs/data-model.md#archived-students).
 */
export const STUDENT_REMOVALS = ['deleted', 'archived'] as const;
export type StudentRemoval = (typeof STUDENT_REMOVALS)[number];
