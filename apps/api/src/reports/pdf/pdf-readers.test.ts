import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@psicocampus/shared/domain';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_SECTION_KEYS,
  SAFETY_PLAN_SECTIONS,
} from '@psicocampus/shared/safety-plan';
import { severeAnswers } from '../../../test/helpers/assessments';
import { studentBody } from '../../../test/helpers/patients';
import {
  NAMES_IN_SIX_SCRIPTS,
  NOTE_AS_PRINTED,
  reportsInSixScripts,
  type ReportsOfOneName,
} from '../../../test/helpers/names-in-six-scripts';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { seedWholeRecord } from '../../../test/helpers/whole-record';

/**
 * The reports as the tools people open them with read them
 * (docs/import-and-reports.md#reports):
 * poppler's pdftotext, pdfinfo and pdffonts and qpdf. They are Debian
 * packages, not npm ones, so this file is not part of `npm test`;
 * `.ci/run` installs them and runs it against the built server
 * (`npm run test:built`), and `npm run test:pdf-readers -w
 * @psicocampus/api` runs it on a machine that has them.
 */

const TOOLS = ['pdftotext', 'pdfinfo', 'pdffonts', 'qpdf'];
const missing = TOOLS.filter((tool) => spawnSync(tool, ['-v']).error);
if (missing.length) {
  throw new Error(
    `pdf-readers.test.ts needs ${missing.join(', ')}: install the Debian packages poppler-utils and qpdf.`,
  );
}

let server: TestServer;
let reports: ReportsOfOneName[];
let folder: string;

