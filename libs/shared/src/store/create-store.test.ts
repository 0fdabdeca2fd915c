import type { SessionUser } from '@psicocampus/shared/domain';
import { api } from '../api/api-slice';
import { sessionEnded, sessionStarted } from '../session/session-slice';
import type * as createStoreModule from './create-store';
import { createAppStore, extendStores, releaseAppStore, type StateWithApi } from './create-store';

const user: SessionUser = {
  id: 'u-1',
  role: 'ADMIN',
  firstName: 'Ana',
  lastName: 'Administradora',
  email: 'admin@psicocampus.test',
};

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ ok: boolean }, void>({ query: () => '/api/probe' }),
    probeMutation: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: '/api/probe', method: 'POST' }),
    }),
  }),
});

function respondWith(status: number, body: unknown) {
  const fetchMock = jest.fn(async (_request: Request) => Response.json(body, { status }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

beforeEach(() => localStorage.clear());

describe('the store', () => {
  it('takes in the API cache when the API slice loads after the store was made', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const core = require('./create-store') as typeof createStoreModule;
      const store = core.createAppStore({});
      expect(store.getState()).not.toHaveProperty('api');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require('../api/api-slice');
      expect(store.getState()).toHaveProperty('api.queries', {});
    });
  });

  it('starts from the session a previous visit left in localStorage', () => {
    localStorage.setItem('x-token', 't-1');
    localStorage.setItem('userId', 'u-1');
    localStorage.setItem('user-data', JSON.stringify({ ok: true, user }));
    const store = createAppStore({ storage: localStorage });
    expect(store.getState().session).toMatchObject({ token: 't-1', user, endReason: null });
  });

  it('keeps localStorage in step with the session', () => {
    const store = createAppStore({ storage: localStorage });
    store.dispatch(sessionStarted({ token: 't-2', user }));
    expect(localStorage.getItem('x-token')).toBe('t-2');
    store.dispatch(sessionEnded({ reason: 'logout' }));
    expect(localStorage.getItem('x-token')).toBeNull();
    expect(localStorage.getItem('user-data')).toBeNull();
  });

  it('sends the session token in x-token on every call, to the configured host', async () => {
    const fetchMock = respondWith(200, { ok: true });
    const store = createAppStore({
      apiBaseUrl: 'https://api.example.edu/',
      session: { token: 't-3', user },
    });
    await store.dispatch(probe.endpoints.probe.initiate());
    const request = fetchMock.mock.calls[0]![0];
    expect(request.url).toBe('https://api.example.edu/api/probe');
    expect(request.headers.get('x-token')).toBe('t-3');
  });

  it('ends the session as expired when the server answers 401 to a signed-in call', async () => {
    respondWith(401, { ok: false, msg: 'Tu sesión ha expirado. Inicia sesión de nuevo.' });
    const store = createAppStore({ storage: localStorage, session: { token: 't-4', user } });
    await store.dispatch(probe.endpoints.probeMutation.initiate());
    expect(store.getState().session).toMatchObject({
      token: null,
      user: null,
      endReason: 'expired',
    });
    expect(localStorage.getItem('x-token')).toBeNull();
  });

  it('leaves a 401 to a call made without a session (a failed login) to the screen', async () => {
    respondWith(401, { ok: false, msg: 'Credenciales inválidas' });
    const store = createAppStore({});
    await store.dispatch(probe.endpoints.probeMutation.initiate());
    expect(store.getState().session.endReason).toBeNull();
  });

  it('forgets every cached answer when the session ends', async () => {
    respondWith(200, { ok: true });
    const store = createAppStore({ session: { token: 't-5', user } });
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(probe.endpoints.probe.select()(store.getState() as StateWithApi).data).toEqual({
      ok: true,
    });
    store.dispatch(sessionEnded({ reason: 'logout' }));
    expect(probe.endpoints.probe.select()(store.getState() as StateWithApi).data).toBeUndefined();
  });
});

describe('releasing a store (an embed unmounted)', () => {
  afterEach(() => jest.useRealTimers());

  it("aborts its requests in flight and clears the cache's timers", async () => {
    jest.useFakeTimers();
    let signal: AbortSignal | undefined;
    global.fetch = jest.fn(
      (request: Request) =>
        new Promise<Response>((_resolve, reject) => {
          signal = request.signal;
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    ) as unknown as typeof fetch;
    const store = createAppStore({ session: { token: 't-6', user } });
    // An answered query no one reads any more waits on a removal timer.
    const answered = store.dispatch(probe.endpoints.probe.initiate());
    answered.unsubscribe();
    const pending = store.dispatch(probe.endpoints.probeMutation.initiate());
    await Promise.resolve();
    expect(signal?.aborted).toBe(false);
    expect(jest.getTimerCount()).toBeGreaterThan(0);

    releaseAppStore(store);
    await pending;
    expect(signal?.aborted).toBe(true);
    // What is left is the store telling its (gone) subscribers once, within a frame;
    // the cache's 60 s removal timer would still be pending without the release.
    jest.advanceTimersByTime(100);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stops its listeners and its storage subscription', () => {
    const store = createAppStore({ storage: localStorage });
    releaseAppStore(store);
    store.dispatch(sessionStarted({ token: 't-7', user }));
    expect(localStorage.getItem('x-token')).toBeNull();
  });

  it('is forgotten: what loads later reaches live stores only', () => {
    const live = createAppStore({});
    const released = createAppStore({});
    releaseAppStore(released);
    releaseAppStore(released);
    const reached: unknown[] = [];
    extendStores(({ store }) => {
      reached.push(store);
    });
    expect(reached).toContain(live);
    expect(reached).not.toContain(released);
  });
});
