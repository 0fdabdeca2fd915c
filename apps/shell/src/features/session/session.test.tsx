import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, sessionEnded, sessionStarted, writeStoredSession } from '@psicocampus/shared';
import { SESSION_TIMINGS } from '@psicocampus/shared/domain';
import { draftKey } from '@psicocampus/shared/forms';
import {
  admin,
  installFetch,
  psychologist,
  remoteRegistry,
  renderShell,
  serveStandIns,
} from '../../testing/shell-harness';

beforeAll(async () => {
  installFetch();
  serveStandIns();
  await remoteRegistry.init();
});
beforeEach(() => {
  localStorage.clear();
  serveStandIns();
});

const apiCalls = (requests: Request[], path: string) =>
  requests.filter((request) => new URL(request.url).pathname === path);

describe('the session in the shell', () => {
  it('"Cerrar sesión" ends the session on the server and in the browser, then shows /login', async () => {
    const requests = installFetch();
    writeStoredSession(localStorage, { token: 'tok-1', user: psychologist });
    const store = await renderShell('/psychologist/dashboard/patients', null, localStorage);
    await screen.findByRole('heading', { name: 'Lista de pacientes' });

    await userEvent.click(screen.getByRole('button', { name: MSG.shell.logout }));

    expect(await screen.findByRole('heading', { name: 'Pantalla de acceso' })).toBeInTheDocument();
    const [logout] = apiCalls(requests, '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('x-token')).toBe('tok-1');
    expect(localStorage.getItem('x-token')).toBeNull();
    expect(store.getState().session.endReason).toBe('logout');
  });

  it('sends the user to /login when any call answers 401, saying the session expired', async () => {
    installFetch((request) =>
      new URL(request.url).pathname === '/api/auth/me'
        ? Response.json({ ok: false, msg: MSG.session.expired }, { status: 401 })
        : Response.json({ ok: true }),
    );
    const store = await renderShell('/psychologist/dashboard/patients', {
      token: 'stale',
      user: psychologist,
    });
    expect(await screen.findByRole('heading', { name: 'Pantalla de acceso' })).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ token: null, endReason: 'expired' });
  });

  it('takes a name changed on the server into the header', async () => {
    installFetch((request) =>
      new URL(request.url).pathname === '/api/auth/me'
        ? Response.json({ ok: true, user: { ...psychologist, lastName: 'Fernández Ruiz' } })
        : Response.json({ ok: true }),
    );
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    expect(await screen.findByText('Lucía Fernández Ruiz')).toBeInTheDocument();
  });

  it('follows a sign-out made in another tab', async () => {
    installFetch();
    writeStoredSession(localStorage, { token: 'tok-2', user: admin });
    const store = await renderShell('/dashboard/home', null, localStorage);
    await screen.findByRole('heading', { name: 'Inicio de administración' });

    localStorage.clear();
    await act(async () => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'x-token', newValue: null, storageArea: localStorage }),
      );
    });
    expect(await screen.findByRole('heading', { name: 'Pantalla de acceso' })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
  });
});

describe('the idle warning (docs/sign-in-and-sessions.md#sessions)', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('offers "Seguir conectado" at 25 idle minutes, and staying asks the server', async () => {
    const requests = installFetch((request) =>
      new URL(request.url).pathname === '/api/auth/me'
        ? Response.json({ ok: true, user: psychologist })
        : Response.json({ ok: true }),
    );
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    const before = apiCalls(requests, '/api/auth/me').length;

    await act(async () => {
      jest.advanceTimersByTime(SESSION_TIMINGS.warnAfterMs - 60_000);
    });
    expect(screen.queryByText(MSG.session.keepAlive)).not.toBeInTheDocument();

    await act(async () => {
      jest.advanceTimersByTime(61_000);
    });
    const stay = await screen.findByRole('button', { name: MSG.session.keepAlive });
    await userEvent.click(stay);
    await waitFor(() => expect(apiCalls(requests, '/api/auth/me').length).toBe(before + 1));
  });

  it('a slow answer counts from when its call was sent: the warning still comes 25 minutes after it', async () => {
    let slow = false;
    let answerMe: (() => void) | null = null;
    const requests = installFetch((request) => {
      if (new URL(request.url).pathname !== '/api/auth/me') return Response.json({ ok: true });
      const answer = Response.json({ ok: true, user: psychologist });
      if (!slow) return answer;
      return new Promise<Response>((resolve) => {
        answerMe = () => resolve(answer);
      });
    });
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    const before = apiCalls(requests, '/api/auth/me').length;

    // A key after the keep-alive interval sends a call the server is slow to answer.
    slow = true;
    await act(async () => {
      jest.advanceTimersByTime(SESSION_TIMINGS.typingKeepAliveMs + 1000);
    });
    fireEvent.keyDown(document.body, { key: 'a' });
    await waitFor(() => expect(apiCalls(requests, '/api/auth/me')).toHaveLength(before + 1));
    await act(async () => {
      jest.advanceTimersByTime(4 * 60_000);
      answerMe?.();
    });

    // The server's idle clock restarted when the call reached it, 4 minutes ago.
    await act(async () => {
      jest.advanceTimersByTime(SESSION_TIMINGS.warnAfterMs - 4 * 60_000 + 1000);
    });
    expect(await screen.findByRole('button', { name: MSG.session.keepAlive })).toBeVisible();
  });

  it('at 30 idle minutes asks the server, and a 401 shows /login', async () => {
    let sessionAlive = true;
    installFetch((request) =>
      new URL(request.url).pathname === '/api/auth/me' && !sessionAlive
        ? Response.json({ ok: false, msg: MSG.session.expired }, { status: 401 })
        : Response.json({ ok: true, user: psychologist }),
    );
    const store = await renderShell('/psychologist/dashboard/patients', {
      token: 't',
      user: psychologist,
    });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });

    sessionAlive = false;
    await act(async () => {
      jest.advanceTimersByTime(SESSION_TIMINGS.idleMs + 2000);
    });
    expect(await screen.findByRole('heading', { name: 'Pantalla de acceso' })).toBeInTheDocument();
    expect(store.getState().session.endReason).toBe('expired');
  });
});

