import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, MSG } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import {
  auditRowsOf,
  createStudent,
  inDays,
  scheduleAppointment,
} from '../../../test/helpers/patients';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { pagingMessage } from '../../../test/helpers/paged-calls';

/**
 * The caseload's appointments by page ('Historial', docs/api.md#appointments),
 * and one student's (their detail's 'Próximas citas' and 'Citas pasadas'):
 * those from an instant on, soonest first, or those before it, latest
 * first, each page with the total; never the whole list at once.
 */
let server: TestServer;
let lucia: string;
let admin: string;
let martin: string;
/** Lucía's student with the first, third, fifth and seventh appointments. */
let anaId: string;
/** Martín's student. */
let otherId: string;
/** Lucía's seven appointments, one a day from tomorrow on, soonest first. */
const dates: string[] = [];
/** Between the third and the fourth. */
let split: string;

beforeAll(async () => {
  ({ server, lucia, martin, admin } = await serverWithDemoSessions());
  const now = server.now().getTime();
  const ana = await createStudent(server, lucia, { firstName: 'Ana' });
  anaId = ana._id;
  const beto = await createStudent(server, lucia, { firstName: 'Beto' });
  for (let day = 1; day <= 7; day += 1) {
    const date = inDays(day, now);
    dates.push((await scheduleAppointment(server, lucia, (day % 2 ? ana : beto)._id, date)).date);
  }
  // Martín's student's appointment is not Lucía's.
  const other = await createStudent(server, martin);
  otherId = other._id;
  await scheduleAppointment(server, martin, other._id, inDays(4.2, now));
  split = inDays(3.5, now);
});
afterAll(() => server.close());

const list = (query: string, token = lucia) =>
  server.call({ method: 'GET', url: `/api/appointments${query}`, token });
const datesOf = (body: { appointments: Array<{ date: string }> }) =>
  body.appointments.map((appointment) => appointment.date);

describe('GET /api/appointments of the caseload, by page', () => {
  it('pages those from an instant on, soonest first, with their total', async () => {
    const first = await list(`?after=${encodeURIComponent(split)}&pageSize=3`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, total: 4, page: 1, pageSize: 3 });
    expect(datesOf(first.json())).toEqual(dates.slice(3, 6));
    const second = (await list(`?after=${encodeURIComponent(split)}&pageSize=3&page=2`)).json();
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(datesOf(second)).toEqual([dates[6]]);
  });

  it('pages those before an instant, the latest first, with their total', async () => {
    const first = (await list(`?before=${encodeURIComponent(split)}&pageSize=2`)).json();
    expect(first).toMatchObject({ ok: true, total: 3, page: 1, pageSize: 2 });
    expect(datesOf(first)).toEqual([dates[2], dates[1]]);
    const second = (await list(`?before=${encodeURIComponent(split)}&pageSize=2&page=2`)).json();
    expect(datesOf(second)).toEqual([dates[0]]);
  });

  it('counts an appointment starting at the instant among those from it on', async () => {
    const at = encodeURIComponent(dates[3]!);
    expect((await list(`?after=${at}`)).json().total).toBe(4);
    expect((await list(`?before=${at}`)).json().total).toBe(3);
  });

  it('answers, without a period, the first page of every appointment, soonest first', async () => {
    const body = (await list('')).json();
    expect(body).toMatchObject({ total: 7, page: 1, pageSize: LIST_PAGE_SIZE });
    expect(datesOf(body)).toEqual(dates);
  });

  it('refuses an instant without its offset, both ends at once, and a page out of bounds', async () => {
    const refusals: Array<[string, string, string]> = [
      ['?after=2026-11-30T10:00', 'after', MSG.appointments.dateInvalid],
      ['?before=mañana', 'before', MSG.appointments.dateInvalid],
      [
        `?after=${encodeURIComponent(split)}&before=${encodeURIComponent(split)}`,
        'before',
        SERVER_MSG.appointments.afterOrBefore,
      ],
      [`?pageSize=${LIST_MAX_PAGE_SIZE + 1}`, 'pageSize', pagingMessage('pageSize')],
      ['?page=0', 'page', pagingMessage('page')],
    ];
    for (const [query, field, msg] of refusals) {
      const response = await list(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json()).toEqual({
        ok: false,
        msg: MSG.api.invalidQuery,
        errors: [{ field, msg }],
      });
    }
  });

  it('is audited as a list of appointments, and refused to an administrator', async () => {
    const before = (await auditRowsOf(server, 'appointment.list')).length;
    await list(`?after=${encodeURIComponent(split)}`);
    expect((await auditRowsOf(server, 'appointment.list')).length).toBe(before + 1);
    expect((await list(`?after=${encodeURIComponent(split)}`, admin)).statusCode).toBe(403);
  });
});

