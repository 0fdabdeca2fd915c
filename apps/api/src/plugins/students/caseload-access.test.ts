import type { InjectOptions } from 'fastify';
import { MSG } from '@psicocampus/shared/domain';
import { fileUpload } from '../../../test/helpers/multipart';
import {
  addNote,
  createStudent,
  inDays,
  scheduleAppointment,
  studentBody,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import { type TestServer } from '../../../test/helpers/test-server';
import { studentRow, TEMPLATE_HEADERS, xlsxFile } from '../../../test/helpers/workbooks';

/**
 * docs/permissions.md#psychologists: a psychologist reaches only their own students; anything else
 * answers 404 as if it did not exist, whatever the method. An admin reads no
 * clinical record at all (403).
 */

let server: TestServer;
let lucia: string;
let martin: string;
let admin: string;
beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
});
afterAll(() => server.close());

type Call = Pick<InjectOptions, 'method' | 'url' | 'payload'>;

/** Every call about one student (and one of its notes). */
function callsAbout(studentId: string, noteId: string): Call[] {
  const note = `/api/students/${studentId}/clinical-notes/${noteId}`;
  return [
    { method: 'GET', url: `/api/students/${studentId}` },
    { method: 'PUT', url: `/api/students/${studentId}`, payload: { ...studentBody(), version: 1 } },
    {
      method: 'PUT',
      url: `/api/students/${studentId}`,
      payload: { firstName: 'Otro', lastName: 'Nombre', age: 30, version: 1 },
    },
    // An invalid body must not tell the caller anything either.
    { method: 'PUT', url: `/api/students/${studentId}`, payload: { nada: true } },
    { method: 'DELETE', url: `/api/students/${studentId}` },
    {
      method: 'POST',
      url: `/api/students/${studentId}/clinical-notes`,
      payload: { note: 'Intrusa' },
    },
    { method: 'PUT', url: note, payload: { note: 'Cambiada', version: 1 } },
    { method: 'DELETE', url: note },
    { method: 'GET', url: `/api/appointments?studentId=${studentId}` },
    {
      method: 'POST',
      url: '/api/appointments',
      payload: { studentId, date: inDays(1), reason: 'Intrusa' },
    },
  ];
}

describe("another psychologist's student", () => {
  it('answers 404 to every call, and nothing changes', async () => {
    const student = await createStudent(server, lucia, { firstName: 'Privada' });
    const note = await addNote(server, lucia, student._id, 'Nota de Lucía');
    await scheduleAppointment(server, lucia, student._id);
    const before = (
      await server.call({ method: 'GET', url: `/api/students/${student._id}`, token: lucia })
    ).json();

    for (const call of callsAbout(student._id, note._id)) {
      const response = await server.call({ ...call, token: martin });
      expect({ call, status: response.statusCode }).toEqual({ call, status: 404 });
      expect(response.json()).toEqual({ ok: false, msg: MSG.students.notFound });
    }

    const after = await server.call({
      method: 'GET',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(after.json()).toEqual(before);
    const appointments = await server.call({
      method: 'GET',
      url: `/api/appointments?studentId=${student._id}`,
      token: lucia,
    });
    expect(appointments.json().appointments).toHaveLength(1);
    expect(
      (await server.call({ method: 'GET', url: '/api/students', token: martin })).body,
    ).not.toContain(student._id);
  });

  it('answers the same 404 for a deleted student and a malformed id, never a 500', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id);
    await server.call({ method: 'DELETE', url: `/api/students/${student._id}`, token: lucia });
    for (const [studentId, noteId] of [
      [student._id, note._id],
      ['no-es-un-uuid', 'tampoco'],
      ["1' or '1'='1", '00000000-0000-4000-8000-000000000000'],
      ['00000000-0000-0000-0000-00000000000g', note._id],
    ]) {
      for (const call of callsAbout(encodeURIComponent(studentId!), encodeURIComponent(noteId!))) {
        if (call.method === 'POST' && call.url === '/api/appointments') continue; // a body field: 400
        const response = await server.call({ ...call, token: lucia });
        expect({ call, status: response.statusCode }).toEqual({ call, status: 404 });
        expect(response.json()).toEqual({ ok: false, msg: MSG.students.notFound });
      }
    }
  });
});

describe('an admin', () => {
  it('gets 403 on every student, note, appointment and import call', async () => {
    const student = await createStudent(server, lucia);
    const note = await addNote(server, lucia, student._id);
    const calls: Call[] = [
      { method: 'GET', url: '/api/students' },
      { method: 'GET', url: '/api/students?q=a&page=1' },
      { method: 'POST', url: '/api/students', payload: studentBody() },
      ...callsAbout(student._id, note._id),
      { method: 'GET', url: '/api/clinical-notes/recent' },
      { method: 'GET', url: '/api/appointments' },
      { method: 'GET', url: '/api/students/import/template' },
    ];
    for (const call of calls) {
      const response = await server.call({ ...call, token: admin });
      expect({ call, status: response.statusCode }).toEqual({ call, status: 403 });
      expect(response.json()).toEqual({ ok: false, msg: MSG.api.forbidden });
    }
    const file = await xlsxFile([[...TEMPLATE_HEADERS], studentRow(1)]);
    const upload = await server.call({
      method: 'POST',
      url: '/api/students/import',
      token: admin,
      ...fileUpload(file),
    });
    expect(upload.statusCode).toBe(403);
    // Lucía's student and note are untouched.
    const after = await server.call({
      method: 'GET',
      url: `/api/students/${student._id}`,
      token: lucia,
    });
    expect(after.json().student).toMatchObject({ version: 1, clinicalNotes: [{ _id: note._id }] });
  });
});