beforeAll(async () => {
  const signedIn = await serverWithDemoSessions();
  server = signedIn.server;
  reports = await reportsInSixScripts(server, signedIn.lucia);
  folder = mkdtempSync(path.join(tmpdir(), 'psicocampus-pdf-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await server.close();
});

function fileOf(pdf: Buffer, name: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, pdf);
  return file;
}

const run = (tool: string, ...args: string[]) =>
  execFileSync(tool, args, { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

const cases = NAMES_IN_SIX_SCRIPTS.flatMap((name, index) => [
  [name.script, 'general', index] as const,
  [name.script, 'assessment', index] as const,
]);

describe.each(cases)('the %s %s report', (_script, kind, index) => {
  let file: string;
  let report: ReportsOfOneName;
  beforeAll(() => {
    report = reports[index]!;
    file = fileOf(kind === 'general' ? report.student : report.assessment, `${kind}-${index}.pdf`);
  });

  it('reads back with pdftotext exactly as it was typed', () => {
    const text = run('pdftotext', '-enc', 'UTF-8', file, '-');
    // The general report's subtitle is the name; the assessment's, "Evaluación 1 · <name>".
    const line =
      kind === 'general' ? report.name : `${MSG.assessment.itemTitle(1)} · ${report.name}`;
    expect(text.split('\n')).toContain(line);
    expect(oneLine(text)).toContain(NOTE_AS_PRINTED);
  });

  it('is tagged, in Spanish, with its title shown, and PDF/A-2b (pdfinfo)', () => {
    const info = run('pdfinfo', file);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(info).toMatch(/^PDF version:\s+1\.7$/m);
    expect(info).toMatch(new RegExp(`^Title:\\s+.*${report.name}`, 'm'));
    const metadata = run('pdfinfo', '-meta', file);
    expect(metadata).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    expect(metadata).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    const raw = (kind === 'general' ? report.student : report.assessment).toString('latin1');
    expect(raw).toMatch(/\/Lang \(es-ES\)/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toMatch(/\/OutputIntents \[/);
  });

  it('has headings, paragraphs and tables in its structure tree, the header and footer left out', () => {
    const structure = run('pdfinfo', '-struct-text', file);
    const title = kind === 'general' ? 'Reporte general del estudiante' : MSG.assessment.title;
    expect(structure).toMatch(new RegExp(`^\\s*H1 \\(block\\)\\n\\s*"${title}"`, 'm'));
    expect(structure).toMatch(/^\s*H2 \(block\)$/m);
    expect(structure).toMatch(/^\s*P \(block\)$/m);
    expect(structure).toMatch(/^\s*Table \(block\)\n\s*TR\n\s*TH/m);
    expect(structure).not.toContain(MSG.shell.serviceName);
  });

  it('embeds every font it uses (pdffonts)', () => {
    const rows = run('pdffonts', file).trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/\s(yes)\s+(yes)\s+(yes)\s+\d+\s+\d+$/);
  });

  it('passes qpdf --check', () => {
    const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(check.stdout).toContain('No syntax or stream encoding errors found');
  });
});

describe('the safety plan', () => {
  const REASON = 'Ideación con plan y acceso a medios; sin red de apoyo cercana.';
  let file: string;

  beforeAll(async () => {
    const token = await server.login('psychologist');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      server.call({ method, url, token, ...(payload ? { payload: payload as object } : {}) });
    const student = (await call('POST', '/api/students', studentBody())).json().student;
    const assessment = (
      await call('POST', '/api/suicide-assessments', { ...severeAnswers(), student: student._id })
    ).json().assessment;
    await call('PUT', `/api/suicide-assessments/${assessment._id}/clinician-level`, {
      level: 'ALTO',
      reason: REASON,
    });
    const saved = await call('PUT', `/api/students/${student._id}/safety-plan`, {
      ...Object.fromEntries(SAFETY_PLAN_SECTION_KEYS.map((key) => [key, `Texto de «${key}».`])),
      status: 'complete',
      version: 0,
      assessmentId: assessment._id,
    });
    expect(saved.statusCode).toBe(200);
    const pdf = await call('GET', `/api/students/${student._id}/safety-plan/pdf`);
    file = fileOf(pdf.rawPayload, 'safety-plan.pdf');
  });

  it('reads back with pdftotext: the seven steps, the crisis line and the clinician’s level with its reason', () => {
    const text = oneLine(run('pdftotext', '-enc', 'UTF-8', file, '-'));
    SAFETY_PLAN_SECTION_KEYS.forEach((key, index) => {
      expect(text).toContain(`${index + 1}. ${SAFETY_PLAN_SECTIONS[key].title}`);
      expect(text).toContain(`Texto de «${key}».`);
    });
    expect(text).toContain(`${SAFETY_PLAN_MSG.pdf.crisisLine}: ${server.config.crisisLine}`);
    expect(text).toContain(`${CLINICIAN_LEVEL_MSG.clinicianLevel}: ${MSG.assessment.levels.ALTO}`);
    expect(text).toContain(REASON);
  });

  it('is tagged, in Spanish, PDF/A-2b, and passes qpdf --check', () => {
    const info = run('pdfinfo', file);
    expect(info).toMatch(/^Tagged:\s+yes$/m);
    expect(run('pdfinfo', '-meta', file)).toMatch(/<pdfaid:part>2<\/pdfaid:part>/);
    const structure = run('pdfinfo', '-struct-text', file);
    expect(structure).toMatch(
      new RegExp(`^\\s*H1 \\(block\\)\\n\\s*"${SAFETY_PLAN_MSG.title}"`, 'm'),
    );
    const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    expect(check.status).toBe(0);
  });
});

describe("a student's whole record (docs/api.md#record-export)", () => {
  let file: string;
  let texts: string[];
  let otherTexts: string[];

  beforeAll(async () => {
    const token = await server.login('psychologist');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      server.call({ method, url, token, ...(payload ? { payload: payload as object } : {}) });
    const student = (await call('POST', '/api/students', studentBody())).json().student;
    const other = (await call('POST', '/api/students', studentBody())).json().student;
    texts = await seedWholeRecord(server, token, student._id, 'Expediente-Íñigo');
    otherTexts = await seedWholeRecord(server, token, other._id, 'Expediente-Ñusta');
    const pdf = await call('GET', `/api/students/${student._id}/export/pdf`);
    expect(pdf.statusCode).toBe(200);
    file = fileOf(pdf.rawPayload, 'record.pdf');
  });

  it('reads back with pdftotext: every note, addendum, assessment, revision and appointment, nothing of another student', () => {
    const text = oneLine(run('pdftotext', '-enc', 'UTF-8', file, '-'));
    for (const written of texts) expect(text).toContain(written);
    for (const written of otherTexts) expect(text).not.toContain(written);
    expect(text).not.toContain('Expediente-Ñusta');
  });

  it('is tagged, in Spanish, PDF/A-2b, embeds its fonts and passes qpdf --check', () => {
    expect(run('pdfinfo', file)).toMatch(/^Tagged:\s+yes$/m);
    expect(run('pdfinfo', '-meta', file)).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    const structure = run('pdfinfo', '-struct-text', file);
    expect(structure).toMatch(/^\s*H1 \(block\)\n\s*"Expediente completo del estudiante"/m);
    for (const row of run('pdffonts', file).trim().split('\n').slice(2)) {
      expect(row).toMatch(/\s(yes)\s+(yes)\s+(yes)\s+\d+\s+\d+$/);
    }
    const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });
});
