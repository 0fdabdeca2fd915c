import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { auditVerifyCommand, EXIT_BROKEN } from '../cli/audit-verify';
import { migrateCommand } from '../cli/migrate';
import { loadConfig } from '../config';
import { DEMO_ACCOUNTS } from '../seed/demo-seed';
import { createServer, type RunningServer } from '../server';
import { studentBody } from '../../test/helpers/patients';
import {
  MigrationsPendingError,
  MigrationsUnreadableError,
  preparePostgresSchema,
} from './migrations';
import { onPostgres } from '../../test/helpers/test-database';
import { TEST_CLINICAL_KEY } from '../../test/helpers/test-server';
import { rotateKeyCommand } from '../cli/rotate-key';

/**
 * Production's two database roles (SECURITY.md, "Database roles in
 * production"), on the test PostgreSQL server: a role that owns the schema and
 * runs `npm run migrate`, and the server's role, which that command grants.
 * PostgreSQL only: PGlite has a single role (a local process, no database
 * users on a network), so there is nothing to separate there.
 */
const describeOnPostgres = onPostgres ? describe : describe.skip;

/** The test server's superuser (CREATE ROLE needs it), e.g. postgres@127.0.0.1. */
const SERVER_URL = process.env.DATABASE_URL ?? '';

/** Runs `statements` as the superuser, in the test server's database or in `database`. */
async function asSuperuser(statements: string[], database?: string): Promise<void> {
  const url = new URL(SERVER_URL);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of `database` as `role` (the test server trusts local connections). */
function urlAs(role: string, database: string): string {
  const url = new URL(SERVER_URL);
  url.username = role;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
}

interface Run {
  code: number;
  out: string;
  err: string;
}

describeOnPostgres(
  'two database roles (PostgreSQL only: PGlite has a single role): the owner migrates, the server role only writes rows',
  () => {
    const suffix = randomBytes(5).toString('hex');
    const owner = `pc_owner_${suffix}`;
    const app = `pc_app_${suffix}`;
    const database = `pc_roles_${suffix}`;
    /** A database no migration has touched yet, owned by the owner too. */
    const empty = `pc_roles_empty_${suffix}`;
    /** A role with a way around its grants, which the command must refuse. */
    const unsafe = `pc_unsafe_${suffix}`;
    /** An installation made with one role (deploy/README.md before two), and its new owner. */
    const legacy = `pc_legacy_${suffix}`;
    const legacyDatabase = `pc_roles_legacy_${suffix}`;
    const newOwner = `pc_new_owner_${suffix}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-roles-'));
    let asApp: pg.Client;
    let first: Run;

    function migrate(env: Record<string, string>): Promise<Run> {
      let out = '';
      let err = '';
      return migrateCommand([], {
        config: loadConfig({ DATA_DIR: dataDir, ...env }),
        print: (line) => (out += `${line}\n`),
        printError: (line) => (err += `${line}\n`),
      }).then((code) => ({ code, out, err }));
    }

    /** The SQLSTATE a statement run as the server's role fails with (null when it succeeds). */
    async function failureOf(statement: string, values: unknown[] = []): Promise<string | null> {
      await asApp.query('begin');
      try {
        await asApp.query(statement, values);
        return null;
      } catch (error) {
        return (error as { code?: string }).code ?? 'unknown';
      } finally {
        await asApp.query('rollback');
      }
    }

    async function auditCount(): Promise<number> {
      const result = await asApp.query<{ n: number }>('select count(*)::int as n from audit_log');
      return result.rows[0]!.n;
    }

    beforeAll(async () => {
      await asSuperuser([
        `create role ${owner} login`,
        `create role ${app} login`,
        `create database ${database} owner ${owner}`,
        `create database ${empty} owner ${owner}`,
      ]);
      first = await migrate({
        MIGRATION_DATABASE_URL: urlAs(owner, database),
        DATABASE_APP_ROLE: app,
      });
      asApp = new pg.Client({ connectionString: urlAs(app, database) });
      await asApp.connect();
    }, 180_000);

    afterAll(async () => {
      await asApp?.end();
      // One by one, so that a failure leaves nothing else behind on the shared server.
      const cleanup = [
        `drop database if exists ${database} with (force)`,
        `drop database if exists ${empty} with (force)`,
        `drop database if exists ${legacyDatabase} with (force)`,
        `drop role if exists ${unsafe}`,
        `drop role if exists ${legacy}`,
        `drop role if exists ${newOwner}`,
        `drop role if exists ${app}`,
        `drop role if exists ${owner}`,
      ];
      for (const statement of cleanup) {
        await asSuperuser([statement]).catch((error: unknown) => console.error(statement, error));
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('npm run migrate applies every migration as the owner and says what the server role may do', () => {
      expect(first.err).toBe('');
      expect(first.code).toBe(0);
      expect(first.out).toContain('Migraciones aplicadas: 0000_init');
      expect(first.out).toContain(`Permisos del rol ${app}`);
      expect(first.out).toMatch(
        /SELECT, INSERT \(nunca UPDATE, DELETE ni TRUNCATE\) en assessment_remarks, audit_log, clinical_note_addenda, safety_plan_revisions;/,
      );
    });

    it('lets the server role insert and read audit rows', async () => {
      await asApp.query(
        `insert into audit_log (action, outcome, record_type) values ('test.app-role', 'success', 'prueba')`,
      );
      const rows = await asApp.query<{ action: string }>(
        `select action from audit_log where action = 'test.app-role'`,
      );
      expect(rows.rows).toEqual([{ action: 'test.app-role' }]);
    });

    it("lets the server role keep calendar feeds and cancel an appointment's queued mail (0012)", async () => {
      const user = await asApp.query<{ id: string }>(
        `insert into users (email, role, first_name, last_name)
         values ('feed.app-role@psicocampus.test', 'PSYCHOLOGIST', 'Ana', 'Feed') returning id`,
      );
      const id = user.rows[0]!.id;
      await asApp.query(
        `insert into calendar_feeds (psychologist_id, token_hash) values ($1, 'hash-1')`,
        [id],
      );
      await asApp.query(
        `update calendar_feeds set token_hash = 'hash-2', show_names = true where psychologist_id = $1`,
        [id],
      );
      const mail = await asApp.query<{ id: string }>(
        `insert into mail_queue (kind, recipient, subject, calendar)
         values ('reminder', 'estudiante@psicocampus.test', 'Recordatorio', 'BEGIN:VCALENDAR') returning id`,
      );
      await asApp.query(
        `update mail_queue set status = 'cancelled', calendar = null where id = $1`,
        [mail.rows[0]!.id],
      );
      const deleted = await asApp.query(`delete from calendar_feeds where psychologist_id = $1`, [
        id,
      ]);
      expect(deleted.rowCount).toBe(1);
      await asApp.query(`delete from mail_queue where id = $1`, [mail.rows[0]!.id]);
      await asApp.query(`delete from users where id = $1`, [id]);
    });

    it.each([
      ['disable its triggers', 'alter table audit_log disable trigger all'],
      ['disable one trigger', 'alter table audit_log disable trigger audit_log_no_update_delete'],
      ['drop a trigger', 'drop trigger audit_log_no_update_delete on audit_log'],
      ['take it over', `alter table audit_log owner to ${app}`],
      ['delete from it', 'delete from audit_log'],
      ['update it', `update audit_log set outcome = 'success'`],
      ['truncate it', 'truncate audit_log'],
      ['drop it', 'drop table audit_log'],
      ['lock its rows for change', 'select id from audit_log for update'],
      // Its chain (docs/data-model.md#audit-chain): the functions are the owner's.
      ['drop its chain trigger', 'drop trigger audit_log_chain on audit_log'],
      [
        'replace the function that hashes its rows',
        `create or replace function audit_log_hash(entry audit_log) returns text language sql as $$ select '' $$`,
      ],
      ['drop the function that chains its rows', 'drop function audit_log_chain() cascade'],
    ])('refuses the server role to %s (permission denied)', async (_what, statement) => {
      const before = await auditCount();
      expect(await failureOf(statement)).toBe('42501');
      expect(await auditCount()).toBe(before);
      expect(before).toBeGreaterThan(0);
    });

    it.each([
      ['create a table', 'create table x ()'],
      ['create a table in the migrations schema', 'create table drizzle.x ()'],
      ['create a temporary table', 'create temporary table x ()'],
      ['create a schema', 'create schema x'],
      ['create a function', 'create function x() returns int language sql as $$ select 1 $$'],
      ['alter a table it writes', 'alter table students add column x int'],
      [
        'write the migrations record',
        `insert into drizzle.__drizzle_migrations (hash) values ('x')`,
      ],
    ])('refuses the server role to %s', async (_what, statement) => {
      expect(await failureOf(statement)).toBe('42501');
    });

    it('lets the server role write students, never delete one with an assessment, its final remarks or the assessment itself', async () => {
      const student = await asApp.query<{ id: string }>(
        `insert into students (first_name, last_name, age, gender, email, phone, city, career, career_level, employment_status)
       values ('Ana', 'Prueba', 20, 'FEMENINO', $1, '0991234567', 'Quito', 'Psicología', 'PREGRADO', 'DESEMPLEADO')
       returning id`,
        [`ana.${suffix}@universidad.test`],
      );
      const studentId = student.rows[0]!.id;
      await asApp.query(
        `update students set city = 'Cuenca', version = version + 1 where id = $1`,
        [studentId],
      );
      const assessment = await asApp.query<{ id: string }>(
        `insert into suicide_assessments (student_id, answers, risk_level) values ($1, '{}', 'BAJO') returning id`,
        [studentId],
      );
      const assessmentId = assessment.rows[0]!.id;
      await asApp.query(
        `insert into assessment_remarks (assessment_id, text) values ($1, 'Primera')`,
        [assessmentId],
      );

      // The clinician's level: the server role fills it in once, and then
      // neither it nor the engine's level can be changed, whatever the statement.
      const reason = 'Red de apoyo sólida y plan de seguridad acordado.';
      expect(
        await failureOf(`update suicide_assessments set risk_level = 'ALTO' where id = $1`, [
          assessmentId,
        ]),
      ).toBe('42501');
      await asApp.query(
        `update suicide_assessments set clinician_level = 'MODERADO', clinician_reason = $2,
           clinician_level_at = now() where id = $1 and clinician_level is null`,
        [assessmentId, reason],
      );
      for (const change of [
        `clinician_level = 'ALTO'`,
        `clinician_reason = 'Otro motivo, escrito después sin control.'`,
        `clinician_level = null, clinician_reason = null, clinician_level_at = null`,
      ]) {
        expect(
          await failureOf(`update suicide_assessments set ${change} where id = $1`, [assessmentId]),
        ).toBe('42501');
      }
      const kept = await asApp.query<{ clinician_level: string; risk_level: string }>(
        'select clinician_level, risk_level from suicide_assessments where id = $1',
        [assessmentId],
      );
      expect(kept.rows).toEqual([{ clinician_level: 'MODERADO', risk_level: 'BAJO' }]);

      // The remarks are append-only for the server role too...
      expect(await failureOf(`update assessment_remarks set text = 'Otra'`)).toBe('42501');
      expect(await failureOf(`delete from assessment_remarks`)).toBe('42501');

      // ...and nothing reaches them through a deletion (migration 0019): the
      // assessment is never deleted, and its student is archived, not deleted.
      expect(await failureOf('delete from suicide_assessments where id = $1', [assessmentId])).toBe(
        '42501',
      );
      expect(await failureOf('delete from students where id = $1', [studentId])).toBe('42501');
      const left = await asApp.query<{ n: number }>(
        `select (select count(*)::int from suicide_assessments where id = $1)
            + (select count(*)::int from assessment_remarks where assessment_id = $1) as n`,
        [assessmentId],
      );
      expect(left.rows[0]!.n).toBe(2);
    });

    it('keeps every revision of a safety plan: the server role may add one, never change or remove one', async () => {
      const studentId = (
        await asApp.query<{ id: string }>(
          `insert into students (first_name, last_name, age, gender, email, phone, city, career, career_level, employment_status)
         values ('Pía', 'Plan', 20, 'FEMENINO', $1, '0991234567', 'Quito', 'Psicología', 'PREGRADO', 'DESEMPLEADO')
         returning id`,
          [`pia.${suffix}@universidad.test`],
        )
      ).rows[0]!.id;
      await asApp.query(
        `insert into safety_plan_revisions (student_id, version, status, warning_signs)
           values ($1, 1, 'draft', 'Insomnio'), ($1, 2, 'complete', 'Insomnio, aislamiento')`,
        [studentId],
      );
      for (const change of [`warning_signs = 'Otra'`, `status = 'draft'`, `author_id = null`]) {
        expect(await failureOf(`update safety_plan_revisions set ${change}`)).toBe('42501');
      }
      expect(await failureOf(`delete from safety_plan_revisions`)).toBe('42501');
      expect(
        await failureOf(
          `insert into safety_plan_revisions (student_id, version, status) values ($1, 2, 'draft')`,
          [studentId],
        ),
      ).toBe('23505');
      const kept = await asApp.query<{ version: number; warning_signs: string }>(
        `select version, warning_signs from safety_plan_revisions where student_id = $1 order by version`,
        [studentId],
      );
      expect(kept.rows).toEqual([
        { version: 1, warning_signs: 'Insomnio' },
        { version: 2, warning_signs: 'Insomnio, aislamiento' },
      ]);

      // The student's deletion cannot take the plan with it (migration 0019).
      expect(await failureOf('delete from students where id = $1', [studentId])).toBe('42501');
      const left = await asApp.query<{ n: number }>(
        `select count(*)::int as n from safety_plan_revisions where student_id = $1`,
        [studentId],
      );
      expect(left.rows[0]!.n).toBe(2);
    });

    it('refuses the server role any change to a signed note or an addendum, a student deletion included', async () => {
      const student = await asApp.query<{ id: string }>(
        `insert into students (first_name, last_name, age, gender, email, phone, city, career, career_level, employment_status)
       values ('Bea', 'Firma', 21, 'FEMENINO', $1, '0991234567', 'Quito', 'Psicología', 'PREGRADO', 'DESEMPLEADO')
       returning id`,
        [`bea.${suffix}@universidad.test`],
      );
      const studentId = student.rows[0]!.id;
      const insertNote = async (text: string) =>
        (
          await asApp.query<{ id: string }>(
            `insert into clinical_notes (student_id, note) values ($1, $2) returning id`,
            [studentId, text],
          )
        ).rows[0]!.id;
      // A draft is the author's to change or delete, as before.
      const draft = await insertNote('Borrador');
      await asApp.query(`update clinical_notes set note = 'Borrador corregido' where id = $1`, [
        draft,
      ]);
      await asApp.query(`delete from clinical_notes where id = $1`, [draft]);

      const signed = await insertNote('Firmada');
      await asApp.query(`update clinical_notes set signed_at = now() where id = $1`, [signed]);
      for (const change of [
        `note = 'Reescrita'`,
        `signed_at = null`,
        `version = version + 1`,
        `author_id = null`,
      ]) {
        expect(await failureOf(`update clinical_notes set ${change} where id = $1`, [signed])).toBe(
          '42501',
        );
      }
      expect(await failureOf(`delete from clinical_notes where id = $1`, [signed])).toBe('42501');

      await asApp.query(`insert into clinical_note_addenda (note_id, text) values ($1, 'Adenda')`, [
        signed,
      ]);
      expect(await failureOf(`update clinical_note_addenda set text = 'Otra'`)).toBe('42501');
      expect(await failureOf(`delete from clinical_note_addenda`)).toBe('42501');
      const kept = await asApp.query<{ note: string; addenda: number }>(
        `select note, (select count(*)::int from clinical_note_addenda where note_id = $1) as addenda
           from clinical_notes where id = $1`,
        [signed],
      );
      expect(kept.rows).toEqual([{ note: 'Firmada', addenda: 1 }]);

      // Deleting the student would take its notes: refused (migration 0019,
      // docs/data-model.md#archived-students), whether by the trigger or the
      // foreign key, which no longer cascades.
      expect(await failureOf('delete from students where id = $1', [studentId])).toBe('42501');
      // An addendum slipped under a draft does not go with the draft either.
      const draftWithAddendum = await insertNote('Otro borrador');
      await asApp.query(`insert into clinical_note_addenda (note_id, text) values ($1, 'Colada')`, [
        draftWithAddendum,
      ]);
      expect(await failureOf('delete from clinical_notes where id = $1', [draftWithAddendum])).toBe(
        '23503',
      );
      const left = await asApp.query<{ n: number }>(
        `select (select count(*)::int from clinical_notes where id = $1)
            + (select count(*)::int from clinical_note_addenda where note_id = $1) as n`,
        [signed],
      );
      expect(left.rows[0]!.n).toBe(2);
    });

    it('lets the server role archive a student, never change, delete or restore one without its audit row', async () => {
      const studentId = (
        await asApp.query<{ id: string }>(
          `insert into students (first_name, last_name, age, gender, email, phone, city, career, career_level, employment_status)
         values ('Ada', 'Archivo', 22, 'FEMENINO', $1, '0991234567', 'Quito', 'Psicología', 'PREGRADO', 'DESEMPLEADO')
         returning id`,
          [`ada.${suffix}@universidad.test`],
        )
      ).rows[0]!.id;
      await asApp.query(`insert into clinical_notes (student_id, note) values ($1, 'Nota')`, [
        studentId,
      ]);
      const psychologistId = (
        await asApp.query<{ id: string }>(
          `insert into users (email, role, first_name, last_name)
           values ($1, 'PSYCHOLOGIST', 'Pía', 'Restauradora') returning id`,
          [`pia.restaura.${suffix}@psicocampus.test`],
        )
      ).rows[0]!.id;
      // Held by someone: an archived student is nobody's.
      expect(
        await failureOf(
          `update students set archived_at = now(), assigned_psychologist_id = $2 where id = $1`,
          [studentId, psychologistId],
        ),
      ).toBe('23514');
      await asApp.query(
        `update students set archived_at = now(), assigned_psychologist_id = null where id = $1`,
        [studentId],
      );
      for (const [statement, values] of [
        [`update students set first_name = 'Otra' where id = $1`, [studentId]],
        [
          `update students set assigned_psychologist_id = $2 where id = $1`,
          [studentId, psychologistId],
        ],
        [`update students set archived_at = now() - interval '1 day' where id = $1`, [studentId]],
        [`delete from students where id = $1`, [studentId]],
        ['truncate students cascade', []],
      ] as const) {
        expect({ statement, code: await failureOf(statement, [...values]) }).toEqual({
          statement,
          code: '42501',
        });
      }

      // A restore commits only with its audit row, written in the same transaction.
      const restore = `update students set archived_at = null, archived_by_id = null,
        assigned_psychologist_id = $2 where id = $1`;
      await asApp.query('begin');
      await asApp.query(restore, [studentId, psychologistId]);
      await expect(asApp.query('commit')).rejects.toMatchObject({ code: '42501' });
      const still = await asApp.query<{ archived: boolean }>(
        'select archived_at is not null as archived from students where id = $1',
        [studentId],
      );
      expect(still.rows).toEqual([{ archived: true }]);
      await asApp.query('begin');
      await asApp.query(restore, [studentId, psychologistId]);
      await asApp.query(
        `insert into audit_log (action, outcome, record_type, record_id) values ('student.restore', 'success', 'student', $1)`,
        [studentId],
      );
      await asApp.query('commit');
      const restored = await asApp.query<{ archived: boolean; notes: number }>(
        `select archived_at is not null as archived,
           (select count(*)::int from clinical_notes where student_id = $1) as notes
         from students where id = $1`,
        [studentId],
      );
      expect(restored.rows).toEqual([{ archived: false, notes: 1 }]);
      // The server's start seeds the demo only into a database without accounts.
      await asApp.query('delete from users where id = $1', [psychologistId]);
    });

    it('gives the same privileges when run again, after nothing is left to migrate', async () => {
      const again = await migrate({
        MIGRATION_DATABASE_URL: urlAs(owner, database),
        DATABASE_APP_ROLE: app,
      });
      expect(again).toMatchObject({ code: 0, err: '' });
      expect(again.out).toContain('No había migraciones pendientes.');
      expect(await failureOf('delete from audit_log')).toBe('42501');
      expect(
        await failureOf(`insert into audit_log (action, outcome) values ('x', 'success')`),
      ).toBe(null);
    });

    it('refuses to grant when the server role is the owner itself, or when MIGRATION_DATABASE_URL is the server role', async () => {
      const same = await migrate({
        MIGRATION_DATABASE_URL: urlAs(owner, database),
        DATABASE_APP_ROLE: owner,
      });
      expect(same.code).toBe(1);
      expect(same.err).toContain(
        `DATABASE_APP_ROLE (${owner}) es el mismo rol con el que se conecta`,
      );

      // The server's own URL is not the one that migrates: refused before trying.
      const asServer = await migrate({
        DATABASE_URL: urlAs(app, database),
        DATABASE_APP_ROLE: app,
      });
      expect(asServer.code).toBe(1);
      expect(asServer.err).toContain(`DATABASE_APP_ROLE (${app}) es el mismo rol`);
    });

    it.each([
      ['may create roles (and so make itself a member of the owner)', 'createrole', false],
      ['may create databases', 'createdb', false],
      ['owns a table', '', true],
    ])('refuses a server role that %s, granting nothing', async (_what, attribute, ownsTable) => {
      await asSuperuser([`create role ${unsafe} login ${attribute}`]);
      const table = `pc_owned_${suffix}`;
      try {
        if (ownsTable) {
          await asSuperuser(
            [`create table ${table} ()`, `alter table ${table} owner to ${unsafe}`],
            database,
          );
        }
        const run = await migrate({
          MIGRATION_DATABASE_URL: urlAs(owner, database),
          DATABASE_APP_ROLE: unsafe,
        });
        expect(run.code).toBe(1);
        expect(run.err).toContain(`El rol ${unsafe} (DATABASE_APP_ROLE)`);
        const asUnsafe = new pg.Client({ connectionString: urlAs(unsafe, database) });
        await asUnsafe.connect();
        const granted = await asUnsafe.query<{ insert: boolean }>(
          `select has_table_privilege(current_user, 'audit_log', 'INSERT') as insert`,
        );
        await asUnsafe.end();
        expect(granted.rows[0]!.insert).toBe(false);
      } finally {
        await asSuperuser([`drop table if exists ${table}`], database);
        await asSuperuser([`drop role if exists ${unsafe}`]);
      }
    });

    describe('the server started with MIGRATE_ON_START=false, as its role', () => {
      async function prepareAs(role: string, db: string): Promise<unknown> {
        const pool = new pg.Pool({ connectionString: urlAs(role, db), max: 1 });
        try {
          await preparePostgresSchema(pool, false);
          return null;
        } catch (error) {
          return error;
        } finally {
          await pool.end();
        }
      }

      it('starts when every migration is applied', async () => {
        expect(await prepareAs(app, database)).toBeNull();
      });

      it('refuses to start on a database behind this version, telling the operator to run npm run migrate', async () => {
        const error = await prepareAs(app, empty);
        expect(error).toBeInstanceOf(MigrationsPendingError);
        expect((error as Error).message).toMatch(
          /faltan: 0000_init, 0001_auth, .*\) y este servidor no las aplica/,
        );
        expect((error as Error).message).toContain('Ejecuta "npm run migrate"');
        // It only looked: the database is as empty as it was.
        const asOwner = new pg.Client({ connectionString: urlAs(owner, empty) });
        await asOwner.connect();
        const tables = await asOwner.query(
          `select 1 from pg_tables where schemaname in ('public', 'drizzle')`,
        );
        await asOwner.end();
        expect(tables.rows).toEqual([]);
      });

      it('refuses to start, saying to run npm run migrate, when its role was never granted', async () => {
        // Migrated by the owner without DATABASE_APP_ROLE: the server's role may not read the record.
        const ownerOnly = await migrate({ MIGRATION_DATABASE_URL: urlAs(owner, empty) });
        expect(ownerOnly.code).toBe(0);
        const error = await prepareAs(app, empty);
        expect(error).toBeInstanceOf(MigrationsUnreadableError);
        expect((error as Error).message).toContain('Ejecuta "npm run migrate"');
        expect((error as Error).message).toContain('DATABASE_APP_ROLE');
      });
    });

    it('moves an installation made with one role to two, as deploy/README.md says', async () => {
      await asSuperuser([
        `create role ${legacy} login`,
        `create database ${legacyDatabase} owner ${legacy}`,
      ]);
      const before = await migrate({ DATABASE_URL: urlAs(legacy, legacyDatabase) });
      expect(before.code).toBe(0);
      expect(before.out).toContain('DATABASE_APP_ROLE no está definido');
      const asLegacy = new pg.Client({ connectionString: urlAs(legacy, legacyDatabase) });
      await asLegacy.connect();
      try {
        await asLegacy.query(`insert into audit_log (action, outcome) values ('antes', 'success')`);
        // An outside review's finding: the owner may switch the trigger off.
        await asLegacy.query('begin');
        await asLegacy.query('alter table audit_log disable trigger all');
        await asLegacy.query('rollback');

        await asSuperuser(
          [`create role ${newOwner} login`, `reassign owned by ${legacy} to ${newOwner}`],
          legacyDatabase,
        );
        const after = await migrate({
          MIGRATION_DATABASE_URL: urlAs(newOwner, legacyDatabase),
          DATABASE_APP_ROLE: legacy,
        });
        expect(after).toMatchObject({ code: 0, err: '' });

        for (const statement of [
          'alter table audit_log disable trigger all',
          'delete from audit_log',
        ]) {
          await expect(asLegacy.query(statement)).rejects.toMatchObject({ code: '42501' });
        }
        const kept = await asLegacy.query(`select action from audit_log where action = 'antes'`);
        expect(kept.rows).toHaveLength(1);
      } finally {
        await asLegacy.end();
      }
    });

    describe('the server run as its role with MIGRATE_ON_START=false', () => {
      let server: RunningServer;
      beforeAll(async () => {
        const config = {
          ...loadConfig({
            LOG_LEVEL: 'silent',
            DATA_DIR: dataDir,
            DATABASE_URL: urlAs(app, database),
            MIGRATE_ON_START: 'false',
            CLINICAL_ENCRYPTION_KEY: TEST_CLINICAL_KEY,
          }),
          web: null,
        };
        // The rows the tests above wrote in clear, as a version before sealing
        // left them: the server's role cannot rewrite them and does not start
        // (docs/decisions.md#clinical-texts-sealed-at-rest) until the owner seals them.
        await expect(createServer(config)).rejects.toThrow(/npm run rotate-key/);
        const sealed = await rotateKeyCommand([], {
          config: loadConfig({
            DATA_DIR: dataDir,
            DATABASE_URL: urlAs(app, database),
            MIGRATION_DATABASE_URL: urlAs(owner, database),
            CLINICAL_ENCRYPTION_KEY: TEST_CLINICAL_KEY,
          }),
          print: () => {},
        });
        expect(sealed).toBe(0);
        server = await createServer(config);
        await server.app.ready();
      }, 180_000);
      afterAll(() => server?.close());

      it('seeds, signs in and writes a student, whose audit row it writes in the same transaction', async () => {
        const psychologist = DEMO_ACCOUNTS.find((account) => account.role === 'PSYCHOLOGIST')!;
        const login = await server.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: psychologist.email, password: psychologist.password },
        });
        expect(login.statusCode).toBe(200);
        const created = await server.app.inject({
          method: 'POST',
          url: '/api/students',
          headers: { 'x-token': login.json<{ token: string }>().token },
          payload: studentBody(),
        });
        expect(created.statusCode).toBe(201);
        const id = created.json<{ student: { _id: string } }>().student._id;
        const trail = await asApp.query(
          'select action, outcome from audit_log where record_id = $1',
          [id],
        );
        expect(trail.rows).toEqual([{ action: 'student.create', outcome: 'success' }]);
      });
    });

    describe('times from the database and the audit chain (docs/data-model.md#audit-chain)', () => {
      const C = ADMIN_MSG.auditChain;
      let asOwner: pg.Client;
      beforeAll(async () => {
        asOwner = new pg.Client({ connectionString: urlAs(owner, database) });
        await asOwner.connect();
      });
      afterAll(() => asOwner?.end());

      /** `npm run audit:verify` as the server runs it: its role, MIGRATE_ON_START=false. */
      async function verify(): Promise<Run> {
        let out = '';
        let err = '';
        const code = await auditVerifyCommand([], {
          config: loadConfig({
            DATA_DIR: dataDir,
            DATABASE_URL: urlAs(app, database),
            MIGRATE_ON_START: 'false',
          }),
          print: (line) => (out += `${line}\n`),
          printError: (line) => (err += `${line}\n`),
        });
        return { code, out, err };
      }

      /** What only the owner can do: `statement` with one of the log's triggers off, committed. */
      async function asOwnerWithout(trigger: string, statement: string): Promise<void> {
        await asOwner.query('begin');
        try {
          await asOwner.query(`alter table audit_log disable trigger ${trigger}`);
          await asOwner.query(statement);
          await asOwner.query(`alter table audit_log enable trigger ${trigger}`);
          await asOwner.query('commit');
        } catch (error) {
          await asOwner.query('rollback');
          throw error;
        }
      }

      const lastSeq = async () =>
        (await asApp.query<{ seq: number }>('select max(seq)::int as seq from audit_log')).rows[0]!
          .seq;

      it("gives the server role's forged rows the database's time and the next place, even when it asks to keep its own", async () => {
        const last = await lastSeq();
        const studentId = (
          await asApp.query<{ id: string }>(
            `insert into students (first_name, last_name, age, gender, email, phone, city, career, career_level, employment_status)
             values ('Eva', 'Fecha', 22, 'FEMENINO', $1, '0991234567', 'Quito', 'Psicología', 'PREGRADO', 'DESEMPLEADO')
             returning id`,
            [`eva.${suffix}@universidad.test`],
          )
        ).rows[0]!.id;
        const assessmentId = (
          await asApp.query<{ id: string }>(
            `insert into suicide_assessments (student_id, answers, risk_level) values ($1, '{}', 'BAJO') returning id`,
            [studentId],
          )
        ).rows[0]!.id;
        const before = Date.now();
        await asApp.query('begin');
        // Only the tables' owner may keep a given time: the server's role is not.
        await asApp.query(`select set_config('psicocampus.keep_given_times', 'on', true)`);
        const forged = await asApp.query<{ at: Date; seq: number; hash: string }>(
          `insert into audit_log (at, seq, prev_hash, hash, user_id, role, action, outcome)
           values ('2001-02-03T04:05:06Z', 1, repeat('f', 64), repeat('e', 64), gen_random_uuid(),
                   'ADMIN', 'student.delete', 'success')
           returning at, seq::int, hash`,
        );
        const remark = await asApp.query<{ created_at: Date }>(
          `insert into assessment_remarks (assessment_id, text, created_at)
           values ($1, 'Escrita «hace años»', '2001-02-03T04:05:06Z') returning created_at`,
          [assessmentId],
        );
        await asApp.query('commit');

        const [row] = forged.rows;
        expect(row!.seq).toBe(last + 1);
        expect(row!.hash).not.toBe('e'.repeat(64));
        for (const at of [row!.at, remark.rows[0]!.created_at]) {
          expect(at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
          expect(at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
        }
        // In the chain at its place: the log is intact, the forged row dated today.
        const run = await verify();
        expect(run).toMatchObject({ code: 0, err: '' });
        expect(run.out).toContain(C.intact(last + 1));
      });

      it('npm run audit:verify, as the server role, finds a row inserted out of the chain, a removed one and an altered one', async () => {
        const last = await lastSeq();
        expect(last).toBeGreaterThanOrEqual(4);

        // Inserted at the end, back-dated, with the chain trigger off.
        await asOwnerWithout(
          'audit_log_chain',
          `insert into audit_log (at, seq, prev_hash, hash, action, outcome)
           values ('2001-02-03T04:05:06Z', ${last + 1}, repeat('f', 64), repeat('e', 64), 'auth.login', 'success')`,
        );
        let run = await verify();
        expect(run.code).toBe(EXIT_BROKEN);
        expect(run.out).toContain(`rompe en la entrada n.º ${last + 1} `);
        expect(run.out).toContain(C.unlinked);
        expect(run.out).toContain(C.intactBefore(last));

        // Removed from the middle: found at the row after it, which is now the first break.
        await asOwnerWithout('audit_log_no_update_delete', 'delete from audit_log where seq = 3');
        run = await verify();
        expect(run.code).toBe(EXIT_BROKEN);
        expect(run.out).toContain(`rompe en la entrada n.º 4 `);
        expect(run.out).toContain(C.missing(3, 3));

        // Altered: the earliest break again.
        await asOwnerWithout(
          'audit_log_no_update_delete',
          `update audit_log set outcome = 'denied' where seq = 2`,
        );
        run = await verify();
        expect(run.code).toBe(EXIT_BROKEN);
        expect(run.out).toContain(`rompe en la entrada n.º 2 `);
        expect(run.out).toContain(C.altered);
        expect(run.out).toContain(C.intactBefore(1));
      });
    });
  },
);
