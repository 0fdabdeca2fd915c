import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { users } from '../db/schema';
import type { RunningServer } from '../server';
import { createTestDatabase } from '../../test/helpers/test-database';
import {
  demoAccount,
  randomAddress,
  serverUnderTest,
  startTestServer,
  TEST_TOTP_KEY,
  testServerConfig,
} from '../../test/helpers/test-server';
import { codeNow, toMiddleOfStep, totpAt } from '../../test/helpers/totp';
import {
  isSealed,
  resolveTotpKey,
  TOTP_KEY_FILE,
  totpKeyBox,
  TotpKeyUnreadableError,
} from './totp-keys';

/*
 * The second factor's TOTP keys are sealed with a key kept outside the
 * database (SECURITY.md, "What protects the TOTP keys"): whoever holds a copy
 * of the database, or of a backup, does not hold anyone's codes.
 */

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ANA = '7f1b9a52-58a4-4e57-9d2c-5c0f3c1b2a10';
const LUIS = '0b6f3f7e-2d7c-4a8e-a6b2-1e9d2f4c7a33';

describe('a sealed TOTP key', () => {
  const box = totpKeyBox(randomBytes(32));

  it('holds nothing of the key, differs at every sealing, and opens to the key', () => {
    const sealed = box.seal(SECRET, ANA);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain(SECRET);
    expect(box.seal(SECRET, ANA)).not.toBe(sealed);
    expect(box.open(sealed, ANA)).toBe(SECRET);
  });

  it('does not open for another account, under another key, or altered', () => {
    const sealed = box.seal(SECRET, ANA);
    expect(() => box.open(sealed, LUIS)).toThrow(TotpKeyUnreadableError);
    expect(() => totpKeyBox(randomBytes(32)).open(sealed, ANA)).toThrow(TotpKeyUnreadableError);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`, ANA)).toThrow(TotpKeyUnreadableError);
    expect(() => box.open('v1:', ANA)).toThrow(TotpKeyUnreadableError);
    // Written into the database by someone without the key.
    expect(() => box.open(SECRET, ANA)).toThrow(TotpKeyUnreadableError);
  });

  it('is refused, not guessed at, by a server without a key', () => {
    const unsealed = totpKeyBox(null);
    expect(unsealed.seal(SECRET, ANA)).toBe(SECRET);
    expect(unsealed.open(SECRET, ANA)).toBe(SECRET);
    expect(() => unsealed.open(box.seal(SECRET, ANA), ANA)).toThrow(TotpKeyUnreadableError);
  });
});

describe('MFA_ENCRYPTION_KEY', () => {
  const load = (key: string) =>
    serverUnderTest.loadConfig({ MFA_ENCRYPTION_KEY: key, DATA_DIR: tmpdir() }).mfaEncryptionKey;

  it('takes 32 bytes in base64 or in hex', () => {
    const key = randomBytes(32);
    expect(load(key.toString('base64'))).toEqual(key);
    expect(load(key.toString('hex'))).toEqual(key);
    expect(load('')).toBeNull();
  });

  it('refuses anything else at start, without repeating it', () => {
    for (const wrong of ['cambia-esto', randomBytes(16).toString('base64'), 'z'.repeat(64)]) {
      expect(() => load(wrong)).toThrow(/MFA_ENCRYPTION_KEY must be 32 bytes/);
      try {
        load(wrong);
      } catch (error) {
        expect((error as Error).message).not.toContain(wrong);
      }
    }
  });
});

describe('the key without MFA_ENCRYPTION_KEY', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-totp-key-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is made once for the embedded database, readable by its owner only, outside its folder', () => {
    const config = { mfaEncryptionKey: null, dataDir };
    const key = resolveTotpKey(config, 'pglite');
    expect(key).toHaveLength(32);
    expect(resolveTotpKey(config, 'pglite')).toEqual(key);
    const file = path.join(dataDir, TOTP_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(key);
  });

  it('is none with PostgreSQL, whose processes must share one: keys stay unsealed', () => {
    expect(resolveTotpKey({ mfaEncryptionKey: null, dataDir }, 'postgres')).toBeNull();
  });

  it('is the one given when given', () => {
    const given = randomBytes(32);
    expect(resolveTotpKey({ mfaEncryptionKey: given, dataDir }, 'pglite')).toBe(given);
  });
});

describe('on the server', () => {
  const { email, password } = demoAccount('admin');
  const admin = { email, password };

  it('stores a key sealed from its enrolment on, and signs in with its codes', async () => {
    const server = await startTestServer({ mfaRequiredForAdmins: true });
    try {
      const post = (url: string, payload: object) =>
        server.call({ method: 'POST', url, payload, remoteAddress: randomAddress() });
      const { challenge } = (await post('/api/auth/login', admin)).json();
      const { secret } = (await post('/api/auth/mfa/enroll', { challenge })).json();
      const stored = async () =>
        (
          await server.server.database.db
            .select({ secret: users.mfaSecret, pending: users.mfaPendingSecret })
            .from(users)
            .where(eq(users.email, admin.email))
        )[0]!;
      expect(isSealed((await stored()).pending!)).toBe(true);
      expect((await stored()).pending).not.toContain(secret);

      toMiddleOfStep(server);
      const confirm = await post('/api/auth/mfa/confirm', {
        challenge,
        code: codeNow(server, secret),
      });
      expect(confirm.statusCode).toBe(200);
      const row = await stored();
      expect(isSealed(row.secret!)).toBe(true);
      expect(row.secret).not.toContain(secret);
      expect(row.pending).toBeNull();

      const again = (await post('/api/auth/login', admin)).json();
      const signedIn = await post('/api/auth/login/mfa', {
        challenge: again.challenge,
        code: codeNow(server, secret, 1),
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().token).toEqual(expect.any(String));
    } finally {
      await server.close();
    }
  });

  describe('across restarts on one database', () => {
    let dataDir: string;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let running: RunningServer | null = null;
    beforeEach(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-totp-restart-'));
      database = await createTestDatabase({ migrated: true });
    });
    afterEach(async () => {
      await running?.close();
      running = null;
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const start = async (key: string) => {
      await running?.close();
      const config = testServerConfig(dataDir, {
        mfaEncryptionKey: Buffer.from(key, 'base64'),
        mfaRequiredForAdmins: true,
      });
      running = await serverUnderTest.createServer(config, database.target);
      return running;
    };
    const post = (url: string, payload: object) =>
      running!.app.inject({ method: 'POST', url, payload, remoteAddress: randomAddress() });
    const signIn = async (stepOffset: number) => {
      const { challenge } = (await post('/api/auth/login', admin)).json();
      return post('/api/auth/login/mfa', {
        challenge,
        code: totpAt(SECRET, new Date(), stepOffset),
      });
    };
    /** The administrator's key as an earlier version stored it, or someone without the key wrote it. */
    const storeUnsealed = () =>
      running!.database.db
        .update(users)
        .set({ mfaSecret: SECRET, mfaEnabledAt: new Date(), mfaLastStep: null })
        .where(eq(users.email, admin.email));
    const storedSecret = async () =>
      (
        await running!.database.db
          .select({ secret: users.mfaSecret })
          .from(users)
          .where(eq(users.email, admin.email))
      )[0]!.secret;

    it('seals at start a key stored before sealing, and refuses one written unsealed since', async () => {
      await start(TEST_TOTP_KEY);
      await storeUnsealed();
      const refused = await signIn(0);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().msg).toBe(MFA_MSG.keyUnreadable);

      await start(TEST_TOTP_KEY);
      const stored = await storedSecret();
      expect(isSealed(stored!)).toBe(true);
      expect(stored).not.toContain(SECRET);
      expect((await signIn(1)).statusCode).toBe(200);
    });

    it('answers in Spanish that the operator must act when the key is another one', async () => {
      await start(TEST_TOTP_KEY);
      await storeUnsealed();
      // Sealed under TEST_TOTP_KEY by the next start.
      await start(TEST_TOTP_KEY);
      expect((await signIn(0)).statusCode).toBe(200);

      await start(randomBytes(32).toString('base64'));
      const refused = await signIn(1);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ ok: false, msg: MFA_MSG.keyUnreadable });
      expect(refused.body).not.toContain(SECRET);
    });
  });
});
