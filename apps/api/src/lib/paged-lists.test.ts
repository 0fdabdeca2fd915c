import { LIST_MAX_PAGE, MSG } from '@psicocampus/shared/domain';
import { PAGED_CALLS, pagingMessage, type PagedCall } from '../../test/helpers/paged-calls';
import { createStudent } from '../../test/helpers/patients';
import { serverWithDemoSessions, type DemoSessions } from '../../test/helpers/signed-in';
import type { DemoAccountKey, TestServer } from '../../test/helpers/test-server';

/*
 * One rule for every paged call (docs/api.md#paged-lists): `?page=` from 1,
 * `?pageSize=` from 1 to the call's maximum, and a refused one is a 400
 * naming its field with the bounds in its message. The OpenAPI document
 * states the same maximum (openapi/openapi.test.ts, from the same table).
 */

let server: TestServer;
let sessions: DemoSessions;
/** A student of the psychologist's, for the calls whose path names one. */
let studentId: string;
beforeAll(async () => {
  ({ server, ...sessions } = await serverWithDemoSessions());
  studentId = (await createStudent(server, sessions.lucia))._id;
});
afterAll(() => server.close());

const TOKEN_OF: Record<DemoAccountKey, keyof DemoSessions> = {
  psychologist: 'lucia',
  psychologist2: 'martin',
  admin: 'admin',
};

function get(call: PagedCall, query: string) {
  const asked = call.query ? `${call.query.replace(':id', studentId)}&${query}` : query;
  return server.call({
    method: 'GET',
    url: `${call.route.replace(/^GET /, '').replace(':id', studentId)}?${asked}`,
    token: sessions[TOKEN_OF[call.as]],
  });
}

/** The call as a title names it: its route, and what it asks beside the page. */
const nameOf = (call: PagedCall) => (call.query ? `${call.route}?${call.query}` : call.route);

describe('a paged call', () => {
  it.each(PAGED_CALLS.map((call) => [nameOf(call), call] as const))(
    '%s refuses a page or a page size out of its bounds, saying them on the field',
    async (_, call) => {
      const refusals = [
        [`pageSize=${call.maxPageSize + 1}`, 'pageSize'],
        ['pageSize=0', 'pageSize'],
        ['pageSize=abc', 'pageSize'],
        ['page=0', 'page'],
        ['page=abc', 'page'],
        [`page=${LIST_MAX_PAGE + 1}`, 'page'],
      ] as const;
      for (const [query, field] of refusals) {
        const response = await get(call, query);
        expect({ query, status: response.statusCode, body: response.json() }).toEqual({
          query,
          status: 400,
          body: {
            ok: false,
            msg: MSG.api.invalidQuery,
            errors: [{ field, msg: pagingMessage(field, call.maxPageSize) }],
          },
        });
      }
      expect(pagingMessage('pageSize', call.maxPageSize)).toContain(` y ${call.maxPageSize}.`);
      // Both wrong at once: both named, each with its bounds.
      const both = await get(call, 'page=-1&pageSize=1.5');
      expect(both.statusCode).toBe(400);
      expect(both.json().errors).toEqual([
        { field: 'page', msg: pagingMessage('page') },
        { field: 'pageSize', msg: pagingMessage('pageSize', call.maxPageSize) },
      ]);

      const largest = await get(call, `page=1&pageSize=${call.maxPageSize}`);
      expect(largest.statusCode).toBe(200);
      expect(largest.json()).toMatchObject({ ok: true, page: 1, pageSize: call.maxPageSize });
    },
  );

  it('says its bounds in Spanish', () => {
    expect(pagingMessage('page')).toBe('La página debe ser un número entero entre 1 y 1.000.000.');
    expect(pagingMessage('pageSize', 200)).toBe(
      'El tamaño de página debe ser un número entero entre 1 y 200.',
    );
  });
});
