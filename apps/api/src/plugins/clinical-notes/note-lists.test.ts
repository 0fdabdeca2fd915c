import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, MSG } from '@psicocampus/shared/domain';
import { addNote, createStudent } from '../../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { pagingMessage } from '../../../test/helpers/paged-calls';

/**
 * The notes the psychologist's home lists (docs/api.md#clinical-notes): the
 * pending-signature list is paged with its total, and neither it nor the
 * recent notes carry a note's text, which is read in the student's record.
 */
let server: TestServer;
const texts: string[] = [];
let studentIds: string[];

const DAY_MS = 24 * 3_600_000;

beforeAll(async () => {
  server = await startTestServer();
  const token = await server.login('psychologist');
  const ana = await createStudent(server, token, { firstName: 'Ana', lastName: 'Toapanta' });
  const beto = await createStudent(server, token, { firstName: 'Beto', lastName: 'Quishpe' });
  studentIds = [ana._id, beto._id];
  for (let index = 0; index < 7; index += 1) {
    const text = `Texto clínico reservado número ${index + 1}: refiere insomnio.`;
    texts.push(text);
    await addNote(server, token, studentIds[index % 2]!, text);
    server.advanceClock(60_000);
  }
  // A day later every one of them waits for its signature.
  server.advanceClock(DAY_MS);
});
afterAll(() => server.close());

// A session ends before a day has passed: each look signs in again.
const get = async (url: string) =>
  server.call({ method: 'GET', url, token: await server.login('psychologist') });

describe('GET /api/clinical-notes/pending-signature, by page', () => {
  it('answers one page, oldest first, with the total of every pending note', async () => {
    const first = await get('/api/clinical-notes/pending-signature?pageSize=3');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ ok: true, total: 7, page: 1, pageSize: 3 });
    expect(body.notes).toHaveLength(3);

    const last = (await get('/api/clinical-notes/pending-signature?page=3&pageSize=3')).json();
    expect(last).toMatchObject({ total: 7, page: 3, pageSize: 3 });
    expect(last.notes).toHaveLength(1);

    const all = (await get('/api/clinical-notes/pending-signature')).json();
    expect(all).toMatchObject({ total: 7, page: 1, pageSize: LIST_PAGE_SIZE });
    const ids = all.notes.map((note: { _id: string }) => note._id);
    expect([...body.notes, ...last.notes].map((note: { _id: string }) => note._id)).toEqual([
      ...ids.slice(0, 3),
      ids[6],
    ]);
    const created = all.notes.map((note: { createdAt: string }) => note.createdAt);
    expect(created).toEqual([...created].sort());
  });

  it('answers a page past the last one with no notes and the same total', async () => {
    const past = (await get('/api/clinical-notes/pending-signature?page=9&pageSize=3')).json();
    expect(past).toEqual({ ok: true, notes: [], total: 7, page: 9, pageSize: 3 });
  });

  it('refuses a page or a page size out of bounds, naming the parameter', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['pageSize=0', 'pageSize'],
      [`pageSize=${LIST_MAX_PAGE_SIZE + 1}`, 'pageSize'],
    ] as const) {
      const response = await get(`/api/clinical-notes/pending-signature?${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json()).toEqual({
        ok: false,
        msg: MSG.api.invalidQuery,
        errors: [{ field, msg: pagingMessage(field) }],
      });
    }
  });
});

describe("the home's note lists carry no note's text", () => {
  it('names the student and the dates of each pending note, never what it says', async () => {
    const response = await get('/api/clinical-notes/pending-signature');
    for (const text of texts) expect(response.body).not.toContain(text);
    const [first] = response.json().notes;
    expect(Object.keys(first).sort()).toEqual(
      ['_id', 'createdAt', 'signedAt', 'student', 'studentId', 'updatedAt', 'version'].sort(),
    );
    expect(first.student).toEqual({ _id: studentIds[0], firstName: 'Ana', lastName: 'Toapanta' });
  });

  it('lists the five latest notes without their text', async () => {
    const response = await get('/api/clinical-notes/recent');
    expect(response.statusCode).toBe(200);
    const { notes } = response.json();
    expect(notes).toHaveLength(5);
    for (const text of texts) expect(response.body).not.toContain(text);
    expect(notes[0]).not.toHaveProperty('note');
    expect(notes[0].student.firstName).toBe('Ana');
  });
});
