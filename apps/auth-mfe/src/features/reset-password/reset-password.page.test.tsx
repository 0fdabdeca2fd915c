import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { renderWithApp, stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import ResetPasswordPage from './reset-password.page';

const VALID = 'T'.repeat(43);

function resetApi(options: { resetAnswer?: (call: RecordedCall) => Response } = {}) {
  return stubApi((call) => {
    const token = (call.body as { token?: string } | undefined)?.token;
    if (call.path === '/api/auth/reset-password/check') {
      return token === VALID
        ? Response.json({
            ok: true,
            purpose: 'reset',
            email: 'psicologa@psicocampus.test',
            firstName: 'Lucía',
          })
        : Response.json({ ok: false, msg: MSG.auth.resetLinkInvalid }, { status: 400 });
    }
    if (call.path === '/api/auth/reset-password') {
      return (
        options.resetAnswer?.(call) ?? Response.json({ ok: true, msg: MSG.auth.resetDoneText })
      );
    }
    if (call.path === '/api/auth/forgot-password') {
      return Response.json({ ok: true, msg: MSG.auth.forgotSent });
    }
    return undefined;
  });
}

function renderReset(route: string) {
  return renderWithApp(<ResetPasswordPage />, {
    route,
    path: route.startsWith('/reset-password/') ? '/reset-password/:token' : '/reset-password-form',
  });
}

async function typePasswords(password: string, confirmation = password) {
  await userEvent.type(screen.getByLabelText(/^Nueva contraseña/), password);
  await userEvent.type(screen.getByLabelText(/^Confirmar contraseña/), confirmation);
  await userEvent.click(screen.getByRole('button', { name: MSG.auth.resetSubmit }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the reset-password view (docs/sign-in-and-sessions.md#reset-password-view)', () => {
  it('sets a new password from /reset-password/:token and returns to /login', async () => {
    const calls = resetApi();
    const { location } = await renderReset(`/reset-password/${VALID}`);
    expect(await screen.findByText('psicologa@psicocampus.test')).toBeInTheDocument();
    await typePasswords('una frase larga y segura');
    expect(calls.find((call) => call.path === '/api/auth/reset-password')?.body).toEqual({
      token: VALID,
      password: 'una frase larga y segura',
    });
    const done = await screen.findByRole('dialog');
    expect(within(done).getByText(MSG.auth.resetDoneTitle)).toBeInTheDocument();
    await userEvent.click(within(done).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('reads the token from /reset-password-form?token= too', async () => {
    resetApi();
    await renderReset(`/reset-password-form?token=${VALID}`);
    expect(await screen.findByText('psicologa@psicocampus.test')).toBeInTheDocument();
  });

  it.each([
    ['too short', 'corta', 'corta', MSG.auth.passwordTooShort],
    [
      'different twice',
      'una frase larga y segura',
      'otra frase distinta',
      MSG.auth.passwordsDoNotMatch,
    ],
  ])('refuses a password %s before calling the server', async (_case, first, second, message) => {
    const calls = resetApi();
    await renderReset(`/reset-password/${VALID}`);
    await screen.findByText('psicologa@psicocampus.test');
    await typePasswords(first, second);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/reset-password')).toHaveLength(0);
  });

  it("shows the server's refusal of a common password on the field", async () => {
    resetApi({
      resetAnswer: () =>
        Response.json(
          {
            ok: false,
            msg: MSG.auth.passwordTooCommon,
            errors: [{ field: 'password', msg: MSG.auth.passwordTooCommon }],
          },
          { status: 400 },
        ),
    });
    await renderReset(`/reset-password/${VALID}`);
    await screen.findByText('psicologa@psicocampus.test');
    await typePasswords('qwertyuiop');
    expect(await screen.findByText(MSG.auth.passwordTooCommon)).toBeInTheDocument();
  });

  it('says a used or expired link is no longer valid and offers a new one', async () => {
    const calls = resetApi();
    await renderReset('/reset-password/ya-usado');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.auth.resetLinkInvalid);
    expect(screen.queryByLabelText(/^Nueva contraseña/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: MSG.auth.requestNewLink }));
    await userEvent.type(screen.getByLabelText(/Correo electrónico/), 'psicologa@psicocampus.test');
    await userEvent.click(screen.getByRole('button', { name: MSG.auth.forgotSubmit }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.auth.forgotSent);
    expect(calls.map((call) => call.path)).toContain('/api/auth/forgot-password');
  });

  it('turns to the new-link offer when the link dies before the form is sent', async () => {
    resetApi({
      resetAnswer: () =>
        Response.json({ ok: false, msg: MSG.auth.resetLinkInvalid }, { status: 400 }),
    });
    await renderReset(`/reset-password/${VALID}`);
    await screen.findByText('psicologa@psicocampus.test');
    await typePasswords('una frase larga y segura');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.auth.resetLinkInvalid);
  });

  it('explains what to do when opened without a link', async () => {
    resetApi();
    await renderReset('/reset-password-form');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.auth.resetLinkMissing);
  });
});
