import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MSG } from '@psicocampus/shared/domain';
import { addNote, createStudent } from '../../../test/helpers/patients';
import { whatTheServerRead } from '../../../test/helpers/driver-spy';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

let server: TestServer;
let lucia: string;
let martin: string;
beforeAll(async () => {
  server = await startTestServer();
  [lucia, martin] = await Promise.all([
    server.login('psychologist'),
    server.login('psychologist2'),
  ]);
});
afterAll(() => server.close());

const detail = (token: string, id: string) =>
  server.call({ method: 'GET', url: `/api/students/${id}`, token });

describe("GET /api/students/:id of another psychologist's student", () => {
  it('answers byte for byte what an unknown id answers', async () => {
    const foreign = await createStudent(server, martin);
    await addNote(server, martin, foreign._id, 'Nota de otra consulta.');
    const [ofAnother, unknown] = [
      await detail(lucia, foreign._id),
      await detail(lucia, randomUUID()),
    ];
    expect(ofAnother.statusCode).toBe(404);
    expect(ofAnother.json().msg).toBe(MSG.students.notFound);
    expect(unknown.statusCode).toBe(ofAnother.statusCode);
    expect(unknown.rawPayload.equals(ofAnother.rawPayload)).toBe(true);
    const headers = (response: typeof unknown) => {
      const { date: _date, 'x-request-id': _id, ...rest } = response.headers;
      return rest;
    };
    expect(headers(unknown)).toEqual(headers(ofAnother));
  });

  it("never reads that student's notes from the database", async () => {
    const foreign = await createStudent(server, martin);
    const secret = `Refiere ideas de muerte desde el examen ${randomUUID()}.`;
    const note = await addNote(server, martin, foreign._id, secret);
    // What the database holds of it: the text sealed (docs/decisions.md#clinical-texts-sealed-at-rest).
    const [{ stored }] = (
      (await server.server.database.db.execute(
        sql`select note as stored from clinical_notes where id = ${note._id}`,
      )) as unknown as { rows: Array<{ stored: string }> }
    ).rows;
    expect(stored).not.toContain('ideas de muerte');

    const read = await whatTheServerRead(server, () => detail(lucia, foreign._id));
    // (Not toContain: its message would print every row read, session hashes included.)
    expect(read.includes(stored)).toBe(false);

    // The same spy sees the note when its own psychologist opens the student.
    const own = await whatTheServerRead(server, async () => {
      const response = await detail(martin, foreign._id);
      expect(response.statusCode).toBe(200);
      expect(response.json().student.clinicalNotes[0].note).toBe(secret);
    });
    expect(own.includes(stored)).toBe(true);
  });
});
