import {
  studentFormSchema,
  type EmploymentStatus,
  type Gender,
  type Semester,
  type StudentCreateBody,
  type StudentSummary,
} from '@psicocampus/shared';

/** The student modal's values as the inputs hold them ('' for "nothing chosen yet"). */
export interface StudentFormValues {
  firstName: string;
  lastName: string;
  age: number | '';
  gender: Gender | '';
  email: string;
  phone: string;
  city: string;
  career: string;
  careerLevel: Semester | '';
  employmentStatus: EmploymentStatus | '';
  income: number | '';
}

export const STUDENT_FIELDS = [
  'firstName',
  'lastName',
  'age',
  'gender',
  'email',
  'phone',
  'city',
  'career',
  'careerLevel',
  'employmentStatus',
  'income',
] as const satisfies readonly (keyof StudentFormValues)[];

export const EMPTY_STUDENT: StudentFormValues = {
  firstName: '',
  lastName: '',
  age: '',
  gender: '',
  email: '',
  phone: '',
  city: '',
  career: '',
  careerLevel: '',
  employmentStatus: '',
  income: '',
};

/** The form's starting values: empty to create, the student's to edit. */
export function toFormValues(student: StudentSummary | null): StudentFormValues {
  if (!student) return EMPTY_STUDENT;
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    age: student.age,
    gender: student.gender,
    email: student.email,
    phone: student.phone,
    city: student.city,
    career: student.career,
    careerLevel: student.careerLevel,
    employmentStatus: student.employmentStatus,
    income: student.income ?? '',
  };
}

/**
 * The body of POST /api/students (and, with the version, of the modal's PUT):
 * every field trimmed and typed by the shared schema; no income is null.
 */
export function toStudentBody(values: StudentFormValues): StudentCreateBody {
  const cast = studentFormSchema.cast(values, { stripUnknown: true });
  return { ...cast, income: cast.income ?? null };
}
