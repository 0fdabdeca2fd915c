import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase } from '../db/client';
import { users } from '../db/schema';
import { lastMailTo, linkTokenIn, setPassword, signIn } from '../../test/helpers/admin';
import { readOutbox, resetLinkIn } from '../../test/helpers/outbox';
import { createTestDatabase } from '../../test/helpers/test-database';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { createAdminCommand, type CreateAdminDependencies } from './create-admin';

const PUBLIC_URL = 'https://psicocampus.example.edu';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: PUBLIC_URL, seedDemo: false });
});
afterAll(() => server.close());

/** Runs the command against the test server's database and configuration, capturing what it prints. */
async function run(argv: string[], deps: Partial<CreateAdminDependencies> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await createAdminCommand(argv, {
    config: server.config,
    database: server.server.database,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
    ...deps,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const findUser = async (email: string) =>
  (
    await server.server.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  )[0];

const args = (email: string, firstName = 'Rocío', lastName = 'Andrade') => [
  '--email',
  email,
  '--first-name',
  firstName,
  '--last-name',
  lastName,
];

describe('npm run create-admin', () => {
  it('creates an administrator without a password, mails and prints the invitation link', async () => {
    const result = await run([...args('rocio.andrade@universidad.edu'), '--phone', '0991234567']);
    expect(result).toMatchObject({ code: 0, err: '' });
    const user = await findUser('rocio.andrade@universidad.edu');
    expect(user).toMatchObject({
      role: 'ADMIN',
      firstName: 'Rocío',
      lastName: 'Andrade',
      phone: '0991234567',
      active: true,
      passwordHash: null,
    });

    const mail = await lastMailTo(server, 'rocio.andrade@universidad.edu');
    expect(mail.subject).toBe('Te invitaron a PsicoCampus: crea tu contraseña');
    expect(mail.body).toContain('La administración del servicio te invitó a PsicoCampus');
    expect(mail.body).toContain('Administrador/a');
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${PUBLIC_URL}/reset-password/`)).toBe(true);
    expect(result.out).toContain('Cuenta de administración creada: Rocío Andrade');
    expect(result.out).toContain('válido durante 7 días, de un solo uso');
    expect(result.out).toContain(`  ${link}`);
    expect(result.out).toContain(`El correo de invitación se guardó en ${mail.file}`);

    // The new administrator sets a password through the link and manages accounts.
    expect((await setPassword(server, linkTokenIn(mail))).statusCode).toBe(200);
    const token = await signIn(server, 'rocio.andrade@universidad.edu');
    const list = await server.call({ method: 'GET', url: '/api/users', token });
    expect(list.statusCode).toBe(200);
  });

  it('creates a second administrator the same way', async () => {
    const result = await run(args('segundo.admin@universidad.edu', 'Tomás', 'Ibarra'));
    expect(result.code).toBe(0);
    const admins = await server.server.database.db
      .select()
      .from(users)
      .where(eq(users.role, 'ADMIN'));
    expect(admins.map((admin) => admin.email).sort()).toEqual([
      'rocio.andrade@universidad.edu',
      'segundo.admin@universidad.edu',
    ]);
  });

  it('refuses an e-mail that already has an account (any case), creating and sending nothing', async () => {
    const before = (await server.outbox()).length;
    const result = await run(args('ROCIO.ANDRADE@universidad.edu', 'Otra', 'Persona'));
    expect(result.code).toBe(1);
    expect(result.err).toBe(`No se creó la cuenta: ${ADMIN_MSG.emailTaken}`);
    expect(result.out).toBe('');
    expect(await server.outbox()).toHaveLength(before);
  });

  it('refuses bad input with the form’s Spanish messages and the usage line', async () => {
    const count = async () => (await server.server.database.db.select().from(users)).length;
    const before = await count();

    const missing = await run(['--first-name', 'Ana']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('No se creó la cuenta. Revisa los datos:');
    expect(missing.err).toContain(`  - --last-name: ${MSG.students.lastNameRequired}`);
    expect(missing.err).toContain(`  - --email: ${MSG.students.emailRequired}`);
    expect(missing.err).toContain('Uso: npm run create-admin -- --email <correo>');

    const invalid = await run([...args('no-es-un-correo', 'R2D2'), '--phone', 'abc']);
    expect(invalid.code).toBe(1);
    expect(invalid.err).toContain(`--email: ${MSG.students.emailInvalid}`);
    expect(invalid.err).toContain(`--first-name: ${MSG.students.nameLetters}`);
    expect(invalid.err).toContain(`--phone: ${MSG.students.phoneFormat}`);

    const unknown = await run([...args('x@universidad.edu'), '--role', 'PSYCHOLOGIST']);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.err).toContain('Opción no válida o sin valor: --role.');

    const noValue = await run(['--last-name', 'Andrade', '--first-name', 'Rocío', '--email']);
    expect(noValue.code).toBe(1);
    expect(noValue.err).toContain('Opción no válida o sin valor: --email');

    expect(await count()).toBe(before);
  });

  it('still succeeds, pointing at the printed link, when the mail cannot leave', async () => {
    const result = await run(args('sin.correo@universidad.edu'), {
      mailer: {
        send: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      },
    });
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/\/reset-password\/[A-Za-z0-9_-]+/);
    expect(result.err).toContain('No se pudo enviar el correo de invitación');
    expect(await findUser('sin.correo@universidad.edu')).toBeDefined();
  });
});

describe('create-admin on the configured database', () => {
  it('opens and migrates it from DATA_DIR / DATABASE_URL, and leaves it closed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-cli-'));
    const database = await createTestDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL,
        ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
      });
      const out: string[] = [];
      const code = await createAdminCommand(args('primera@universidad.edu'), {
        config,
        print: (line) => out.push(line),
        printError: (line) => out.push(line),
      });
      expect({ code, out }).toMatchObject({ code: 0 });

      const reopened = await openDatabase(databaseTarget(config));
      try {
        const [admin] = await reopened.db
          .select()
          .from(users)
          .where(eq(users.email, 'primera@universidad.edu'));
        expect(admin).toMatchObject({ role: 'ADMIN', passwordHash: null });
      } finally {
        await reopened.close();
      }
      const [mail] = readOutbox(path.join(dataDir, 'outbox'));
      expect(mail!.to).toContain('primera@universidad.edu');
      expect(out.join('\n')).toContain(resetLinkIn(mail!));
    } finally {
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
