import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { stubApi, testAdmin, type RecordedCall } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render';
import AdminProfilePage from './admin-profile.page';

/* "Mi perfil": one's own second factor (docs/sign-in-and-sessions.md#second-factor), the same section in both areas. */

const profile = {
  _id: testAdmin.id,
  firstName: 'Ana',
  lastName: 'Administradora',
  email: 'admin@psicocampus.test',
  role: 'ADMIN',
  phone: null,
};

function api(status: { enabled: boolean; required: boolean; recoveryCodesLeft: number }) {
  const state = { ...status };
  const calls = stubApi((call: RecordedCall) => {
    if (call.path === '/api/auth/profile') return json({ ok: true, profile });
    if (call.path === '/api/auth/mfa' && call.method === 'GET')
      return json({ ok: true, mfa: state });
    if (call.path === '/api/auth/mfa/enroll') {
      if ((call.body as { password?: string }).password !== 'Admin-Demo-2026') {
        return json(
          {
            ok: false,
            msg: MSG.auth.currentPasswordWrong,
            errors: [{ field: 'password', msg: MSG.auth.currentPasswordWrong }],
          },
          400,
        );
      }
      return json({
        ok: true,
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/PsicoCampus:ana?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      });
    }
    if (call.path === '/api/auth/mfa/confirm') {
      Object.assign(state, { enabled: true, recoveryCodesLeft: 10 });
      return json({
        ok: true,
        msg: MFA_MSG.enrolled,
        recoveryCodes: Array.from({ length: 10 }, (_, i) => `aaaaa-bbbb${i}`),
      });
    }
    if (call.path === '/api/auth/mfa' && call.method === 'DELETE') {
      Object.assign(state, { enabled: false, recoveryCodesLeft: 0 });
      return json({ ok: true, msg: MFA_MSG.disabled });
    }
    return undefined;
  });
  return calls;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('profile: second factor', () => {
  it('enrols with the current password, a QR code and one code, then shows the recovery codes once', async () => {
    const calls = api({ enabled: false, required: false, recoveryCodesLeft: 0 });
    await renderScreen(<AdminProfilePage />, 'profile-admin');
    const section = await screen.findByRole('region', { name: MFA_MSG.profileTitle });
    expect(await within(section).findByText(MFA_MSG.profileOff)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: MFA_MSG.enable }));
    // A session alone puts no factor on the account: the password first.
    expect(within(section).queryByRole('img', { name: MFA_MSG.qrAlt })).toBeNull();
    const password = within(section).getByLabelText(MFA_MSG.passwordLabel);
    await userEvent.type(password, 'otra-cosa');
    await userEvent.click(within(section).getByRole('button', { name: MFA_MSG.continue }));
    expect(await within(section).findByText(MSG.auth.currentPasswordWrong)).toBeInTheDocument();
    expect(within(section).queryByRole('img', { name: MFA_MSG.qrAlt })).toBeNull();
    await userEvent.clear(password);
    await userEvent.type(password, 'Admin-Demo-2026');
    await userEvent.click(within(section).getByRole('button', { name: MFA_MSG.continue }));
    expect(await within(section).findByRole('img', { name: MFA_MSG.qrAlt })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/mfa/enroll').map((c) => c.body)).toEqual(
      [{ password: 'otra-cosa' }, { password: 'Admin-Demo-2026' }],
    );
    await userEvent.type(within(section).getByLabelText(MFA_MSG.codeLabel), '123456');
    await userEvent.click(within(section).getByRole('button', { name: MFA_MSG.confirm }));
    const list = await within(section).findByRole('list', { name: MFA_MSG.recoveryTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((call) => call.path === '/api/auth/mfa/confirm')?.body).toEqual({
      code: '123456',
    });
    await userEvent.click(within(section).getByRole('button', { name: MFA_MSG.continue }));
    expect(await within(section).findByText(MFA_MSG.profileOn)).toBeInTheDocument();
    expect(within(section).getByText('Te quedan 10 códigos de recuperación.')).toBeInTheDocument();
  });

  it('disables it with the password and a current code', async () => {
    const calls = api({ enabled: true, required: false, recoveryCodesLeft: 7 });
    await renderScreen(<AdminProfilePage />, 'profile-admin');
    const section = await screen.findByRole('region', { name: MFA_MSG.profileTitle });
    await userEvent.click(await within(section).findByRole('button', { name: MFA_MSG.disable }));
    await userEvent.type(within(section).getByLabelText(MFA_MSG.passwordLabel), 'Admin-Demo-2026');
    await userEvent.type(within(section).getByLabelText(MFA_MSG.codeLabel), '654321');
    await userEvent.click(within(section).getByRole('button', { name: MFA_MSG.disable }));
    expect(await within(section).findByText(MFA_MSG.disabled)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({
      password: 'Admin-Demo-2026',
      code: '654321',
    });
  });

  it('offers no way to disable it where the policy requires it', async () => {
    api({ enabled: true, required: true, recoveryCodesLeft: 10 });
    await renderScreen(<AdminProfilePage />, 'profile-admin');
    const section = await screen.findByRole('region', { name: MFA_MSG.profileTitle });
    expect(await within(section).findByText(/Tu cuenta lo necesita/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: MFA_MSG.disable })).toBeNull();
  });
});