describe('typing counts as activity', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it('a key typed after 10 quiet minutes tells the server, and no "¿Sigues ahí?" comes at 25', async () => {
    const requests = installFetch((request) =>
      new URL(request.url).pathname === '/api/auth/me'
        ? Response.json({ ok: true, user: psychologist })
        : Response.json({ ok: true }),
    );
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    const before = apiCalls(requests, '/api/auth/me').length;

    // Typing within the interval asks nothing.
    fireEvent.keyDown(document.body, { key: 'a' });
    await act(async () => {
      jest.advanceTimersByTime(SESSION_TIMINGS.typingKeepAliveMs + 60_000);
    });
    expect(apiCalls(requests, '/api/auth/me')).toHaveLength(before);

    // Typing after it does, once, and the server's answer moves the warning on.
    const note = document.createElement('textarea');
    document.body.append(note);
    fireEvent.input(note, { target: { value: 'Refiere' } });
    fireEvent.keyDown(note, { key: 'e' });
    await waitFor(() => expect(apiCalls(requests, '/api/auth/me')).toHaveLength(before + 1));
    await act(async () => {
      jest.advanceTimersByTime(SESSION_TIMINGS.warnAfterMs - SESSION_TIMINGS.typingKeepAliveMs);
    });
    expect(screen.queryByText(MSG.session.idleTitle)).not.toBeInTheDocument();
    note.remove();
  });
});

describe('drafts belong to who typed them (docs/sign-in-and-sessions.md#drafts)', () => {
  const noteDraft = draftKey(psychologist.id, 'note:s1:new');
  const otherDraft = draftKey('p2', 'note:s9:new');
  beforeEach(() => {
    sessionStorage.clear();
    sessionStorage.setItem(noteDraft, JSON.stringify({ note: 'Refiere insomnio' }));
    sessionStorage.setItem(otherDraft, JSON.stringify({ note: 'De otra cuenta' }));
  });

  it('"Cerrar sesión" drops every draft', async () => {
    installFetch();
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    await userEvent.click(screen.getByRole('button', { name: MSG.shell.logout }));
    await screen.findByRole('heading', { name: 'Pantalla de acceso' });
    expect(sessionStorage.getItem(noteDraft)).toBeNull();
    expect(sessionStorage.getItem(otherDraft)).toBeNull();
  });

  it("keeps the signed-in user's drafts and drops anyone else's", async () => {
    installFetch();
    await renderShell('/psychologist/dashboard/patients', { token: 't', user: psychologist });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    expect(sessionStorage.getItem(noteDraft)).not.toBeNull();
    expect(sessionStorage.getItem(otherDraft)).toBeNull();
  });

  it('a lapsed session keeps them, and remembers where it was and whose it was', async () => {
    installFetch();
    const store = await renderShell('/psychologist/dashboard/patients', {
      token: 't',
      user: psychologist,
    });
    await screen.findByRole('heading', { name: 'Lista de pacientes' });
    await act(async () => {
      store.dispatch(sessionEnded({ reason: 'expired' }));
    });
    await screen.findByRole('heading', { name: 'Pantalla de acceso' });
    expect(sessionStorage.getItem(noteDraft)).not.toBeNull();
    expect((window.history.state as { usr?: unknown }).usr).toEqual({
      from: '/psychologist/dashboard/patients',
      userId: psychologist.id,
    });
  });

  it('signing in again returns the same person to that screen, and anyone else to their home', async () => {
    installFetch();
    for (const [who, heading] of [
      [psychologist, 'Lista de pacientes'],
      [{ ...psychologist, id: 'p2' }, 'Inicio del psicólogo'],
    ] as const) {
      const store = await renderShell('/psychologist/dashboard/patients', {
        token: 't',
        user: psychologist,
      });
      await screen.findByRole('heading', { name: 'Lista de pacientes' });
      await act(async () => {
        store.dispatch(sessionEnded({ reason: 'expired' }));
      });
      await screen.findByRole('heading', { name: 'Pantalla de acceso' });
      // The login screen signs in (the stand-in does not navigate itself).
      await act(async () => {
        store.dispatch(sessionStarted({ token: 't2', user: who }));
      });
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      cleanup();
    }
  });
});
