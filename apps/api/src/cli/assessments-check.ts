import { formatDateTimeIn, fullName, MSG } from '@psicocampus/shared/domain';
import {
  assessmentContradictions,
  type AssessmentContradiction,
} from '@psicocampus/shared/columbia';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { AppConfig } from '../config';
import {
  clinicalTexts,
  resolveClinicalKeyring,
  type ClinicalTexts,
} from '../security/clinical-texts';
import { databaseTarget, openDatabase, type DatabaseHandle } from '../db/client';
import {
  listStoredAssessments,
  type StoredAssessmentRow,
} from '../plugins/assessments/assessment.queries';
import { commandConfig, commandOutput, pgliteProblem, runAsProgram } from './command-io';

/**
 * `npm run assessments:check`
 *
 * Lists every stored assessment whose answers contradict each other
 * (docs/columbia-assessment.md#contradicting-answers): the server refuses
 * them now, but a record saved before that rule may hold, say, the
 * description of an item answered "No". A saved assessment is a clinical
 * record and is never rewritten, so this command only reads: for each one,
 * its id, student, date, author and the contradicting fields, then the
 * count. The same shared function marks them on screen and in the PDF.
 */

const M = SERVER_MSG.cli.assessmentsCheck;

/** How many assessments are read at a time: memory stays bounded whatever the service holds. */
const PAGE = 500;

export interface AssessmentsCheckDependencies {
  config?: AppConfig;
  /** An open database to use (and leave open); by default the configured one is opened and closed. */
  database?: DatabaseHandle;
  /** Assessments read per query (tests make it small to cross pages). */
  pageSize?: number;
  print?: (line: string) => void;
  printError?: (line: string) => void;
}

interface Finding {
  row: StoredAssessmentRow;
  contradictions: AssessmentContradiction[];
}

/** Every assessment that contradicts itself, and how many were read, page by page. */
async function findContradicting(
  database: DatabaseHandle,
  texts: ClinicalTexts,
  pageSize: number,
): Promise<{ checked: number; findings: Finding[] }> {
  const findings: Finding[] = [];
  let checked = 0;
  let afterId: string | null = null;
  for (;;) {
    const rows = await listStoredAssessments(database.db, texts, afterId, pageSize);
    for (const row of rows) {
      const contradictions = assessmentContradictions(row.answers);
      if (contradictions.length) findings.push({ row, contradictions });
    }
    checked += rows.length;
    if (rows.length < pageSize) break;
    afterId = rows.at(-1)!.id;
  }
  // Oldest first, as a reader of the service's records expects them.
  findings.sort(
    (a, b) =>
      a.row.createdAt.getTime() - b.row.createdAt.getTime() || a.row.id.localeCompare(b.row.id),
  );
  return { checked, findings };
}

function printFindings(findings: Finding[], timeZone: string, print: (line: string) => void) {
  print(M.heading);
  for (const { row, contradictions } of findings) {
    print(
      M.entry(
        row.id,
        fullName(row.student),
        formatDateTimeIn(row.createdAt, timeZone),
        row.author ? `${fullName(row.author)} <${row.author.email}>` : MSG.common.notAssigned,
      ),
    );
    for (const found of contradictions) print(M.field(found.field, found.msg));
  }
}

/** Runs the check and answers its exit code: 0 when it ran (whatever it found), 1 otherwise. */
export async function assessmentsCheckCommand(
  argv: string[],
  deps: AssessmentsCheckDependencies = {},
): Promise<number> {
  const { print, printError } = commandOutput(deps);
  if (argv.length) {
    printError(M.usage);
    return 1;
  }
  const config = commandConfig(deps.config, printError);
  if (!config) return 1;
  let database: DatabaseHandle;
  try {
    const problem = deps.database ? null : pgliteProblem(config);
    if (problem) {
      printError(problem);
      return 1;
    }
    database = deps.database ?? (await openDatabase(databaseTarget(config)));
  } catch (error) {
    printError(M.databaseUnavailable((error as Error).message));
    return 1;
  }
  try {
    const texts = clinicalTexts(resolveClinicalKeyring(config, database.kind));
    const { checked, findings } = await findContradicting(database, texts, deps.pageSize ?? PAGE);
    if (findings.length) {
      printFindings(findings, config.serviceTimeZone, print);
      print(M.summary(checked, findings.length));
      print(M.whatNext);
    } else {
      print(M.summary(checked, 0));
      print(M.noneFound);
    }
    return 0;
  } finally {
    if (!deps.database) await database.close();
  }
}

// Run as a program (dist/assessments-check.js), not when a test imports it.
if (require.main === module) runAsProgram(assessmentsCheckCommand, M.crashed);
