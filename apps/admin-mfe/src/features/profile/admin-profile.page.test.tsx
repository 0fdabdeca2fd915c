import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { stubApi, testAdmin, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json } from '../../testing/fixtures';
import { Link } from 'react-router-dom';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../testing/render';
import AdminProfilePage from './admin-profile.page';

const profile = {
  _id: testAdmin.id,
  firstName: 'Ana',
  lastName: 'Administradora',
  email: 'admin@psicocampus.test',
  role: 'ADMIN',
  phone: null,
};

function profileApi(answers: {
  saveProfile?: (call: RecordedCall) => Response;
  changePassword?: (call: RecordedCall) => Response;
}) {
  return stubApi((call) => {
    if (call.path === '/api/auth/profile' && call.method === 'GET') {
      return json({ ok: true, profile });
    }
    if (call.path === '/api/auth/profile' && call.method === 'PUT') {
      return answers.saveProfile?.(call);
    }
    if (call.path === '/api/auth/password' && call.method === 'PUT') {
      return answers.changePassword?.(call);
    }
    return undefined;
  });
}

async function renderAdminProfile() {
  const result = await renderScreen(<AdminProfilePage />, 'profile-admin');
  const personal = screen.getByRole('region', { name: MSG.profile.personalData });
  await within(personal).findByDisplayValue('Ana');
  return {
    ...result,
    personal,
    password: screen.getByRole('region', { name: MSG.profile.passwordSection }),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('profile-admin: own data', () => {
  it('is titled "Configuración", as its entry in the menu (the psychologist’s too)', async () => {
    profileApi({});
    await renderAdminProfile();
    expect(
      screen.getByRole('heading', { level: 1, name: MSG.profile.configurationTitle }),
    ).toBeInTheDocument();
  });

  it("asks '¿Descartar los cambios?' before leaving the data typed", async () => {
    profileApi({});
    const { location } = await renderScreen(
      <>
        <AdminProfilePage />
        <Link to={`${BASE}/users`}>Usuarios</Link>
      </>,
      'profile-admin',
    );
    const personal = screen.getByRole('region', { name: MSG.profile.personalData });
    const phone = await within(personal).findByLabelText(/^Teléfono/);
    await userEvent.type(phone, '0991234567');
    await userEvent.click(screen.getByRole('link', { name: 'Usuarios' }));
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(location()).toBe(`${BASE}/profile-admin`);
    expect(phone).toHaveValue('0991234567');
  });

  it('saves the data and updates the name the session shows', async () => {
    const calls = profileApi({
      saveProfile: (call) =>
        json({
          ok: true,
          msg: 'ok',
          user: { ...testAdmin, firstName: (call.body as { firstName: string }).firstName },
        }),
    });
    const { personal, store } = await renderAdminProfile();
    await userEvent.clear(within(personal).getByLabelText(/^Nombres/));
    await userEvent.type(within(personal).getByLabelText(/^Nombres/), 'Ana María');
    await userEvent.type(within(personal).getByLabelText(/^Teléfono/), '0991234567');
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));

    expect(await alertDialog()).toHaveTextContent(MSG.profile.saved);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Ana María',
      lastName: 'Administradora',
      email: 'admin@psicocampus.test',
      phone: '0991234567',
    });
    expect(store.getState().session.user).toEqual({ ...testAdmin, firstName: 'Ana María' });
  });

  it('shows an e-mail another account has (409) on the e-mail field', async () => {
    profileApi({ saveProfile: () => apiError(409, MSG.profile.emailTaken) });
    const { personal } = await renderAdminProfile();
    await userEvent.clear(within(personal).getByLabelText(/^Correo/));
    await userEvent.type(within(personal).getByLabelText(/^Correo/), 'otra@psicocampus.test');
    // A new e-mail needs the current password (docs/decisions.md#e-mail-changes-and-assignments).
    await userEvent.type(within(personal).getByLabelText(/^Contraseña actual/), 'la-de-siempre');
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));
    await waitFor(() =>
      expect(within(personal).getByLabelText(/^Correo/)).toHaveAccessibleDescription(
        MSG.profile.emailTaken,
      ),
    );
  });

  it('validates before sending', async () => {
    const calls = profileApi({});
    const { personal } = await renderAdminProfile();
    await userEvent.clear(within(personal).getByLabelText(/^Apellidos/));
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));
    expect(await within(personal).findByText(MSG.students.lastNameRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});

