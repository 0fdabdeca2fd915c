import { pagingMessage } from '../../../test/helpers/paged-calls';
import { LIST_MAX_PAGE_SIZE, MSG, type StaffUser } from '@psicocampus/shared/domain';
import { createUser } from '../../../test/helpers/admin';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

/**
 * 'Usuarios' one page at a time (docs/api.md#paged-lists): GET /api/users
 * answers a page of the accounts its filters keep, with their total, never
 * the whole staff at once.
 */
let server: TestServer;
let admin: string;
/** Five accounts of one name: only their ids order them. */
let twins: StaffUser[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  twins = [];
  for (let index = 0; index < 5; index += 1) {
    twins.push(await createUser(server, admin, { firstName: 'Gemela', lastName: 'Paginada' }));
  }
  const retired = await createUser(server, admin, { firstName: 'Gemela', lastName: 'Paginada' });
  await server.call({ method: 'POST', url: `/api/users/${retired._id}/deactivate`, token: admin });
});
afterAll(() => server.close());

const list = (query: string, token = admin) =>
  server.call({ method: 'GET', url: `/api/users${query}`, token });
const idsOf = (body: { users: StaffUser[] }) => body.users.map((user) => user._id);

describe('GET /api/users, by page', () => {
  it('answers a page of the matching accounts with the total of every page', async () => {
    const first = await list('?q=paginada&status=active&pageSize=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ok: true, total: 5, page: 1, pageSize: 2 });
    expect(first.json().users).toHaveLength(2);
    const last = (await list('?q=paginada&status=active&pageSize=2&page=3')).json();
    expect(last).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(last.users).toHaveLength(1);
  });

  it('puts every account on exactly one page, accounts of one name ordered by id', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map(async (page) =>
        idsOf((await list(`?q=paginada&status=active&pageSize=2&page=${page}`)).json()),
      ),
    );
    expect(pages.flat()).toEqual(twins.map((user) => user._id).sort());
  });

  it('answers a page past the last with no accounts and the same total', async () => {
    const body = (await list('?q=paginada&pageSize=2&page=9')).json();
    expect(body).toEqual({ ok: true, users: [], total: 6, page: 9, pageSize: 2 });
  });

  it('keeps the filters: the role and the state count in the total', async () => {
    expect((await list('?q=paginada&status=inactive')).json()).toMatchObject({ total: 1 });
    expect((await list('?q=paginada&role=ADMIN')).json()).toMatchObject({ total: 0, users: [] });
  });

  it('refuses a page or size out of bounds in the one 400 that names every wrong parameter', async () => {
    const response = await list(`?role=ROOT&page=0&pageSize=${LIST_MAX_PAGE_SIZE + 1}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      msg: MSG.api.invalidQuery,
      errors: [
        { field: 'role', msg: MSG.api.invalidQuery },
        { field: 'page', msg: pagingMessage('page') },
        { field: 'pageSize', msg: pagingMessage('pageSize') },
      ],
    });
    expect((await list('?pageSize=abc')).json().errors).toEqual([
      { field: 'pageSize', msg: pagingMessage('pageSize') },
    ]);
  });
});
