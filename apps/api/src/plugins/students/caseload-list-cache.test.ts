import { eq, sql } from 'drizzle-orm';
import type { StudentSummary } from '@psicocampus/shared/domain';
import { caseloadRevisions, students } from '../../db/schema';
import { fileUpload } from '../../../test/helpers/multipart';
import { createStudent, studentBody, userIdOf } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../../../test/helpers/workbooks';
import { CaseloadListCache } from './caseload-list-cache';

let server: TestServer;
let lucia: string;
let marco: string;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  [lucia, marco, admin] = await Promise.all([
    server.login('psychologist'),
    server.login('psychologist2'),
    server.login('admin'),
  ]);
});
afterAll(() => server.close());

const db = () => server.server.database.db;

/** GET /api/students as the list screen asks it (the cached answer). */
async function listOf(token: string): Promise<StudentSummary[]> {
  const response = await server.call({ method: 'GET', url: '/api/students', token });
  expect(response.statusCode).toBe(200);
  return response.json().students;
}

async function revisionOf(key: 'psychologist' | 'psychologist2'): Promise<number> {
  const [row] = await db()
    .select()
    .from(caseloadRevisions)
    .where(eq(caseloadRevisions.psychologistId, await userIdOf(server, key)));
  return Number(row?.revision ?? 0);
}

describe('the cached caseload list never shows a stale caseload', () => {
  it('shows a student added, changed and removed through the API', async () => {
    await listOf(lucia); // fills the cache
    const created = await createStudent(server, lucia, {
      firstName: 'Gabriela',
      lastName: 'Cachón',
    });
    expect((await listOf(lucia)).map((s) => s._id)).toContain(created._id);

    const changed = await server.call({
      method: 'PUT',
      url: `/api/students/${created._id}`,
      token: lucia,
      payload: { ...studentBody({ email: created.email, city: 'Loja' }), version: created.version },
    });
    expect(changed.statusCode).toBe(200);
    expect((await listOf(lucia)).find((s) => s._id === created._id)?.city).toBe('Loja');

    const removed = await server.call({
      method: 'DELETE',
      url: `/api/students/${created._id}`,
      token: lucia,
    });
    expect(removed.statusCode).toBe(200);
    expect((await listOf(lucia)).map((s) => s._id)).not.toContain(created._id);
  });

  it("moves a reassigned student from one psychologist's list to the other's", async () => {
    const student = await createStudent(server, lucia, { lastName: 'Reasignada' });
    await Promise.all([listOf(lucia), listOf(marco)]);
    const moved = await server.call({
      method: 'PUT',
      url: `/api/students/${student._id}/assignment`,
      token: admin,
      payload: { psychologistId: await userIdOf(server, 'psychologist2') },
    });
    expect(moved.statusCode).toBe(200);
    expect((await listOf(lucia)).map((s) => s._id)).not.toContain(student._id);
    const atMarco = (await listOf(marco)).find((s) => s._id === student._id);
    expect(atMarco?.assignedPsychologist?.lastName).toBeDefined();
  });

  it("shows the psychologist's new name beside each student", async () => {
    await createStudent(server, marco);
    await listOf(marco);
    const profile = (
      await server.call({ method: 'GET', url: '/api/auth/profile', token: marco })
    ).json().profile;
    const renamed = await server.call({
      method: 'PUT',
      url: '/api/auth/profile',
      token: marco,
      payload: { firstName: 'Marco Antonio', lastName: profile.lastName, email: profile.email },
    });
    expect(renamed.statusCode).toBe(200);
    const list = await listOf(marco);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.assignedPsychologist?.firstName === 'Marco Antonio')).toBe(true);
  });

  it('shows an import, which moves the caseload to a new revision', async () => {
    await listOf(lucia);
    const before = await revisionOf('psychologist');
    const file = await xlsxFile([
      [...TEMPLATE_HEADERS],
      studentRow(801, { Apellidos: 'Importada Uno' }),
      studentRow(802, { Apellidos: 'Importada Dos' }),
      studentRow(803, { Apellidos: 'Importada Tres' }),
    ]);
    const imported = await server.call({
      method: 'POST',
      url: '/api/students/import',
      token: lucia,
      ...fileUpload(file),
    });
    expect(imported.statusCode).toBe(200);
    const lastNames = (await listOf(lucia)).map((s) => s.lastName);
    expect(lastNames).toEqual(
      expect.arrayContaining(['Importada Uno', 'Importada Dos', 'Importada Tres']),
    );
    expect(await revisionOf('psychologist')).toBeGreaterThan(before);
  });

  it('shows a change written straight to the database, as another server process would', async () => {
    const student = await createStudent(server, lucia, { lastName: 'Directa' });
    await listOf(lucia);
    await db()
      .update(students)
      .set({ phone: '0987654321', version: sql`${students.version} + 1` })
      .where(eq(students.id, student._id));
    expect((await listOf(lucia)).find((s) => s._id === student._id)?.phone).toBe('0987654321');
  });

  it('answers from the cache while nothing changes', async () => {
    const cache = new CaseloadListCache(db());
    const id = await userIdOf(server, 'psychologist');
    const first = await cache.body(id);
    const second = await cache.body(id);
    expect(second).toBe(first); // the very same bytes, not rebuilt
    await createStudent(server, lucia);
    expect(await cache.body(id)).not.toBe(first);
  });

  it('forgets the least recently asked caseloads beyond its size', async () => {
    const [luciaId, marcoId] = await Promise.all([
      userIdOf(server, 'psychologist'),
      userIdOf(server, 'psychologist2'),
    ]);
    const probe = new CaseloadListCache(db());
    const luciaBytes = (await probe.body(luciaId)).length;
    const marcoBytes = (await probe.body(marcoId)).length;
    const cache = new CaseloadListCache(db(), Math.max(luciaBytes, marcoBytes) + 10);
    await cache.body(luciaId);
    await cache.body(marcoId);
    expect(cache.size.caseloads).toBe(1);
    expect(cache.size.bytes).toBe(marcoBytes);
  });
});