describe('profile-admin: a new e-mail (docs/decisions.md#e-mail-changes-and-assignments)', () => {
  const NEW = 'ana.nueva@psicocampus.test';

  /** The profile's answers, with the change the server keeps pending once asked for. */
  function pendingApi(saveProfile: (call: RecordedCall) => Response) {
    let pendingEmail: string | null = null;
    return stubApi((call) => {
      if (call.path === '/api/auth/profile' && call.method === 'GET') {
        return json({ ok: true, profile: { ...profile, pendingEmail } });
      }
      if (call.path === '/api/auth/profile' && call.method === 'PUT') {
        const answer = saveProfile(call);
        if (answer.ok) pendingEmail = NEW;
        return answer;
      }
      return undefined;
    });
  }

  it('asks for the current password only once the e-mail changes', async () => {
    const calls = pendingApi(() => json({ ok: true, msg: 'ok', user: testAdmin }));
    const { personal } = await renderAdminProfile();
    expect(within(personal).queryByLabelText(/^Contraseña actual/)).not.toBeInTheDocument();
    await userEvent.clear(within(personal).getByLabelText(/^Correo/));
    await userEvent.type(within(personal).getByLabelText(/^Correo/), NEW);
    const current = within(personal).getByLabelText(/^Contraseña actual/);
    expect(current).toHaveAccessibleDescription(MSG.emailChange.currentPasswordHint);
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));
    expect(
      await within(personal).findByText(MSG.emailChange.currentPasswordRequired),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    // Back to the current address (any letter case): no password needed.
    await userEvent.clear(within(personal).getByLabelText(/^Correo/));
    await userEvent.type(within(personal).getByLabelText(/^Correo/), 'Admin@psicocampus.test');
    expect(within(personal).queryByLabelText(/^Contraseña actual/)).not.toBeInTheDocument();
  });

  it("sends it with the password, says the server's message and shows the change pending", async () => {
    const calls = pendingApi(() =>
      json({
        ok: true,
        msg: MSG.emailChange.pendingOwn(NEW),
        user: testAdmin,
        pendingEmail: NEW,
      }),
    );
    const { personal, store } = await renderAdminProfile();
    await userEvent.clear(within(personal).getByLabelText(/^Correo/));
    await userEvent.type(within(personal).getByLabelText(/^Correo/), NEW);
    await userEvent.type(within(personal).getByLabelText(/^Contraseña actual/), 'Admin-Demo-2026');
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));

    expect(await alertDialog()).toHaveTextContent(MSG.emailChange.pendingOwn(NEW));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Ana',
      lastName: 'Administradora',
      email: NEW,
      phone: '',
      currentPassword: 'Admin-Demo-2026',
    });
    await answerAlert();
    // The account keeps its address until the new one confirms it.
    expect(
      await within(personal).findByText(MSG.emailChange.pendingHint(NEW), { exact: false }),
    ).toBeInTheDocument();
    expect(within(personal).getByLabelText(/^Correo/)).toHaveValue('admin@psicocampus.test');
    expect(within(personal).queryByLabelText(/^Contraseña actual/)).not.toBeInTheDocument();
    expect(store.getState().session.user?.email).toBe(testAdmin.email);
  });

  it('shows a wrong current password on its field', async () => {
    pendingApi(() =>
      apiError(400, MSG.auth.currentPasswordWrong, [
        { field: 'currentPassword', msg: MSG.auth.currentPasswordWrong },
      ]),
    );
    const { personal } = await renderAdminProfile();
    await userEvent.clear(within(personal).getByLabelText(/^Correo/));
    await userEvent.type(within(personal).getByLabelText(/^Correo/), NEW);
    await userEvent.type(within(personal).getByLabelText(/^Contraseña actual/), 'equivocada-123');
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));
    await waitFor(() =>
      expect(within(personal).getByLabelText(/^Contraseña actual/)).toHaveAccessibleDescription(
        MSG.auth.currentPasswordWrong,
      ),
    );
  });
});

describe('profile-admin: password', () => {
  async function typePasswords(
    password: HTMLElement,
    current: string,
    next: string,
    confirmation = next,
  ) {
    await userEvent.type(within(password).getByLabelText(/^Contraseña actual/), current);
    await userEvent.type(within(password).getByLabelText(/^Nueva contraseña/), next);
    await userEvent.type(within(password).getByLabelText(/^Confirmar contraseña/), confirmation);
    await userEvent.click(
      within(password).getByRole('button', { name: MSG.profile.changePassword }),
    );
  }

  it("changes it, says the server's message and clears the fields", async () => {
    const calls = profileApi({
      changePassword: () => json({ ok: true, msg: MSG.auth.passwordChanged }),
    });
    const { password } = await renderAdminProfile();
    await typePasswords(password, 'Admin-Demo-2026', 'una frase nueva y larga');
    expect(await alertDialog()).toHaveTextContent(MSG.auth.passwordChanged);
    expect(calls.find((call) => call.path === '/api/auth/password')?.body).toEqual({
      currentPassword: 'Admin-Demo-2026',
      newPassword: 'una frase nueva y larga',
    });
    await answerAlert();
    expect(within(password).getByLabelText(/^Contraseña actual/)).toHaveValue('');
  });

  it('checks the new password and its confirmation before sending', async () => {
    const calls = profileApi({});
    const { password } = await renderAdminProfile();
    await typePasswords(password, 'Admin-Demo-2026', 'corta', 'otra');
    expect(await within(password).findByText(MSG.auth.passwordTooShort)).toBeInTheDocument();
    expect(within(password).getByText(MSG.auth.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/password')).toHaveLength(0);
  });

  it('shows a wrong current password on its field', async () => {
    profileApi({
      changePassword: () =>
        apiError(400, MSG.auth.currentPasswordWrong, [
          { field: 'currentPassword', msg: MSG.auth.currentPasswordWrong },
        ]),
    });
    const { password } = await renderAdminProfile();
    await typePasswords(password, 'equivocada-123', 'una frase nueva y larga');
    await waitFor(() =>
      expect(within(password).getByLabelText(/^Contraseña actual/)).toHaveAccessibleDescription(
        MSG.auth.currentPasswordWrong,
      ),
    );
  });
});
