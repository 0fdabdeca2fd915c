import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, sessionEnded } from '@psicocampus/shared';
import {
  deferred,
  renderWithApp,
  stubApi,
  testAdmin,
  testPsychologist,
} from '@psicocampus/shared/testing';
import LoginPage from './login.page';
import { SHAKE_MS, WELCOME_MS } from './use-login';

/** The welcome's time, with room for a busy machine: a guard against a hang, not a measure. */
const AFTER_WELCOME_MS = WELCOME_MS + 10_000;

const loginAnswer = (user = testPsychologist) =>
  Response.json({ ok: true, token: 'token-123', user, msg: MSG.auth.welcomeText });

function renderLogin(state?: unknown) {
  return renderWithApp(<LoginPage />, { route: '/login', state });
}

/** The sweetalert2 dialog currently shown. */
async function dialog() {
  return screen.findByRole('dialog');
}

async function fillAndSubmit(options: { email?: string; password?: string; terms?: boolean } = {}) {
  const { email = testPsychologist.email, password = 'Psico-Demo-2026', terms = true } = options;
  if (email) await userEvent.type(screen.getByLabelText(MSG.auth.email), email);
  if (password) await userEvent.type(screen.getByLabelText(MSG.auth.password), password);
  if (terms) await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: MSG.auth.submit }));
}

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('login validation (docs/rules-and-messages.md#login)', () => {
  it.each([
    ['no e-mail', { email: '' }],
    ['no password', { password: '' }],
    ['nothing', { email: '', password: '', terms: false }],
  ])('warns "Faltan datos" when there is %s', async (_case, values) => {
    const calls = stubApi(() => loginAnswer());
    await renderLogin();
    await fillAndSubmit(values);
    const alert = await dialog();
    expect(within(alert).getByText(MSG.auth.missingDataTitle)).toBeInTheDocument();
    expect(within(alert).getByText(MSG.auth.missingFields)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the terms to be accepted', async () => {
    const calls = stubApi(() => loginAnswer());
    await renderLogin();
    await fillAndSubmit({ terms: false });
    const alert = await dialog();
    expect(within(alert).getByText(MSG.auth.missingDataTitle)).toBeInTheDocument();
    expect(within(alert).getByText(MSG.auth.mustAcceptTerms)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('the login screen (docs/screens-and-routes.md#login-screen)', () => {
  it('warns about Caps Lock in the e-mail and the password fields', async () => {
    await renderLogin();
    for (const label of [MSG.auth.email, MSG.auth.password]) {
      const input = screen.getByLabelText(label);
      fireEvent.keyDown(input, { key: 'A', modifierCapsLock: true });
      expect(await screen.findByText(`⇪ ${MSG.auth.capsLock}`)).toBeInTheDocument();
      fireEvent.keyUp(input, { key: 'CapsLock', modifierCapsLock: false });
      expect(screen.queryByText(`⇪ ${MSG.auth.capsLock}`)).not.toBeInTheDocument();
    }
  });

  it('opens the Terms with their five sections', async () => {
    await renderLogin();
    await userEvent.click(screen.getByRole('button', { name: MSG.auth.termsLink }));
    const terms = screen.getByRole('dialog', { name: MSG.auth.termsTitle });
    const headings = (await within(terms).findAllByRole('heading', { level: 3 })).map(
      (heading) => heading.textContent,
    );
    expect(headings).toEqual([
      '1. Aceptación de los términos',
      '2. Uso del servicio',
      '3. Privacidad y confidencialidad',
      '4. Modificaciones',
      '5. Limitación de responsabilidad',
    ]);
    await userEvent.click(within(terms).getByRole('button', { name: MSG.auth.close }));
    expect(screen.queryByRole('dialog', { name: MSG.auth.termsTitle })).not.toBeInTheDocument();
  });

  it('shows "Iniciando sesión..." while signing in', async () => {
    const answer = deferred<Response>();
    stubApi(() => answer.promise);
    await renderLogin();
    await fillAndSubmit();
    const button = await screen.findByRole('button', { name: MSG.auth.submitting });
    expect(button).toBeDisabled();
    await act(async () => answer.resolve(loginAnswer()));
  });

  it('shows the server\'s message under "Error de acceso" and shakes the form', async () => {
    stubApi(() => Response.json({ ok: false, msg: MSG.auth.invalidCredentials }, { status: 401 }));
    await renderLogin();
    await fillAndSubmit();
    const alert = await dialog();
    expect(within(alert).getByText(MSG.auth.loginErrorTitle)).toBeInTheDocument();
    expect(within(alert).getByText(MSG.auth.invalidCredentials)).toBeInTheDocument();
    const form = screen.getByLabelText(MSG.auth.email).closest('form')!;
    expect(form.className).toContain('shake');
    await waitFor(() => expect(form.className).not.toContain('shake'), { timeout: SHAKE_MS + 500 });
  });

  it('falls back to "Error al iniciar sesión" when the server gives no message', async () => {
    stubApi(() => new Response('<html>502</html>', { status: 502 }));
    await renderLogin();
    await fillAndSubmit();
    expect(within(await dialog()).getByText(MSG.auth.loginErrorFallback)).toBeInTheDocument();
  });

  it('says the server cannot be reached on a network failure', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await renderLogin();
    await fillAndSubmit();
    expect(within(await dialog()).getByText(MSG.common.networkError)).toBeInTheDocument();
  });

  it('welcomes for 1.5 s, keeps the session and sends a psychologist to /psychologist', async () => {
    const calls = stubApi(() => loginAnswer());
    const { store, location } = await renderLogin();
    await fillAndSubmit();

    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: testPsychologist.email, password: 'Psico-Demo-2026' },
    });
    const welcome = await dialog();
    expect(within(welcome).getByText(MSG.auth.welcomeTitle('Lucía'))).toBeInTheDocument();
    expect(location()).toBe('/login');
    await waitFor(() => expect(location()).toBe('/psychologist'), { timeout: AFTER_WELCOME_MS });
    expect(store.getState().session).toMatchObject({ token: 'token-123', user: testPsychologist });
  });

  it('sends an administrator to /home', async () => {
    stubApi(() => loginAnswer(testAdmin));
    const { location } = await renderLogin();
    await fillAndSubmit({ email: testAdmin.email });
    await waitFor(() => expect(location()).toBe('/home'), { timeout: AFTER_WELCOME_MS });
  });

  it('returns to the page an expired session left, when it belongs to the role', async () => {
    stubApi(() => loginAnswer());
    const { location } = await renderLogin({ from: '/psychologist/dashboard/patients/42' });
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/psychologist/dashboard/patients/42'), {
      timeout: AFTER_WELCOME_MS,
    });
  });

  it('goes home, not to the page, when someone else signs in after a lapsed session', async () => {
    stubApi(() => loginAnswer());
    const { location } = await renderLogin({
      from: '/psychologist/dashboard/patients/42',
      userId: 'someone-else',
    });
    await fillAndSubmit();
    await waitFor(() => expect(location()).toBe('/psychologist'), {
      timeout: AFTER_WELCOME_MS,
    });
  });

  it('says the session expired when it did', async () => {
    const { store } = await renderLogin();
    await act(async () => {
      store.dispatch(sessionEnded({ reason: 'expired' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.session.expired);
  });
});
