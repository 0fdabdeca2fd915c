import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { renderWithApp, stubApi, testAdmin } from '@psicocampus/shared/testing';
import LoginPage from '../login.page';
import { WELCOME_MS } from '../use-login';

/** The welcome's time, with room for a busy machine: a guard against a hang, not a measure. */
const AFTER_WELCOME_MS = WELCOME_MS + 10_000;

/*
 * The second factor at sign-in (docs/sign-in-and-sessions.md#second-factor): the login screen keeps its fields
 * and shows the code step, or the enrolment, only when the server asks.
 */

const session = { ok: true, token: 'token-mfa', user: testAdmin, msg: MSG.auth.welcomeText };

async function signIn() {
  await userEvent.type(screen.getByLabelText(MSG.auth.email), testAdmin.email);
  await userEvent.type(screen.getByLabelText(MSG.auth.password), 'Admin-Demo-2026');
  await userEvent.click(screen.getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: MSG.auth.submit }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the code step', () => {
  it('asks for the 6-digit code after the password and signs in with it', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/auth/login') {
        return Response.json({ ok: true, mfaRequired: true, challenge: 'reto-1' });
      }
      if (call.path === '/api/auth/login/mfa') {
        const body = call.body as { code?: string };
        return body.code === '123456'
          ? Response.json(session)
          : Response.json({ ok: false, msg: MFA_MSG.codeWrong }, { status: 400 });
      }
      return undefined;
    });
    const { store, location } = await renderWithApp(<LoginPage />, { route: '/login' });
    await signIn();

    expect(await screen.findByRole('heading', { name: MFA_MSG.stepTitle })).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    const field = screen.getByLabelText(MFA_MSG.codeLabel);
    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: MFA_MSG.verify }));
    expect(await screen.findByText(MFA_MSG.codeWrong)).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: MFA_MSG.verify }));
    await waitFor(() => expect(location()).toBe('/home'), { timeout: AFTER_WELCOME_MS });
    expect(store.getState().session).toMatchObject({ token: 'token-mfa', user: testAdmin });
    expect(calls.filter((call) => call.path === '/api/auth/login/mfa').at(-1)?.body).toEqual({
      challenge: 'reto-1',
      code: '123456',
    });
  });

  it('signs in with a recovery code and says how many remain', async () => {
    stubApi((call) => {
      if (call.path === '/api/auth/login') {
        return Response.json({ ok: true, mfaRequired: true, challenge: 'reto-2' });
      }
      if (call.path === '/api/auth/login/mfa') {
        return Response.json({
          ...session,
          recoveryCodesLeft: 9,
          notice: MFA_MSG.recoveryCodesLeft(9),
        });
      }
      return undefined;
    });
    await renderWithApp(<LoginPage />, { route: '/login' });
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: MFA_MSG.useRecoveryCode }));
    await userEvent.type(screen.getByLabelText(MFA_MSG.recoveryCodeLabel), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: MFA_MSG.verify }));
    const welcome = await screen.findByRole('dialog');
    expect(within(welcome).getByText('Te quedan 9 códigos de recuperación.')).toBeInTheDocument();
  });

  it('says what is missing under the field, by the shared schema, before anything is sent', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/auth/login'
        ? Response.json({ ok: true, mfaRequired: true, challenge: 'reto-5' })
        : undefined,
    );
    await renderWithApp(<LoginPage />, { route: '/login' });
    await signIn();
    const verify = await screen.findByRole('button', { name: MFA_MSG.verify });

    await userEvent.click(verify);
    const field = screen.getByLabelText(MFA_MSG.codeLabel);
    expect(await screen.findByText(MFA_MSG.codeRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(MFA_MSG.codeRequired));

    await userEvent.type(field, '12 345');
    await userEvent.click(verify);
    expect(await screen.findByText(MFA_MSG.codeFormat)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: MFA_MSG.useRecoveryCode }));
    await userEvent.click(verify);
    const recovery = screen.getByLabelText(MFA_MSG.recoveryCodeLabel);
    await waitFor(() => expect(recovery).toHaveAttribute('aria-invalid', 'true'));
    expect(recovery).toHaveAccessibleDescription(
      expect.stringContaining(MFA_MSG.recoveryCodeRequired),
    );
    expect(calls.some((call) => call.path === '/api/auth/login/mfa')).toBe(false);
  });

  it('goes back to the e-mail and password', async () => {
    stubApi(() => Response.json({ ok: true, mfaRequired: true, challenge: 'reto-3' }));
    await renderWithApp(<LoginPage />, { route: '/login' });
    await signIn();
    await userEvent.click(await screen.findByRole('button', { name: MFA_MSG.backToLogin }));
    expect(screen.getByLabelText(MSG.auth.email)).toBeInTheDocument();
  });
});

describe('the forced enrolment', () => {
  it('shows a QR code and the key, confirms with one code, shows the 10 recovery codes once, then signs in', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `codig-${String(i).padStart(5, '0')}`);
    const calls = stubApi((call) => {
      if (call.path === '/api/auth/login') {
        return Response.json({ ok: true, mfaEnrollmentRequired: true, challenge: 'reto-4' });
      }
      if (call.path === '/api/auth/mfa/enroll') {
        return Response.json({
          ok: true,
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl:
            'otpauth://totp/PsicoCampus:ana%40psicocampus.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=PsicoCampus',
        });
      }
      if (call.path === '/api/auth/mfa/confirm') {
        return Response.json({ ...session, recoveryCodes: codes });
      }
      return undefined;
    });
    const { store, location } = await renderWithApp(<LoginPage />, { route: '/login' });
    await signIn();

    expect(await screen.findByRole('heading', { name: MFA_MSG.enrollTitle })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: MFA_MSG.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/mfa/enroll')?.body).toEqual({
      challenge: 'reto-4',
    });

    await userEvent.type(screen.getByLabelText(MFA_MSG.codeLabel), '123456');
    await userEvent.click(screen.getByRole('button', { name: MFA_MSG.confirm }));
    const list = await screen.findByRole('list', { name: MFA_MSG.recoveryTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('button', { name: MFA_MSG.download })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MFA_MSG.copy })).toBeInTheDocument();
    // No session before the codes were seen.
    expect(store.getState().session.token).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: MFA_MSG.continue }));
    await waitFor(() => expect(location()).toBe('/home'), { timeout: AFTER_WELCOME_MS });
    expect(store.getState().session.token).toBe('token-mfa');
  });
});
