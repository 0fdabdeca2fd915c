import { sql } from 'drizzle-orm';
import {
  MSG,
  type Gender,
  type Semester,
  type StudentCreateBody,
} from '@psicocampus/shared/domain';
import { type RiskLevel } from '@psicocampus/shared/columbia';
import { suicideAssessments, users } from '../../db/schema';
import { calmAnswers, saveAssessment, severeAnswers } from '../../../test/helpers/assessments';
import {
  auditRowsOf,
  createStudent,
  removeEveryStudent,
  userIdOf,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { computeStatistics } from './statistics.routes';

/**
 * docs/screens-and-routes.md#statistics on a data set where every number is known. The demo students
 * are removed first; then:
 *
 * | student | psychologist | gender    | career           | semester | assessments (latest last)            |
 * | L1      | Lucía        | FEMENINO  | Medicina         | PRIMERO  | severe now (MUY_ALTO)                |
 * | L2      | Lucía        | FEMENINO  | Medicina         | PRIMERO  | calm now (BAJO)                      |
 * | L3      | Lucía        | MASCULINO | medicina         | TERCERO  | none                                 |
 * | L4      | Lucía        | OTRO      | Derecho          | DECIMO   | MUY_ALTO 3 months ago, calm now      |
 * | L5      | Lucía        | MASCULINO | Psicología       | TERCERO  | ALTO 1 month ago                     |
 * | M1      | Martín       | FEMENINO  | Arquitectura     | SEGUNDO  | calm now                             |
 * | M2      | Martín       | MASCULINO | Arquitectura     | SEGUNDO  | MODERADO 13 months ago (not charted) |
 * | M3      | Martín       | MASCULINO | Biología         | SEGUNDO  | INDETERMINADO 11 months ago          |
 * | M4      | Martín       | MASCULINO | Contabilidad     | SEGUNDO  | NO_APLICA 2 months ago               |
 * | M5      | Martín→Lucía | MASCULINO | Economía         | NOVENO   | calm now, by Martín; then reassigned |
 * | M6–M9   | Martín       | MASCULINO | Enfermería, Filosofía, Geografía, Historia | SEGUNDO | none |
 * | M10     | Martín       | FEMENINO  | Ingeniería Civil | SEGUNDO  | none                                 |
 * | M11     | Martín       | MASCULINO | Química          | SEGUNDO  | none                                 |
 *
 * Besides Lucía and Martín there is a deactivated psychologist (not counted).
 */

let server: TestServer;
let admin: string;
let lucia: string;
let martin: string;

/** Noon of the 15th, `monthsAgo` calendar months back (server time zone): far from any boundary. */
function monthsAgo(count: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() - count, 15, 12);
}

beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
  const { db } = server.server.database;
  await removeEveryStudent(db);
  await db.insert(users).values({
    email: 'baja@psicocampus.test',
    role: 'PSYCHOLOGIST',
    firstName: 'Dada',
    lastName: 'De Baja',
    active: false,
  });
  const martinId = await userIdOf(server, 'psychologist2');

  const add = (token: string, gender: Gender, career: string, careerLevel: Semester) =>
    createStudent(server, token, {
      gender,
      career,
      careerLevel,
    } satisfies Partial<StudentCreateBody>);
  const old = async (studentId: string, riskLevel: RiskLevel, months: number) => {
    await db.insert(suicideAssessments).values({
      studentId,
      authorId: martinId,
      answers: calmAnswers(),
      riskLevel,
      createdAt: monthsAgo(months),
    });
  };

  const l1 = await add(lucia, 'FEMENINO', 'Medicina', 'PRIMERO');
  const l2 = await add(lucia, 'FEMENINO', 'Medicina', 'PRIMERO');
  await add(lucia, 'MASCULINO', 'medicina', 'TERCERO');
  const l4 = await add(lucia, 'OTRO', 'Derecho', 'DECIMO');
  const l5 = await add(lucia, 'MASCULINO', 'Psicología', 'TERCERO');
  await saveAssessment(server, lucia, l1._id, severeAnswers());
  await saveAssessment(server, lucia, l2._id, calmAnswers());
  await old(l4._id, 'MUY_ALTO', 3);
  await saveAssessment(server, lucia, l4._id, calmAnswers());
  await old(l5._id, 'ALTO', 1);

  const m1 = await add(martin, 'FEMENINO', 'Arquitectura', 'SEGUNDO');
  const m2 = await add(martin, 'MASCULINO', 'Arquitectura', 'SEGUNDO');
  const m3 = await add(martin, 'MASCULINO', 'Biología', 'SEGUNDO');
  const m4 = await add(martin, 'MASCULINO', 'Contabilidad', 'SEGUNDO');
  const m5 = await add(martin, 'MASCULINO', 'Economía', 'NOVENO');
  for (const career of ['Enfermería', 'Filosofía', 'Geografía', 'Historia']) {
    await add(martin, 'MASCULINO', career, 'SEGUNDO');
  }
  await add(martin, 'FEMENINO', 'Ingeniería Civil', 'SEGUNDO');
  await add(martin, 'MASCULINO', 'Química', 'SEGUNDO');
  await saveAssessment(server, martin, m1._id, calmAnswers());
  await old(m2._id, 'MODERADO', 13);
  await old(m3._id, 'INDETERMINADO', 11);
  await old(m4._id, 'NO_APLICA', 2);
  await saveAssessment(server, martin, m5._id, calmAnswers());
  const moved = await server.call({
    method: 'PUT',
    url: `/api/students/${m5._id}/assignment`,
    token: admin,
    payload: { psychologistId: await userIdOf(server, 'psychologist') },
  });
  expect(moved.statusCode).toBe(200);
});
afterAll(() => server.close());

const statisticsOf = async (token: string) => {
  const response = await server.call({ method: 'GET', url: '/api/statistics', token });
  expect(response.statusCode).toBe(200);
  return response.json().statistics;
};

const count = <K extends string>(labels: Record<K, string>, counts: Partial<Record<K, number>>) =>
  (Object.keys(labels) as K[]).map((key) => ({ key, label: labels[key], count: counts[key] ?? 0 }));

