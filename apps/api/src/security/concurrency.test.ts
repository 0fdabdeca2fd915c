import { eq, sql } from 'drizzle-orm';
import { MSG, type StudentSummary } from '@psicocampus/shared/domain';
import { clinicalNotes, students } from '../db/schema';
import { fileUpload } from '../../test/helpers/multipart';
import { addNote, createStudent, studentBody } from '../../test/helpers/patients';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../../test/helpers/workbooks';
import { openedRow } from '../../test/helpers/sealed-rows';

// docs/limits-and-budgets.md#limits-and-bad-input: two people saving one student or one note from the same
// version: one save wins, every other one is told so (409) and nothing is
// silently lost. docs/architecture.md#data-and-databases: one student per e-mail, whatever its case, even
// when imports and saves run at the same moment. On PostgreSQL the calls
// really run in parallel (a pool of connections); on PGlite they interleave
// at every await.

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

const db = () => server.server.database.db;
const put = (token: string, url: string, payload: object) =>
  server.call({ method: 'PUT', url, token, payload });
const NAMES = ['Ana', 'Berta', 'Carla', 'Diana', 'Elena'];
const CITIES = ['Quito', 'Cuenca', 'Loja', 'Ambato', 'Manta'];

/** The one call that succeeded; the others must be 409s with the conflict message. */
function onlyWinner<T>(responses: Array<{ statusCode: number; json(): unknown }>, bodies: T[]) {
  expect(responses.map((response) => response.statusCode).sort()).toEqual([
    200,
    ...Array<number>(responses.length - 1).fill(409),
  ]);
  for (const response of responses.filter((r) => r.statusCode === 409)) {
    expect(response.json()).toEqual({ ok: false, msg: MSG.api.conflict });
  }
  const index = responses.findIndex((response) => response.statusCode === 200);
  return { body: bodies[index]!, response: responses[index]! };
}

