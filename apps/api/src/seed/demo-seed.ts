import { count } from 'drizzle-orm';
import { DEFAULT_SERVICE_TIME_ZONE } from '../config';
import type { Database } from '../db/client';
import { students, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { ClinicalTexts } from '../security/clinical-texts';
import { studentSearchKey } from '../plugins/students/search-key';
import { insertShowcase } from './showcase-seed';

/** The demo accounts of the README; created on a first start with an empty database. */
export const DEMO_ACCOUNTS = [
  {
    key: 'admin',
    email: 'admin@psicocampus.test',
    password: 'Admin-Demo-2026',
    role: 'ADMIN',
    firstName: 'Ana',
    lastName: 'Administradora',
  },
  {
    key: 'psychologist',
    email: 'psicologa@psicocampus.test',
    password: 'Psico-Demo-2026',
    role: 'PSYCHOLOGIST',
    firstName: 'Lucía',
    lastName: 'Fernández',
  },
  {
    key: 'psychologist2',
    email: 'psicologo2@psicocampus.test',
    password: 'Psico2-Demo-2026',
    role: 'PSYCHOLOGIST',
    firstName: 'Martín',
    lastName: 'Rojas',
  },
] as const;

type StudentSeed = Omit<
  typeof students.$inferInsert,
  | 'id'
  | 'assignedPsychologistId'
  | 'createdById'
  | 'version'
  | 'searchKey'
  | 'createdAt'
  | 'updatedAt'
>;

const DEMO_STUDENTS: Record<'psychologist' | 'psychologist2', StudentSeed[]> = {
  psychologist: [
    {
      firstName: 'María José',
      lastName: 'Castillo Peña',
      age: 19,
      gender: 'FEMENINO',
      email: 'maria.castillo@estudiantes.psicocampus.test',
      phone: '+593 98 123 4567',
      city: 'Quito',
      career: 'Medicina',
      careerLevel: 'SEGUNDO',
      employmentStatus: 'DESEMPLEADO',
      income: null,
    },
    {
      firstName: 'Andrés',
      lastName: 'Núñez Salazar',
      age: 22,
      gender: 'MASCULINO',
      email: 'andres.nunez@estudiantes.psicocampus.test',
      phone: '0991234567',
      city: 'Guayaquil',
      career: 'Ingeniería Civil',
      careerLevel: 'SEPTIMO',
      employmentStatus: 'EMPLEADO',
      income: 450,
    },
    {
      firstName: 'Sofía',
      lastName: 'Ortiz',
      age: 20,
      gender: 'FEMENINO',
      email: 'sofia.ortiz@estudiantes.psicocampus.test',
      phone: '+593 97 555 0101',
      city: 'Cuenca',
      career: 'Psicología',
      careerLevel: 'CUARTO',
      employmentStatus: 'DESEMPLEADO',
      income: null,
    },
    {
      firstName: 'Álex',
      lastName: 'Muñoz',
      age: 24,
      gender: 'OTRO',
      email: 'alex.munoz@estudiantes.psicocampus.test',
      phone: '02-234-5678',
      city: 'Loja',
      career: 'Artes Visuales',
      careerLevel: 'NOVENO',
      employmentStatus: 'EMPLEADO',
      income: 380.5,
    },
  ],
  psychologist2: [
    {
      firstName: 'Javier',
      lastName: 'Paredes',
      age: 21,
      gender: 'MASCULINO',
      email: 'javier.paredes@estudiantes.psicocampus.test',
      phone: '0987654321',
      city: 'Ambato',
      career: 'Derecho',
      careerLevel: 'QUINTO',
      employmentStatus: 'DESEMPLEADO',
      income: null,
    },
    {
      firstName: 'Valentina',
      lastName: 'Ibáñez',
      age: 18,
      gender: 'FEMENINO',
      email: 'valentina.ibanez@estudiantes.psicocampus.test',
      phone: '+593 96 222 3344',
      city: 'Manta',
      career: 'Arquitectura',
      careerLevel: 'PRIMERO',
      employmentStatus: 'DESEMPLEADO',
      income: null,
    },
    {
      firstName: 'Camila',
      lastName: 'Benítez Torres',
      age: 23,
      gender: 'FEMENINO',
      email: 'camila.benitez@estudiantes.psicocampus.test',
      phone: '0975551234',
      city: 'Riobamba',
      career: 'Enfermería',
      careerLevel: 'OCTAVO',
      employmentStatus: 'EMPLEADO',
      income: 520,
    },
  ],
};

export interface SeedOptions {
  /** Seals the showcase's clinical texts (security/clinical-texts.ts). */
  texts: ClinicalTexts;
  /** Also the showcase (showcase.ts): a full caseload with its history. */
  showcase?: boolean;
  /** What the showcase's dates are relative to. */
  now?: Date;
  /** The service's zone (SERVICE_TIME_ZONE), whose clock the showcase's working hours are on. */
  timeZone?: string;
}

/**
 * Creates the demo accounts and a few students for each psychologist, only
 * when the database has no user at all, and with `showcase` the rest of a
 * demo service, all in one transaction. Safe when several processes start
 * together on an empty database: inserts that lose the race are skipped.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<boolean> {
  const [{ total }] = await db.select({ total: count() }).from(users);
  if (total > 0) return false;

  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.password)));
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account, index) => ({
          email: account.email,
          passwordHash: hashes[index],
          role: account.role,
          firstName: account.firstName,
          lastName: account.lastName,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (created.length !== DEMO_ACCOUNTS.length) return false;

    const idOf = (key: 'psychologist' | 'psychologist2') => {
      const email = DEMO_ACCOUNTS.find((account) => account.key === key)!.email;
      return created.find((user) => user.email === email)!.id;
    };
    const caseloads = [];
    for (const key of ['psychologist', 'psychologist2'] as const) {
      const psychologistId = idOf(key);
      const inserted = await tx
        .insert(students)
        .values(
          DEMO_STUDENTS[key].map((student) => ({
            ...student,
            searchKey: studentSearchKey(student.firstName, student.lastName),
            assignedPsychologistId: psychologistId,
            createdById: psychologistId,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: students.id });
      caseloads.push({ id: psychologistId, studentIds: inserted.map((student) => student.id) });
    }
    if (options.showcase) {
      await insertShowcase(tx, options.texts, {
        now: options.now ?? new Date(),
        timeZone: options.timeZone ?? DEFAULT_SERVICE_TIME_ZONE,
        psychologists: caseloads,
      });
    }
    return true;
  });
}
