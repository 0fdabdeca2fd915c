import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import type { Database } from '../db/client';
import type { RunningServer } from '../server';
import { rotateKeyCommand } from '../cli/rotate-key';
import { createTestDatabase } from '../../test/helpers/test-database';
import {
  demoAccount,
  randomAddress,
  serverUnderTest,
  startTestServer,
  testServerConfig,
} from '../../test/helpers/test-server';
import { addNote, createStudent } from '../../test/helpers/patients';
import { seedWholeRecord } from '../../test/helpers/whole-record';
import {
  CLINICAL_KEY_FILE,
  clinicalKeyId,
  clinicalTexts,
  ClinicalTextUnreadableError,
  resolveClinicalKeyring,
  sealedKeyId,
} from './clinical-texts';

/*
 * Clinical texts are sealed at rest (docs/decisions.md#clinical-texts-sealed-at-rest):
 * whoever holds a copy of the database holds no note, description, remark or
 * plan in clear, and a text cannot be moved to another record or written by
 * someone without the key.
 */

const NOTE = 'Refiere «insomnio» y ansiedad; ñandú 😊 中文.\nSegunda línea.';
const place = {
  table: 'clinical_notes',
  field: 'note',
  rowId: '7f1b9a52-58a4-4e57-9d2c-5c0f3c1b2a10',
};