const GENDER = { MASCULINO: 'Masculino', FEMENINO: 'Femenino', OTRO: 'Otro' };
const SEMESTER = {
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
const LEVEL = {
  NO_APLICA: 'No aplica (suicidio consumado)',
  MUY_ALTO: 'Muy alto',
  ALTO: 'Alto',
  MODERADO: 'Moderado',
  BAJO: 'Bajo',
  INDETERMINADO: 'Indeterminado',
  SIN_EVALUACION: 'Sin evaluación',
};

/** The last 12 months, oldest first, with the counts given by months back (0 = this month). */
function perMonth(countsByMonthsAgo: Record<number, number>) {
  const label = new Intl.DateTimeFormat('es', { month: 'short', year: 'numeric' });
  return Array.from({ length: 12 }, (_, index) => {
    const back = 11 - index;
    const start = new Date(new Date().getFullYear(), new Date().getMonth() - back, 1);
    return {
      key: `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}`,
      label: label.format(start),
      count: countsByMonthsAgo[back] ?? 0,
    };
  });
}

describe('GET /api/statistics', () => {
  it('gives an administrator the whole service', async () => {
    expect(await statisticsOf(admin)).toEqual({
      scope: 'SERVICE',
      totals: { students: 16, psychologists: 2, assessmentsThisMonth: 5, highRiskStudents: 2 },
      byGender: count(GENDER, { MASCULINO: 11, FEMENINO: 4, OTRO: 1 }),
      byRiskLevel: count(LEVEL, {
        NO_APLICA: 1,
        MUY_ALTO: 1,
        ALTO: 1,
        MODERADO: 1,
        BAJO: 4,
        INDETERMINADO: 1,
        SIN_EVALUACION: 7,
      }),
      // 13 careers ('medicina' is 'Medicina'): ten named, by count then name, the rest summed.
      byCareer: [
        { key: 'medicina', label: 'Medicina', count: 3 },
        { key: 'arquitectura', label: 'Arquitectura', count: 2 },
        { key: 'biologia', label: 'Biología', count: 1 },
        { key: 'contabilidad', label: 'Contabilidad', count: 1 },
        { key: 'derecho', label: 'Derecho', count: 1 },
        { key: 'economia', label: 'Economía', count: 1 },
        { key: 'enfermeria', label: 'Enfermería', count: 1 },
        { key: 'filosofia', label: 'Filosofía', count: 1 },
        { key: 'geografia', label: 'Geografía', count: 1 },
        { key: 'historia', label: 'Historia', count: 1 },
        { key: 'OTRAS', label: MSG.statistics.otherCareers, count: 3 },
      ],
      bySemester: count(SEMESTER, { PRIMERO: 2, SEGUNDO: 10, TERCERO: 2, NOVENO: 1, DECIMO: 1 }),
      assessmentsPerMonth: perMonth({ 0: 5, 1: 1, 2: 1, 3: 1, 11: 1 }),
    });
  });

  it("gives a psychologist their current caseload only (a reassigned student's history goes with it)", async () => {
    expect(await statisticsOf(lucia)).toEqual({
      scope: 'CASELOAD',
      totals: { students: 6, psychologists: 1, assessmentsThisMonth: 4, highRiskStudents: 2 },
      byGender: count(GENDER, { MASCULINO: 3, FEMENINO: 2, OTRO: 1 }),
      byRiskLevel: count(LEVEL, { MUY_ALTO: 1, ALTO: 1, BAJO: 3, SIN_EVALUACION: 1 }),
      byCareer: [
        { key: 'medicina', label: 'Medicina', count: 3 },
        { key: 'derecho', label: 'Derecho', count: 1 },
        { key: 'economia', label: 'Economía', count: 1 },
        { key: 'psicologia', label: 'Psicología', count: 1 },
      ],
      bySemester: count(SEMESTER, { PRIMERO: 2, TERCERO: 2, NOVENO: 1, DECIMO: 1 }),
      assessmentsPerMonth: perMonth({ 0: 4, 1: 1, 3: 1 }),
    });

    const martinStatistics = await statisticsOf(martin);
    expect(martinStatistics.totals).toEqual({
      students: 10,
      psychologists: 1,
      assessmentsThisMonth: 1,
      highRiskStudents: 0,
    });
    expect(martinStatistics.byRiskLevel).toEqual(
      count(LEVEL, { NO_APLICA: 1, MODERADO: 1, BAJO: 1, INDETERMINADO: 1, SIN_EVALUACION: 6 }),
    );
    expect(martinStatistics.assessmentsPerMonth).toEqual(perMonth({ 0: 1, 2: 1, 11: 1 }));
    // Ten students, nine careers (two of them in Arquitectura): no "Otras carreras".
    expect(martinStatistics.byCareer).toHaveLength(9);
  });

  it('has the gender and risk-level variants', async () => {
    const gender = await server.call({
      method: 'GET',
      url: '/api/statistics/gender',
      token: lucia,
    });
    expect(gender.json()).toEqual({
      ok: true,
      byGender: count(GENDER, { MASCULINO: 3, FEMENINO: 2, OTRO: 1 }),
    });
    const risk = await server.call({
      method: 'GET',
      url: '/api/statistics/risk-level',
      token: admin,
    });
    expect(risk.json()).toEqual({
      ok: true,
      byRiskLevel: count(LEVEL, {
        NO_APLICA: 1,
        MUY_ALTO: 1,
        ALTO: 1,
        MODERADO: 1,
        BAJO: 4,
        INDETERMINADO: 1,
        SIN_EVALUACION: 7,
      }),
    });
  });

  it('counts a caseload with nobody in it as zeros, every category present', async () => {
    const { db } = server.server.database;
    const [empty] = await db
      .insert(users)
      .values({
        email: 'nueva@psicocampus.test',
        role: 'PSYCHOLOGIST',
        firstName: 'A',
        lastName: 'B',
      })
      .returning();
    const statistics = await computeStatistics(
      db,
      { kind: 'CASELOAD', psychologistId: empty!.id },
      new Date(),
      'America/Guayaquil',
    );
    expect(statistics.totals).toEqual({
      students: 0,
      psychologists: 1,
      assessmentsThisMonth: 0,
      highRiskStudents: 0,
    });
    expect(statistics.byGender.map((row) => row.count)).toEqual([0, 0, 0]);
    expect(statistics.byRiskLevel.map((row) => row.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(statistics.bySemester).toHaveLength(10);
    expect(statistics.byCareer).toEqual([]);
    expect(statistics.assessmentsPerMonth.map((row) => row.count)).toEqual(Array(12).fill(0));
  });

  it('is recorded in the audit log, and needs a session', async () => {
    await statisticsOf(lucia);
    expect((await auditRowsOf(server, 'statistics.read')).at(-1)).toMatchObject({
      userId: await userIdOf(server, 'psychologist'),
      role: 'PSYCHOLOGIST',
      recordType: null,
      recordId: null,
      outcome: 'success',
    });
    for (const url of ['/api/statistics', '/api/statistics/gender', '/api/statistics/risk-level']) {
      expect((await server.call({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('a service of 10,000 students', () => {
  it('counts them in SQL', async () => {
    const fresh = await startTestServer();
    try {
      const { db } = fresh.server.database;
      const luciaId = await userIdOf(fresh, 'psychologist');
      const martinId = await userIdOf(fresh, 'psychologist2');
      await removeEveryStudent(db);
      await db.execute(sql`
        insert into students (first_name, last_name, age, gender, email, phone, city, career,
          career_level, employment_status, assigned_psychologist_id, search_key)
        select 'Estudiante', 'Apellido ' || g, 20,
          (array['MASCULINO', 'FEMENINO', 'OTRO'])[g % 3 + 1],
          'escala' || g || '@estudiantes.test', '0991234567', 'Quito', 'Carrera ' || (g % 25),
          'PRIMERO', 'DESEMPLEADO',
          case when g <= 500 then ${luciaId}::uuid else ${martinId}::uuid end, 'x'
        from generate_series(1, 10000) as g`);
      // Three assessments per student, this month; the newest is ALTO for one student in 4.
      await db.execute(sql`
        insert into suicide_assessments (student_id, answers, risk_level, created_at)
        select s.id, '{}'::jsonb,
          case when n = 3 and row_number() over (partition by n order by s.id) % 4 = 0
            then 'ALTO' else 'BAJO' end,
          now() - make_interval(secs => 10 * (3 - n))
        from students s cross join generate_series(1, 3) as n`);
      const response = await fresh.call({
        method: 'GET',
        url: '/api/statistics',
        token: await fresh.login('admin'),
      });
      const { statistics } = response.json();
      expect(statistics.totals).toEqual({
        students: 10_000,
        psychologists: 2,
        assessmentsThisMonth: 30_000,
        highRiskStudents: 2_500,
      });
      expect(statistics.byGender.map((row: { count: number }) => row.count)).toEqual([
        3333, 3334, 3333,
      ]);
      expect(statistics.byCareer).toHaveLength(11);
      expect(statistics.byCareer.at(-1)).toEqual({
        key: 'OTRAS',
        label: MSG.statistics.otherCareers,
        count: 15 * 400,
      });
      const caseload = await fresh.call({
        method: 'GET',
        url: '/api/statistics',
        token: await fresh.login('psychologist'),
      });
      expect(caseload.json().statistics.totals.students).toBe(500);
    } finally {
      await fresh.close();
    }
  });
});
