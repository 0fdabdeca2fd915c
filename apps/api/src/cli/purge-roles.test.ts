import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { loadConfig } from '../config';
import { onPostgres } from '../../test/helpers/test-database';
import { asSuperuser, connectAs, failureOf, urlAs } from '../../test/helpers/two-roles';
import { auditVerifyCommand } from './audit-verify';
import { migrateCommand } from './migrate';
import { purgeCommand } from './purge';
import { rotateKeyCommand } from './rotate-key';

/*
 * `npm run purge` with production's two roles (docs/data-model.md#retention-and-purge,
 * SECURITY.md "Database roles in production"): only the schema's owner
 * purges; the server's role can neither take the purge's door nor run the
 * command. PostgreSQL only: PGlite has a single role.
 */

const describeOnPostgres = onPostgres ? describe : describe.skip;
const M = SERVER_MSG.cli.purge;

describeOnPostgres(
  'the purge with two database roles: the owner purges, the server role cannot',
  () => {
    const suffix = randomBytes(5).toString('hex');
    const owner = `pc_purge_owner_${suffix}`;
    const app = `pc_purge_app_${suffix}`;
    const database = `pc_purge_${suffix}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-purge-roles-'));
    let asOwner: pg.Client;
    let asApp: pg.Client;
    let studentId: string;

    /** The command with the server's environment, plus `env` (the owner's URL, say). */
    async function purge(argv: string[], env: Record<string, string> = {}) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await purgeCommand(argv, {
        config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: urlAs(app, database), ...env }),
        print: (line) => out.push(line),
        printError: (line) => err.push(line),
      });
      return { code, out, err };
    }

    const rowsOf = async (client: pg.Client, text: string, values: unknown[] = []) =>
      (await client.query(text, values)).rows;

    /** A student archived 20 years ago with a record of every kind, written then (the owner keeps given times). */
    async function oldArchivedStudent(): Promise<string> {
      const then = `now() - interval '20 years'`;
      await asOwner.query('begin');
      await asOwner.query(`select set_config('psicocampus.keep_given_times', 'on', true)`);
      const [student] = await rowsOf(
        asOwner,
        `insert into students (first_name, last_name, age, gender, email, phone, city, career, career_level, employment_status, archived_at)
       values ('Ana', 'Antigua', 20, 'FEMENINO', $1, '0991234567', 'Quito', 'Psicología', 'PRIMERO', 'DESEMPLEADO', ${then})
       returning id`,
        [`ana.${suffix}@universidad.test`],
      );
      const id = (student as { id: string }).id;
      const [note] = await rowsOf(
        asOwner,
        `insert into clinical_notes (student_id, note, created_at, updated_at, signed_at)
       values ($1, 'Texto reservado', ${then}, ${then}, ${then}) returning id`,
        [id],
      );
      await asOwner.query(
        `insert into clinical_note_addenda (note_id, text, created_at) values ($1, 'Adenda', ${then})`,
        [(note as { id: string }).id],
      );
      const [assessment] = await rowsOf(
        asOwner,
        `insert into suicide_assessments (student_id, answers, risk_level, created_at)
       values ($1, '{}', 'ALTO', ${then}) returning id`,
        [id],
      );
      await asOwner.query(
        `insert into assessment_remarks (assessment_id, text, created_at) values ($1, 'Observación', ${then})`,
        [(assessment as { id: string }).id],
      );
      await asOwner.query(
        `insert into safety_plan_revisions (student_id, version, status, created_at) values ($1, 1, 'draft', ${then})`,
        [id],
      );
      await asOwner.query(
        `insert into appointments (student_id, date, status, status_changed_at, reason)
       values ($1, ${then}, 'ATTENDED', ${then}, 'Seguimiento')`,
        [id],
      );
      await asOwner.query('commit');
      return id;
    }

    beforeAll(async () => {
      await asSuperuser([
        `create role ${owner} login`,
        `create role ${app} login`,
        `create database ${database} owner ${owner}`,
      ]);
      const migrated = await migrateCommand([], {
        config: loadConfig({
          DATA_DIR: dataDir,
          MIGRATION_DATABASE_URL: urlAs(owner, database),
          DATABASE_APP_ROLE: app,
        }),
        print: () => {},
      });
      expect(migrated).toBe(0);
      asOwner = await connectAs(owner, database);
      asApp = await connectAs(app, database);
      studentId = await oldArchivedStudent();
    }, 180_000);

    afterAll(async () => {
      await asOwner?.end();
      await asApp?.end();
      for (const statement of [
        `drop database if exists ${database} with (force)`,
        `drop role if exists ${app}`,
        `drop role if exists ${owner}`,
      ]) {
        await asSuperuser([statement]).catch((error: unknown) => console.error(statement, error));
      }
      rmSync(dataDir, { recursive: true, force: true });
    });

    const naming = (id: string): [string, unknown[]] => [
      `select set_config('psicocampus.purge_student', $1, true)`,
      [id],
    ];

    it.each([
      ['its final remarks', `delete from assessment_remarks`],
      ['its safety plan', `delete from safety_plan_revisions where student_id = $1`],
      ['its assessment', `delete from suicide_assessments where student_id = $1`],
      ['its addenda', `delete from clinical_note_addenda`],
      ['its signed note', `delete from clinical_notes where student_id = $1`],
      ['the archived student', `delete from students where id = $1`],
    ])(
      'refuses the server role to delete %s, even naming the student as the purge does',
      async (_what, statement) => {
        const values = statement.includes('$1') ? [studentId] : [];
        expect(await failureOf(asApp, [[statement, values]])).toBe('42501');
        expect(await failureOf(asApp, [naming(studentId), [statement, values]])).toBe('42501');
      },
    );

    const resealDoor: [string, unknown[]] = [
      `select set_config('psicocampus.reseal', 'on', true)`,
      [],
    ];

    it.each([
      [
        'a signed note’s text',
        `update clinical_notes set note = 'c1:00000000:AAAA' where student_id = $1`,
      ],
      ['an addendum', `update clinical_note_addenda set text = 'c1:00000000:AAAA'`],
      ['a final remark', `update assessment_remarks set text = 'c1:00000000:AAAA'`],
      [
        'an assessment’s answers',
        `update suicide_assessments set answers = '{"observations": "c1:00000000:AAAA"}' where student_id = $1`,
      ],
      [
        'a plan revision',
        `update safety_plan_revisions set warning_signs = 'c1:00000000:AAAA' where student_id = $1`,
      ],
    ])(
      'refuses the server role to rewrite %s, even through the reseal’s door (docs/decisions.md#clinical-texts-sealed-at-rest)',
      async (_what, statement) => {
        const values = statement.includes('$1') ? [studentId] : [];
        expect(await failureOf(asApp, [resealDoor, [statement, values]])).toBe('42501');
      },
    );

    it('lets the owner through the reseal’s door change a sealed column and nothing else of the row', async () => {
      const moved = `update clinical_notes set signed_at = now() where student_id = $1`;
      expect(await failureOf(asOwner, [resealDoor, [moved, [studentId]]])).toBe('42501');
      const both = `update clinical_notes set note = note || ' ', version = version + 1 where student_id = $1`;
      expect(await failureOf(asOwner, [resealDoor, [both, [studentId]]])).toBe('42501');
      // Without the door, not even the owner rewrites a signed note.
      const text = `update clinical_notes set note = note || ' ' where student_id = $1`;
      expect(await failureOf(asOwner, [[text, [studentId]]])).toBe('42501');
      expect(await failureOf(asOwner, [resealDoor, [text, [studentId]]])).toBeNull();
    });

    it('refuses to rotate the clinical texts’ key with the server role’s URL', async () => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await rotateKeyCommand([], {
        config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: urlAs(app, database) }),
        print: (line) => out.push(line),
        printError: (line) => err.push(line),
      });
      expect({ code, out, err }).toEqual({
        code: 1,
        out: [],
        err: [SERVER_MSG.cli.rotateKey.notOwner(app)],
      });
    });

    it('refuses to purge with the server role’s URL, and lists with --dry-run as any role', async () => {
      const refused = await purge([]);
      expect(refused).toEqual({ code: 1, out: [], err: [M.notOwner(app)] });
      const listed = await purge(['--dry-run']);
      expect(listed.code).toBe(0);
      expect(listed.out[1]).toContain(`- Estudiante ${studentId} ·`);
      expect(
        await rowsOf(asApp, 'select id from students where id = $1', [studentId]),
      ).toHaveLength(1);
    });

    it('purges as the owner (MIGRATION_DATABASE_URL), and the chain still verifies as the server role', async () => {
      const purged = await purge([], { MIGRATION_DATABASE_URL: urlAs(owner, database) });
      expect(purged.err).toEqual([]);
      expect(purged.code).toBe(0);
      expect(purged.out).toContain(
        M.purged(1, 1, studentId, {
          notes: 1,
          addenda: 1,
          assessments: 1,
          finalRemarks: 1,
          safetyPlanRevisions: 1,
          appointments: 1,
        }),
      );
      expect(await rowsOf(asApp, 'select id from students where id = $1', [studentId])).toEqual([]);
      expect(
        await rowsOf(asApp, `select record_id from audit_log where action = 'student.purge'`),
      ).toEqual([{ record_id: studentId }]);
      const verified = await auditVerifyCommand([], {
        config: loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: urlAs(app, database),
          MIGRATE_ON_START: 'false',
        }),
        print: () => {},
      });
      expect(verified).toBe(0);
    });

    it('refuses the server role any write to the purged statistics the purge left', async () => {
      expect(
        await rowsOf(asApp, 'select kind, status, count from purged_statistics order by kind'),
      ).toEqual([
        { kind: 'appointment', status: 'ATTENDED', count: 1 },
        { kind: 'assessment', status: '', count: 1 },
      ]);
      for (const statement of [
        `update purged_statistics set count = count + 1`,
        `insert into purged_statistics (kind, period_start, count) values ('assessment', now(), 5)`,
        `delete from purged_statistics`,
        `truncate purged_statistics`,
      ]) {
        expect({ statement, code: await failureOf(asApp, [[statement]]) }).toEqual({
          statement,
          code: '42501',
        });
      }
    });
  },
);
