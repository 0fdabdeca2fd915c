import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { deferred, renderWithApp, stubApi } from '@psicocampus/shared/testing';
import LoginPage from './login.page';
import { CLOSE_AFTER_SENT_MS } from '../../components/forgot-password/forgot-password-modal.component';

async function openRecovery() {
  await renderWithApp(<LoginPage />, { route: '/login' });
  await userEvent.click(screen.getByRole('button', { name: MSG.auth.forgotLink }));
  return screen.getByRole('dialog', { name: MSG.auth.forgotTitle });
}

async function send(modal: HTMLElement, email: string) {
  if (email) await userEvent.type(within(modal).getByLabelText(/Correo electrónico/), email);
  await userEvent.click(within(modal).getByRole('button', { name: MSG.auth.forgotSubmit }));
}

afterEach(() => {
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('the password-recovery modal (docs/screens-and-routes.md#login-screen and docs/rules-and-messages.md#messages)', () => {
  it('asks for the e-mail', async () => {
    const calls = stubApi(() => Response.json({ ok: true, msg: MSG.auth.forgotSent }));
    const modal = await openRecovery();
    await send(modal, '');
    expect(await within(modal).findByText(MSG.auth.forgotEmailRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends on the first click after an empty-submit error', async () => {
    const calls = stubApi(() => Response.json({ ok: true, msg: MSG.auth.forgotSent }));
    const modal = await openRecovery();
    await send(modal, '');
    await within(modal).findByText(MSG.auth.forgotEmailRequired);
    await userEvent.type(
      within(modal).getByLabelText(/Correo electrónico/),
      'alguien@psicocampus.test',
    );
    // Leaving the field (what pressing the button does first) keeps the error
    // line, so the button stays under the pointer until the click is done.
    await userEvent.tab();
    expect(within(modal).getByText(MSG.auth.forgotEmailRequired)).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: MSG.auth.forgotSubmit }));
    expect(await within(modal).findByRole('status')).toHaveTextContent(MSG.auth.forgotSent);
    expect(calls).toHaveLength(1);
    expect(within(modal).queryByText(MSG.auth.forgotEmailRequired)).not.toBeInTheDocument();
  });

  it('shows "Enviando..." while sending', async () => {
    const answer = deferred<Response>();
    stubApi(() => answer.promise);
    const modal = await openRecovery();
    await send(modal, 'alguien@psicocampus.test');
    expect(within(modal).getByRole('button', { name: MSG.auth.forgotSubmitting })).toBeDisabled();
    await act(async () => answer.resolve(Response.json({ ok: true, msg: MSG.auth.forgotSent })));
  });

  it("shows the server's message and closes 5 seconds later", async () => {
    const calls = stubApi(() => Response.json({ ok: true, msg: MSG.auth.forgotSent }));
    const modal = await openRecovery();
    await send(modal, 'alguien@psicocampus.test');

    expect(calls[0]).toMatchObject({
      path: '/api/auth/forgot-password',
      body: { email: 'alguien@psicocampus.test' },
    });
    expect(await within(modal).findByRole('status')).toHaveTextContent(MSG.auth.forgotSent);
    // Real time, not Jest's fake clock: React renders on its own scheduler,
    // which a fake clock does not always drive.
    const shownAt = performance.now();
    await waitFor(
      () =>
        expect(
          screen.queryByRole('dialog', { name: MSG.auth.forgotTitle }),
        ).not.toBeInTheDocument(),
      { timeout: CLOSE_AFTER_SENT_MS + 2000 },
    );
    expect(performance.now() - shownAt).toBeGreaterThanOrEqual(CLOSE_AFTER_SENT_MS - 100);
  }, 15_000);

  it.each([
    [
      "the server's message",
      () =>
        Response.json({ ok: false, msg: 'Servicio de correo en mantenimiento.' }, { status: 503 }),
      'Servicio de correo en mantenimiento.',
    ],
    ['the fallback', () => new Response('', { status: 500 }), MSG.auth.forgotErrorFallback],
  ])('shows %s when the request fails', async (_case, answer, expected) => {
    stubApi(answer);
    const modal = await openRecovery();
    await send(modal, 'alguien@psicocampus.test');
    expect(await within(modal).findByRole('alert')).toHaveTextContent(expected);
  });

  it('says the server cannot be reached on a network failure', async () => {
    const modal = await openRecovery();
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await send(modal, 'alguien@psicocampus.test');
    expect(await within(modal).findByRole('alert')).toHaveTextContent(MSG.common.networkError);
  });
});