describe("GET /api/appointments?studentId= by page (the student's detail)", () => {
  const ofAna = (query: string, token = lucia) => list(`?studentId=${anaId}${query}`, token);
  /** Ana's appointments: the first, third, fifth and seventh of Lucía's. */
  const anas = () => [dates[0], dates[2], dates[4], dates[6]];

  it("pages the student's from an instant on, soonest first, with their total", async () => {
    const first = (await ofAna(`&after=${encodeURIComponent(split)}&pageSize=1`)).json();
    expect(first).toMatchObject({ ok: true, total: 2, page: 1, pageSize: 1 });
    expect(datesOf(first)).toEqual([anas()[2]]);
    const second = (await ofAna(`&after=${encodeURIComponent(split)}&pageSize=1&page=2`)).json();
    expect(second).toMatchObject({ total: 2, page: 2 });
    expect(datesOf(second)).toEqual([anas()[3]]);
    const past = (await ofAna(`&after=${encodeURIComponent(split)}&pageSize=1&page=3`)).json();
    expect(past).toMatchObject({ total: 2, page: 3, appointments: [] });
  });

  it("pages the student's before an instant, the latest first, never another student's", async () => {
    const body = (await ofAna(`&before=${encodeURIComponent(split)}`)).json();
    expect(body).toMatchObject({ ok: true, total: 2, page: 1, pageSize: LIST_PAGE_SIZE });
    expect(datesOf(body)).toEqual([anas()[1], anas()[0]]);
  });

  it('pages them all, soonest first, when asked for a page without a period', async () => {
    const body = (await ofAna('&page=1&pageSize=3')).json();
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(datesOf(body)).toEqual(anas().slice(0, 3));
  });

  it('answers every appointment of the student, without a page, when asked with neither', async () => {
    const body = (await ofAna('')).json();
    expect(datesOf(body)).toEqual(anas());
    expect(body).not.toHaveProperty('total');
  });

  it('refuses a wrong page, size or instant in one 400 naming each', async () => {
    const response = await ofAna(`&after=ayer&page=0&pageSize=${LIST_MAX_PAGE_SIZE + 1}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: MSG.api.invalidQuery,
      errors: [
        { field: 'after', msg: MSG.appointments.dateInvalid },
        { field: 'page', msg: pagingMessage('page') },
        { field: 'pageSize', msg: pagingMessage('pageSize') },
      ],
    });
  });

  it("answers another psychologist's student 404, as without a page, and is audited under the student", async () => {
    const page = `&after=${encodeURIComponent(split)}`;
    expect((await list(`?studentId=${otherId}${page}`)).statusCode).toBe(404);
    expect((await list(`?studentId=${otherId}${page}`, martin)).json().total).toBe(1);
    const before = await auditRowsOf(server, 'appointment.list');
    await ofAna(page);
    const rows = await auditRowsOf(server, 'appointment.list');
    expect(rows.length).toBe(before.length + 1);
    expect(rows.at(-1)).toMatchObject({ recordId: anaId });
  });
});