describe('simultaneous saves of one student', () => {
  it.each([2, 5])(
    '%i saves from one version: exactly one is stored, the others get 409',
    async (savers) => {
      // A few rounds: which save wins, and where the others are when it does, varies.
      for (let round = 0; round < 4; round += 1) {
        const student = await createStudent(server, lucia);
        const bodies = NAMES.slice(0, savers).map((firstName, index) => ({
          ...studentBody({ email: student.email, firstName, city: CITIES[index]! }),
          version: student.version,
        }));
        const responses = await Promise.all(
          bodies.map((body) => put(lucia, `/api/students/${student._id}`, body)),
        );
        const winner = onlyWinner(responses, bodies);
        const [stored] = await db().select().from(students).where(eq(students.id, student._id));
        const { version, ...fields } = winner.body;
        expect(stored).toMatchObject({ ...fields, version: version + 1 });
        expect((winner.response.json() as { student: StudentSummary }).student).toMatchObject({
          firstName: winner.body.firstName,
          city: winner.body.city,
          version: version + 1,
        });
      }
    },
  );

  it('the modal and the edit screen saving at once: one wins whole, the other changes nothing', async () => {
    for (let round = 0; round < 4; round += 1) {
      const student = await createStudent(server, lucia, { city: 'Tena', phone: '0991111111' });
      const modal = {
        ...studentBody({ email: student.email, firstName: 'Modal', city: 'Ibarra' }),
        version: 1,
      };
      const editScreen = { firstName: 'Pantalla', lastName: 'Edición', age: 33, version: 1 };
      const responses = await Promise.all(
        [modal, editScreen].map((body) => put(lucia, `/api/students/${student._id}`, body)),
      );
      const winner = onlyWinner<object>(responses, [modal, editScreen]);
      const [stored] = await db().select().from(students).where(eq(students.id, student._id));
      expect(stored).toMatchObject(
        winner.body === modal
          ? { firstName: 'Modal', city: 'Ibarra', version: 2 }
          : { firstName: 'Pantalla', lastName: 'Edición', age: 33, city: 'Tena', version: 2 },
      );
    }
  });

  it('two students renamed to one e-mail at once: one keeps it, the other is told', async () => {
    const [first, second] = await Promise.all([
      createStudent(server, lucia),
      createStudent(server, lucia),
    ]);
    const email = 'mismo.correo@estudiantes.test';
    const responses = await Promise.all(
      [first!, second!].map((student, index) =>
        put(lucia, `/api/students/${student._id}`, {
          ...studentBody({ email: index ? email.toUpperCase() : email }),
          version: 1,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json()).toEqual({
      ok: false,
      msg: MSG.students.emailTaken,
    });
    const holders = await db()
      .select({ id: students.id })
      .from(students)
      .where(eq(sql`lower(${students.email})`, email));
    expect(holders).toHaveLength(1);
  });
});

describe('simultaneous saves of one note', () => {
  it.each([2, 5])(
    '%i tabs saving one note from one version: exactly one is stored, the others get 409',
    async (tabs) => {
      const student = await createStudent(server, lucia);
      for (let round = 0; round < 4; round += 1) {
        const note = await addNote(server, lucia, student._id, 'Texto original de la sesión.');
        const bodies = NAMES.slice(0, tabs).map((name) => ({
          note: `Sesión revisada en la pestaña de ${name}.`,
          version: note.version,
        }));
        const url = `/api/students/${student._id}/clinical-notes/${note._id}`;
        const responses = await Promise.all(bodies.map((body) => put(lucia, url, body)));
        const winner = onlyWinner(responses, bodies);
        const [stored] = await db()
          .select()
          .from(clinicalNotes)
          .where(eq(clinicalNotes.id, note._id));
        expect(openedRow(server.app.ctx.texts, 'clinicalNotes', stored!)).toMatchObject({
          note: winner.body.note,
          version: note.version + 1,
        });
      }
    },
  );
});

describe('simultaneous imports', () => {
  const importFile = async (token: string, emails: string[]) =>
    server.call({
      method: 'POST',
      url: '/api/students/import',
      token,
      ...fileUpload(
        await xlsxFile([
          [...TEMPLATE_HEADERS],
          ...emails.map((email, n) => studentRow(n, { 'Correo electrónico': email })),
        ]),
      ),
    });
  const holdersOf = async (email: string) =>
    db()
      .select({ id: students.id })
      .from(students)
      .where(eq(sql`lower(${students.email})`, email.toLowerCase()));

  it('of overlapping files, the shared e-mails in other cases, create each student once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const emails = Array.from(
        { length: 10 },
        (_, n) => `solapado.${round}.${n}@estudiantes.test`,
      );
      const capitalised = (email: string) => email[0]!.toUpperCase() + email.slice(1);
      // Two at once, as many as one server runs (one per person): A holds 0–5
      // and the odd ones above, capitalised; B holds 3–9 in capitals.
      const files = [
        {
          token: lucia,
          emails: [
            ...emails.slice(0, 6),
            ...emails
              .slice(6)
              .filter((_, n) => n % 2)
              .map(capitalised),
          ],
        },
        { token: martin, emails: emails.slice(3).map((email) => email.toUpperCase()) },
      ];
      const responses = await Promise.all(
        files.map(({ token, emails: rows }) => importFile(token, rows)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      const answers = responses.map(
        (response) =>
          response.json() as { created: number; duplicates: Array<{ row: number; email: string }> },
      );
      expect(answers.reduce((sum, answer) => sum + answer.created, 0)).toBe(emails.length);
      answers.forEach((answer, index) => {
        // Every row of a file is either created or reported, in the file's own spelling.
        expect(answer.created + answer.duplicates.length).toBe(files[index]!.emails.length);
        for (const duplicate of answer.duplicates) {
          expect(files[index]!.emails[duplicate.row - 2]).toBe(duplicate.email);
        }
      });
      for (const email of emails) expect(await holdersOf(email)).toHaveLength(1);
    }
  });

  it('and a form save of one of their e-mails: the student exists once', async () => {
    const email = 'formulario.e.importacion@estudiantes.test';
    const [imported, saved] = await Promise.all([
      importFile(lucia, ['otro.importado@estudiantes.test', email]),
      server.call({
        method: 'POST',
        url: '/api/students',
        token: martin,
        payload: studentBody({ email: email.toUpperCase() }),
      }),
    ]);
    expect(imported.statusCode).toBe(200);
    const fromImport = imported.json() as { created: number };
    if (saved.statusCode === 201) {
      expect(fromImport.created).toBe(1);
    } else {
      expect(saved.statusCode).toBe(409);
      expect(saved.json()).toEqual({ ok: false, msg: MSG.students.emailTaken });
      expect(fromImport.created).toBe(2);
    }
    expect(await holdersOf(email)).toHaveLength(1);
  });
});
