import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { formatDateTimeIn } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import {
  computeRiskLevel,
  riskAnswersOf,
  type AssessmentAnswers,
} from '@psicocampus/shared/columbia';
import { assessmentRemarks, suicideAssessments } from '../db/schema';
import { insertAssessment } from '../plugins/assessments/assessment.queries';
import { calmAnswers, saveAssessment, severeAnswers } from '../../test/helpers/assessments';
import { createStudent, userIdOf, withoutRecordGuards } from '../../test/helpers/patients';
import { serverWithDemoSessions } from '../../test/helpers/signed-in';
import { testServerConfig, type TestServer } from '../../test/helpers/test-server';
import { assessmentsCheckCommand } from './assessments-check';
import { openedRow } from '../../test/helpers/sealed-rows';

/* `npm run assessments:check` (docs/columbia-assessment.md#contradicting-answers). */

const M = SERVER_MSG.cli.assessmentsCheck;

let server: TestServer;
let lucia: string;

beforeAll(async () => {
  ({ server, lucia } = await serverWithDemoSessions());
});
afterAll(() => server.close());

async function run(argv: string[] = [], pageSize?: number) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await assessmentsCheckCommand(argv, {
    config: server.config,
    database: server.server.database,
    pageSize,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  });
  return { code, out, err };
}

/** A record as an older version stored it, past today's validation (what the check is for). */
async function storeAsBefore(studentId: string, answers: AssessmentAnswers, createdAt: Date) {
  return insertAssessment(server.server.database.db, server.app.ctx.texts, {
    studentId,
    authorId: await userIdOf(server, 'psychologist'),
    answers,
    riskLevel: computeRiskLevel(riskAnswersOf(answers)),
    createdAt,
  });
}

it('lists each stored assessment that contradicts itself, with its student, date, author and fields, and the count', async () => {
  const student = await createStudent(server, lucia, { firstName: 'Valeria', lastName: 'Ríos' });
  await saveAssessment(server, lucia, student._id, severeAnswers());
  const kept = calmAnswers();
  kept.actualAttempt = { present: false, description: 'Ingesta de pastillas', totalAttempts: 0 };
  const older = await storeAsBefore(student._id, kept, new Date('2026-03-02T15:30:00Z'));
  const lethal = { ...calmAnswers(), lethalityDegree: 3, mostLethalAttemptDate: '2026-01-10' };
  const newer = await storeAsBefore(student._id, lethal, new Date('2026-04-20T09:00:00Z'));
  const total = await server.server.database.db.$count(suicideAssessments);
  // In the service's zone, as the screens and PDFs write it (America/Guayaquil: 10:30 and 4:00).
  const when = (date: Date) => formatDateTimeIn(date, server.config.serviceTimeZone);
  expect(when(older.createdAt)).toMatch(/^2 de marzo de 2026.*10:30$/);

  // Pages of 2 rows: the findings are complete across pages.
  const { code, out, err } = await run([], 2);
  expect({ code, err }).toEqual({ code: 0, err: [] });
  expect(out).toEqual([
    M.heading,
    `- Evaluación ${older.id} · Estudiante: Valeria Ríos · Fecha: ${when(older.createdAt)} · Evaluador/a: Lucía Fernández <psicologa@psicocampus.test>`,
    `    · actualAttempt.description: Intento Real: hay una descripción aunque la respuesta no es «Sí».`,
    `- Evaluación ${newer.id} · Estudiante: Valeria Ríos · Fecha: ${when(newer.createdAt)} · Evaluador/a: Lucía Fernández <psicologa@psicocampus.test>`,
    `    · lethalityDegree: Grado de Letalidad: hay una respuesta aunque Intento Real no es «Sí».`,
    `    · mostLethalAttemptDate: Fecha del intento más letal: hay una respuesta aunque Intento Real no es «Sí».`,
    M.summary(total, 2),
    M.whatNext,
  ]);

  // It only reads: the records are as they were stored.
  const [row] = await server.server.database.db
    .select()
    .from(suicideAssessments)
    .where(eq(suicideAssessments.id, older.id));
  const opened = openedRow(server.app.ctx.texts, 'suicideAssessments', row!);
  expect(opened.answers.actualAttempt.description).toBe('Ingesta de pastillas');

  // Cleaned up (behind the product's back: it never deletes an assessment), the service has none: said so.
  await withoutRecordGuards(server.server.database.db, async (tx) => {
    await tx
      .delete(assessmentRemarks)
      .where(
        inArray(
          assessmentRemarks.assessmentId,
          tx
            .select({ id: suicideAssessments.id })
            .from(suicideAssessments)
            .where(eq(suicideAssessments.studentId, student._id)),
        ),
      );
    await tx.delete(suicideAssessments).where(eq(suicideAssessments.studentId, student._id));
  });
  const clean = await run();
  expect(clean.out).toEqual([
    M.summary(await server.server.database.db.$count(suicideAssessments), 0),
    M.noneFound,
  ]);
});

it('refuses arguments with its usage', async () => {
  expect(await run(['--fix'])).toEqual({ code: 1, out: [], err: [M.usage] });
});

it('refuses a PGlite folder with no database, or one the server has open, without touching it', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-check-'));
  const config = { ...testServerConfig(dataDir), databaseUrl: null };
  const err: string[] = [];
  const deps = { config, print: () => {}, printError: (line: string) => err.push(line) };
  const pglite = path.join(dataDir, 'pglite');
  expect(await assessmentsCheckCommand([], deps)).toBe(1);
  expect(err).toEqual([SERVER_MSG.cli.backup.noPglite(pglite)]);

  mkdirSync(pglite);
  writeFileSync(path.join(pglite, 'PG_VERSION'), '17\n');
  writeFileSync(path.join(pglite, 'postmaster.pid'), '-42\n');
  err.length = 0;
  expect(await assessmentsCheckCommand([], deps)).toBe(1);
  expect(err.join('\n')).toBe(
    SERVER_MSG.cli.backup.pgliteInUse(pglite, path.join(pglite, 'postmaster.pid')).join('\n'),
  );
});
