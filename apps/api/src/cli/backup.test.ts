import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { desc, eq, sql } from 'drizzle-orm';
import { loadConfig, type AppConfig } from '../config';
import { databaseTarget, openDatabase, type DatabaseHandle } from '../db/client';
import {
  appointments,
  auditLog,
  clinicalNotes,
  students,
  suicideAssessments,
  users,
} from '../db/schema';
import { seedDemoData } from '../seed/demo-seed';
import { insertAssessment, openAssessment } from '../plugins/assessments/assessment.queries';
import { insertNote, openNote } from '../plugins/clinical-notes/clinical-note.queries';
import { clinicalTexts } from '../security/clinical-texts';
import { severeAnswers } from '../../test/helpers/assessments';
import { createTestDatabase } from '../../test/helpers/test-database';
import { backupCommand, restoreCommand, type BackupCommandDependencies } from './backup-restore';

/** Text no encoding mistake survives: accents, ñ, guillemets, an emoji, CJK, a line break. */
const NOTE_TEXT =
  'Sesión n.º 3 — refiere «insomnio» y ansiedad ante el examen de Anatomía; ñandú 😊 中文.\nSegunda línea: acordamos técnicas de respiración.';

/** The clinical texts' key, kept apart from the database as an operator keeps it. */
const TEXTS = clinicalTexts({ current: randomBytes(32), older: [] });

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'psicocampus-backup-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Runs a command as the operator would, capturing what it prints. */
async function run(
  command: typeof backupCommand,
  argv: string[],
  config: AppConfig,
  deps: Partial<BackupCommandDependencies> = {},
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, {
    config,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
    ...deps,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function withDatabase<T>(
  config: AppConfig,
  use: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(databaseTarget(config));
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** Demo data plus one of each clinical record, and a note with NOTE_TEXT; answers the note's id. */
async function seedSource(config: AppConfig): Promise<string> {
  return withDatabase(config, async ({ db }) => {
    await seedDemoData(db, { texts: TEXTS });
    const [psychologist] = await db.select().from(users).where(eq(users.role, 'PSYCHOLOGIST'));
    const [student] = await db
      .select()
      .from(students)
      .where(eq(students.assignedPsychologistId, psychologist!.id));
    const authorId = psychologist!.id;
    const studentId = student!.id;
    const note = await insertNote(db, TEXTS, {
      studentId,
      authorId,
      note: NOTE_TEXT,
      now: new Date(),
    });
    await insertNote(db, TEXTS, {
      studentId,
      authorId,
      note: 'Primera sesión: refiere dificultades para dormir.',
      now: new Date(),
    });
    await db.insert(appointments).values({
      studentId,
      psychologistId: authorId,
      date: new Date('2026-11-03T15:00:00Z'),
      reason: 'Seguimiento',
    });
    await insertAssessment(db, TEXTS, {
      studentId,
      authorId,
      answers: severeAnswers(),
      riskLevel: 'MUY_ALTO',
      createdAt: new Date(),
    });
    await db.insert(auditLog).values([
      { userId: authorId, role: 'PSYCHOLOGIST', action: 'note.create', outcome: 'success' },
      { userId: authorId, role: 'PSYCHOLOGIST', action: 'student.read', outcome: 'success' },
    ]);
    return note.id;
  });
}

type RowCounts = Record<string, number>;

/** The row count of every table, the product's and drizzle's migration record alike. */
async function countEveryTable({ db }: DatabaseHandle): Promise<RowCounts> {
  const rowsOf = async (query: ReturnType<typeof sql.raw>) =>
    ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const tables = await rowsOf(
    sql.raw(
      `select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'
       order by 1, 2`,
    ),
  );
  const counts: RowCounts = {};
  for (const { schema, name } of tables) {
    const [row] = await rowsOf(sql.raw(`select count(*) as total from "${schema}"."${name}"`));
    counts[`${schema}.${name}`] = Number(row!.total);
  }
  return counts;
}

/** The note as stored, and as it opens with the key kept beside the backup. */
async function noteText({ db }: DatabaseHandle, id: string) {
  const [row] = await db.select().from(clinicalNotes).where(eq(clinicalNotes.id, id));
  expect(row!.note).not.toContain('insomnio');
  return openNote(TEXTS, row!).note;
}

interface Engine {
  kind: 'pglite' | 'postgres';
  /** A configuration with a DATA_DIR of its own whose database is new and empty. */
  emptyDatabase(): Promise<AppConfig>;
}

const pgliteEngine: Engine = {
  kind: 'pglite',
  emptyDatabase: async () => loadConfig({ DATA_DIR: temporaryFolder() }),
};

/** A password the test server does not need (trust), to show it is never printed. */
const PASSWORD = 'clave-que-no-se-imprime';

const postgresEngine: Engine = {
  kind: 'postgres',
  async emptyDatabase() {
    const database = await createTestDatabase();
    cleanups.push(() => database.dispose());
    if (database.target.kind !== 'postgres') throw new Error('DATABASE_URL is not set');
    const url = new URL(database.target.url);
    if (!url.password) url.password = PASSWORD;
    return loadConfig({ DATA_DIR: temporaryFolder(), DATABASE_URL: url.toString() });
  },
};

const hasPgDump = !spawnSync('pg_dump', ['--version']).error;
const engines: Engine[] = [pgliteEngine];
if (process.env.DATABASE_URL) {
  if (hasPgDump) engines.push(postgresEngine);
  // Only a machine without PostgreSQL's client programs skips these.
  else it.skip('backs up and restores PostgreSQL (pg_dump is not installed)', () => {});
}

describe.each(engines)('npm run backup and npm run restore on $kind', (engine) => {
  let source: AppConfig;
  let noteId: string;
  let sourceCounts: RowCounts;
  let backupFile: string;
  let restored: AppConfig;

  beforeAll(async () => {
    source = await engine.emptyDatabase();
    noteId = await seedSource(source);
    sourceCounts = await withDatabase(source, countEveryTable);
  });

  it('writes the copy, readable by its owner only, under DATA_DIR/backups, and says what it holds', async () => {
    const result = await run(backupCommand, [], source, {
      now: () => new Date('2026-03-14T10:15:00.123Z'),
    });
    expect(result).toMatchObject({ code: 0, err: '' });

    const extension = engine.kind === 'postgres' ? 'dump' : 'tar.gz';
    backupFile = path.join(
      source.dataDir,
      'backups',
      `psicocampus-${engine.kind}-20260314T101500Z.${extension}`,
    );
    expect(readdirSync(path.dirname(backupFile))).toEqual([path.basename(backupFile)]);
    const file = statSync(backupFile);
    expect(file.mode & 0o777).toBe(0o600);
    expect(file.size).toBeGreaterThan(0);

    expect(result.out).toContain(`Copia de seguridad escrita en ${backupFile} (`);
    expect(result.out).toMatch(/Notas clínicas \(clinical_notes\)\s+2\n/);
    expect(result.out).toMatch(/Cuentas \(users\)\s+3\n/);
    expect(result.out).toMatch(/Evaluaciones C-SSRS \(suicide_assessments\)\s+1\n/);
    expect(result.out).toMatch(/Citas \(appointments\)\s+1\n/);
    expect(result.out).toMatch(/Registro de auditoría \(audit_log\)\s+2\n/);
    expect(result.out).toContain(`npm run restore -- "${backupFile}"`);
    expect(result.out).not.toContain(PASSWORD);
  });

  it('restores it into an empty database: every table has its rows, the note its text', async () => {
    restored = await engine.emptyDatabase();
    const result = await run(restoreCommand, [backupFile], restored);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('Base de datos restaurada en ');
    expect(result.out).toMatch(/Notas clínicas \(clinical_notes\)\s+2\n/);
    expect(result.out).not.toContain(PASSWORD);

    await withDatabase(restored, async (database) => {
      expect(await countEveryTable(database)).toEqual(sourceCounts);
      expect(await noteText(database, noteId)).toBe(NOTE_TEXT);
      const [assessment] = await database.db.select().from(suicideAssessments);
      expect(openAssessment(TEXTS, assessment!).answers).toEqual(severeAnswers());
    });
  });

  it('keeps the audit log append-only, and its numbering, in the restored database', async () => {
    await withDatabase(restored, async ({ db }) => {
      await expect(db.execute(sql`delete from audit_log`)).rejects.toMatchObject({
        cause: expect.objectContaining({ message: expect.stringContaining('append-only') }),
      });
      const [last] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      const [added] = await db
        .insert(auditLog)
        .values({ action: 'student.list', outcome: 'success' })
        .returning();
      expect(added!.id).toBeGreaterThan(last!.id);
    });
  });

  it('refuses to restore into a database that is not empty, and changes nothing', async () => {
    const before = await withDatabase(restored, countEveryTable);
    const result = await run(restoreCommand, [backupFile], restored);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    if (engine.kind === 'postgres') {
      expect(result.err).toContain('no está vacía (ya tiene las tablas ');
      expect(result.err).toContain('solo escribe en una base de datos vacía');
      expect(result.err).not.toContain(PASSWORD);
    } else {
      const folder = path.join(restored.dataDir, 'pglite');
      expect(result.err).toContain(`Ya hay una base de datos en ${folder}`);
      expect(result.err).toContain(`mv "${folder}" "${folder}.anterior"`);
      // No half-restored folder is left beside it.
      expect(readdirSync(restored.dataDir)).toEqual(['pglite']);
    }
    expect(await withDatabase(restored, countEveryTable)).toEqual(before);
  });

  it('does not overwrite an existing file given with --out', async () => {
    const result = await run(backupCommand, ['--out', backupFile], source);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `Ya existe ${backupFile}; no se sobrescribe. Elige otro nombre con --out.`,
    );
  });

  // Opens the source database, which exists already: a new one would spend
  // seconds of CPU in initdb, which timed this test out on a busy machine.
  if (engine.kind === 'pglite') {
    it('refuses while the database is open, because PGlite allows one process at a time', async () => {
      const folder = path.join(source.dataDir, 'pglite');
      const server = await PGlite.create(folder);
      try {
        const result = await run(backupCommand, [], source);
        expect(result.code).toBe(1);
        expect(result.err).toContain(`La base de datos PGlite de ${folder} está abierta`);
        expect(result.err).toContain('detén el servidor');
      } finally {
        await server.close();
      }
      const again = await run(
        backupCommand,
        ['--out', path.join(source.dataDir, 'copia.tar.gz')],
        source,
      );
      expect(again).toMatchObject({ code: 0, err: '' });
    });
  }
});

(process.env.DATABASE_URL && hasPgDump ? describe : describe.skip)(
  'npm run backup when pg_dump fails',
  () => {
    it('says so and leaves no file behind', async () => {
      const config = await postgresEngine.emptyDatabase();
      // `false` starts, answers --version and then fails, as a broken pg_dump would.
      const result = await run(backupCommand, [], config, { pgDump: 'false' });
      expect(result.code).toBe(1);
      expect(result.err).toBe(
        'pg_dump terminó con un error (código 1); no se escribió ninguna copia.',
      );
      expect(readdirSync(path.join(config.dataDir, 'backups'))).toEqual([]);
    });
  },
);

describe('npm run backup on PGlite without a database', () => {
  it('says so when DATA_DIR holds no database', async () => {
    const config = await pgliteEngine.emptyDatabase();
    const result = await run(backupCommand, [], config);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `No hay una base de datos PGlite en ${path.join(config.dataDir, 'pglite')}. Revisa DATA_DIR.`,
    );
    expect(readdirSync(config.dataDir)).toEqual([]);
  });
});

describe('npm run restore refuses what it cannot restore', () => {
  const somewhere = () => loadConfig({ DATA_DIR: temporaryFolder() });
  /** Nothing listens there: these refusals come before any connection. */
  const unreachablePostgres = () =>
    loadConfig({
      DATA_DIR: temporaryFolder(),
      DATABASE_URL: 'postgres://psicocampus:secreto@127.0.0.1:1/psicocampus',
    });
  const fileWith = (name: string, content: Buffer | string) => {
    const file = path.join(temporaryFolder(), name);
    writeFileSync(file, content);
    return file;
  };

  it('asks for exactly one file', async () => {
    const none = await run(restoreCommand, [], somewhere());
    expect(none.code).toBe(1);
    expect(none.err).toBe(
      'Indica un archivo de copia de seguridad, y solo uno.\nUso: npm run restore -- <archivo>',
    );
    const option = await run(restoreCommand, ['--force', 'x'], somewhere());
    expect(option.err).toContain('Opción no válida o sin valor: --force.');
  });

  it('says when the file is missing or is not a backup', async () => {
    const config = somewhere();
    const missing = path.join(config.dataDir, 'no-existe.tar.gz');
    expect((await run(restoreCommand, [missing], config)).err).toBe(
      `No existe el archivo ${missing}.`,
    );
    const text = fileWith('notas.txt', 'hola');
    expect((await run(restoreCommand, [text], config)).err).toBe(
      `${text} no es una copia de seguridad de PsicoCampus (ni de pg_dump ni de PGlite).`,
    );
    const gzip = fileWith('otra-cosa.tar.gz', gzipSync('no es una base de datos'));
    const result = await run(restoreCommand, [gzip], config);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`${gzip} no se pudo cargar como copia de PGlite`);
    expect(readdirSync(config.dataDir)).toEqual([]);
  });

  it('does not mix engines: a PGlite copy needs no DATABASE_URL, a pg_dump copy needs one', async () => {
    const pgliteCopy = fileWith('copia.tar.gz', gzipSync('x'));
    const onPostgres = await run(restoreCommand, [pgliteCopy], unreachablePostgres());
    expect(onPostgres.err).toContain(`${pgliteCopy} es una copia de PGlite`);
    expect(onPostgres.err).toContain('ejecuta el comando sin DATABASE_URL');

    const pgCopy = fileWith('copia.dump', 'PGDMP\u0001\u000e');
    const onPglite = await run(restoreCommand, [pgCopy], somewhere());
    expect(onPglite.err).toContain(`${pgCopy} es una copia de PostgreSQL (pg_dump)`);
    expect(onPglite.err).toContain('Define DATABASE_URL con la base de datos vacía de destino');
  });

  it('explains how to install pg_dump and pg_restore when they are missing', async () => {
    const config = unreachablePostgres();
    const backup = await run(backupCommand, [], config, { pgDump: 'pg_dump-que-no-existe' });
    expect(backup.code).toBe(1);
    expect(backup.err).toContain('No se encontró pg_dump-que-no-existe');
    expect(backup.err).toContain('sudo apt-get install postgresql-client');
    // Refused before anything was written, even the backups folder.
    expect(readdirSync(config.dataDir)).toEqual([]);

    const pgCopy = fileWith('copia.dump', 'PGDMP\u0001\u000e');
    const restore = await run(restoreCommand, [pgCopy], config, {
      pgRestore: 'pg_restore-que-no-existe',
    });
    expect(restore.err).toContain('No se encontró pg_restore-que-no-existe');
    expect(`${backup.out}${backup.err}${restore.out}${restore.err}`).not.toContain('secreto');
  });

  // pg_dump is looked for before connecting.
  (hasPgDump ? it : it.skip)(
    'says when PostgreSQL cannot be reached, without the password',
    async () => {
      const result = await run(backupCommand, [], unreachablePostgres());
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        'No se pudo conectar con PostgreSQL en postgres://psicocampus@127.0.0.1:1/psicocampus',
      );
      expect(`${result.out}${result.err}`).not.toContain('secreto');
    },
  );
});