describe('a sealed clinical text', () => {
  const key = randomBytes(32);
  const texts = clinicalTexts({ current: key, older: [] });

  it('holds nothing of the text, names its key, differs at every sealing, and opens to the text', () => {
    const sealed = texts.seal(NOTE, place);
    expect(sealed).not.toContain('insomnio');
    expect(sealedKeyId(sealed)).toBe(clinicalKeyId(key));
    expect(texts.seal(NOTE, place)).not.toBe(sealed);
    expect(texts.open(sealed, place)).toBe(NOTE);
    expect(texts.isCurrent(sealed)).toBe(true);
  });

  it('does not open in another row or field, under another key, altered, or written in clear', () => {
    const sealed = texts.seal(NOTE, place);
    const refused =
      (stored: string, where = place) =>
      () =>
        texts.open(stored, where);
    expect(refused(sealed, { ...place, rowId: '0b6f3f7e-2d7c-4a8e-a6b2-1e9d2f4c7a33' })).toThrow(
      ClinicalTextUnreadableError,
    );
    expect(refused(sealed, { ...place, table: 'clinical_note_addenda', field: 'text' })).toThrow(
      ClinicalTextUnreadableError,
    );
    const other = clinicalTexts({ current: randomBytes(32), older: [] });
    expect(() => other.open(sealed, place)).toThrow(ClinicalTextUnreadableError);
    const prefix = sealed.slice(0, 12);
    const bytes = Buffer.from(sealed.slice(12), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(refused(prefix + bytes.toString('base64'))).toThrow(ClinicalTextUnreadableError);
    expect(refused(prefix)).toThrow(ClinicalTextUnreadableError);
    expect(refused(NOTE)).toThrow(ClinicalTextUnreadableError);
  });

  it('keeps an empty text empty, and opens what an older key sealed while sealing with the new one', () => {
    expect(texts.seal('', place)).toBe('');
    expect(texts.open('', place)).toBe('');
    const older = texts.seal(NOTE, place);
    const rotated = clinicalTexts({ current: randomBytes(32), older: [key] });
    expect(rotated.open(older, place)).toBe(NOTE);
    expect(rotated.isCurrent(older)).toBe(false);
    expect(rotated.isCurrent(rotated.seal(NOTE, place))).toBe(true);
  });

  it('keeps the embedded database’s key in DATA_DIR beside its folder, readable by the server’s user only', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-clinical-key-'));
    try {
      const config = { clinicalEncryptionKey: null, clinicalOldKeys: [], dataDir };
      const first = resolveClinicalKeyring(config, 'pglite');
      expect(resolveClinicalKeyring(config, 'pglite').current.equals(first.current)).toBe(true);
      expect(statSync(path.join(dataDir, CLINICAL_KEY_FILE)).mode & 0o777).toBe(0o600);
      expect(readFileSync(path.join(dataDir, CLINICAL_KEY_FILE), 'utf8').trim()).toBe(
        first.current.toString('base64'),
      );
      expect(() => resolveClinicalKeyring(config, 'postgres')).toThrow(/CLINICAL_ENCRYPTION_KEY/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The export's Bundle as a reader sees it: its JSON and its notes' attachments, decoded. */
function bundleText(body: string): string {
  const bundle = JSON.parse(body) as {
    entry: Array<{ resource: { content?: Array<{ attachment: { data: string } }> } }>;
  };
  const attachments = bundle.entry.flatMap((entry) =>
    (entry.resource.content ?? []).map((content) =>
      Buffer.from(content.attachment.data, 'base64').toString('utf8'),
    ),
  );
  return [body, ...attachments].join('\n');
}

/** Every text and JSON value of every table, as the schema's owner reads it with psql. */
async function everyStoredText(db: Database): Promise<string> {
  const rows = async (query: ReturnType<typeof sql.raw>) =>
    ((await db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const columns = await rows(
    sql.raw(`select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'jsonb', 'character varying')`),
  );
  const parts: string[] = [];
  for (const { t, c } of columns) {
    const values = await rows(sql.raw(`select "${String(c)}"::text as v from "${String(t)}"`));
    for (const { v } of values) if (v !== null) parts.push(String(v));
  }
  return parts.join('\n');
}

describe('the database holds no clinical text in clear', () => {
  it('keeps every note, addendum, description, observation, remark, reason and plan section sealed, and the API answers them whole', async () => {
    const server = await startTestServer();
    try {
      const token = await server.login('psychologist');
      const student = await createStudent(server, token);
      const tag = 'Texto-clínico-sellado';
      const written = await seedWholeRecord(server, token, student._id, tag);
      const clinical = written.filter((text) => !/cita|cancelación/.test(text));
      const stored = await everyStoredText(server.server.database.db);
      for (const text of clinical) expect(stored).not.toContain(text);
      // The appointments' logistics are not sealed (docs/decisions.md#clinical-texts-sealed-at-rest).
      expect(stored).toContain(`${tag}: motivo de la cita`);

      const record = await server.call({
        method: 'GET',
        url: `/api/students/${student._id}/export/fhir`,
        token,
      });
      expect(record.statusCode).toBe(200);
      const exported = bundleText(record.body);
      for (const text of clinical) expect(exported).toContain(text);
    } finally {
      await server.close();
    }
  });
});

describe('a key rotation', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let running: RunningServer | null = null;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'psicocampus-rotation-'));
    database = await createTestDatabase({ migrated: true });
  });
  afterAll(async () => {
    await running?.close();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  const configWith = (current: Buffer, older: Buffer[]) =>
    testServerConfig(dataDir, { clinicalEncryptionKey: current, clinicalOldKeys: older });
  const start = async (current: Buffer, older: Buffer[] = []) => {
    await running?.close();
    running = await serverUnderTest.createServer(configWith(current, older), database.target);
    return running;
  };
  const signIn = async () => {
    const account = demoAccount('psychologist');
    const response = await running!.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
      remoteAddress: randomAddress(),
    });
    return response.json().token as string;
  };
  const asServer = () =>
    ({
      call: ({ token, ...request }: { token?: string | null } & Record<string, unknown>) =>
        running!.app.inject({
          ...(request as object),
          headers: token ? { 'x-token': token } : {},
        }),
    }) as unknown as Parameters<typeof createStudent>[0];

  it('reseals everything while notes are written, loses none, and a restart with the new key alone reads it all', async () => {
    await start(oldKey);
    let token = await signIn();
    const student = await createStudent(asServer(), token);
    const before = await seedWholeRecord(asServer(), token, student._id, 'Antes de rotar');

    // The servers run with the new key and the old one while the command reseals.
    await start(newKey, [oldKey]);
    token = await signIn();
    const output: string[] = [];
    const rotation = rotateKeyCommand([], {
      config: configWith(newKey, [oldKey]),
      database: running!.database,
      print: (line) => output.push(line),
      printError: (line) => output.push(line),
    });
    const during: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const text = `Nota escrita durante la rotación ${i}`;
      await addNote(asServer(), token, student._id, text);
      during.push(text);
    }
    expect(await rotation).toBe(0);
    expect(output).toContain(SERVER_MSG.cli.rotateKey.done(clinicalKeyId(newKey)));

    await start(newKey);
    token = await signIn();
    const record = await running!.app.inject({
      method: 'GET',
      url: `/api/students/${student._id}/export/fhir`,
      headers: { 'x-token': token },
    });
    expect(record.statusCode).toBe(200);
    const exported = bundleText(record.body);
    for (const text of [...before, ...during]) expect(exported).toContain(text);
    const stored = await everyStoredText(running!.database.db);
    expect(stored).not.toContain(`c1:${clinicalKeyId(oldKey)}:`);
  });

  it('seals at start, with the schema’s owner, a note an earlier version stored in clear', async () => {
    await start(newKey);
    const token = await signIn();
    const student = await createStudent(asServer(), token);
    const note = await addNote(asServer(), token, student._id, 'Se reemplaza por la de antes.');
    const earlier = 'Nota guardada en claro por una versión anterior.';
    await running!.database.db.execute(
      sql`update clinical_notes set note = ${earlier} where id = ${note._id}`,
    );
    await start(newKey);
    expect(await everyStoredText(running!.database.db)).not.toContain(earlier);
    const read = await running!.app.inject({
      method: 'GET',
      url: `/api/students/${student._id}`,
      headers: { 'x-token': await signIn() },
    });
    expect(read.json().student.clinicalNotes[0].note).toBe(earlier);
  });

  it('refuses to start, in a way that says what to do, without the key that sealed the texts', async () => {
    await running?.close();
    running = null;
    await expect(
      serverUnderTest.createServer(configWith(randomBytes(32), []), database.target),
    ).rejects.toThrow(/not held/);
  });
});
