import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { stubApi, testPsychologist, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json } from '../../testing/fixtures';
import { Link } from 'react-router-dom';
import {
  alertDialog,
  answerAlert,
  BASE,
  Landing,
  landing,
  renderScreen,
} from '../../testing/render';
import ConfigurationPage from './configuration.page';

const profile = {
  _id: testPsychologist.id,
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
  role: 'PSYCHOLOGIST',
  phone: null,
};

function configApi(answers: {
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

async function renderConfiguration() {
  const result = await renderScreen(
    <>
      <ConfigurationPage />
      {/* The menu's entry elsewhere. */}
      <Link to={`${BASE}/patients`}>Mis Pacientes</Link>
    </>,
    {
      route: `${BASE}/configuration`,
      path: `${BASE}/configuration`,
      otherRoutes: [{ path: `${BASE}/patients`, element: <Landing name="lista" /> }],
    },
  );
  const personal = screen.getByRole('region', { name: MSG.profile.personalData });
  await within(personal).findByDisplayValue('Lucía');
  return {
    ...result,
    personal,
    password: screen.getByRole('region', { name: MSG.profile.passwordSection }),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('configuration: own data', () => {
  it('saves the data and updates the name the header shows', async () => {
    const calls = configApi({
      saveProfile: (call) =>
        json({
          ok: true,
          msg: 'ok',
          user: { ...testPsychologist, ...(call.body as object) },
        }),
    });
    const { personal, store } = await renderConfiguration();
    await userEvent.clear(within(personal).getByLabelText(/^Nombres/));
    await userEvent.type(within(personal).getByLabelText(/^Nombres/), 'Lucía Elena');
    await userEvent.type(within(personal).getByLabelText(/^Teléfono/), '0991234567');
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));

    expect(await alertDialog()).toHaveTextContent(MSG.profile.saved);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Lucía Elena',
      lastName: 'Fernández',
      email: 'psicologa@psicocampus.test',
      phone: '0991234567',
    });
    expect(store.getState().session.user?.firstName).toBe('Lucía Elena');
  });

  it('validates as the user types', async () => {
    const calls = configApi({});
    const { personal } = await renderConfiguration();
    await userEvent.clear(within(personal).getByLabelText(/^Correo/));
    await userEvent.type(within(personal).getByLabelText(/^Correo/), 'lucia@');
    expect(await within(personal).findByText(MSG.students.emailInvalid)).toBeInTheDocument();
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('shows an e-mail another account has (409) on the e-mail field', async () => {
    configApi({ saveProfile: () => apiError(409, MSG.profile.emailTaken) });
    const { personal } = await renderConfiguration();
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

  it('says "No se pudieron guardar tus datos." on another failure', async () => {
    configApi({ saveProfile: () => new Response('', { status: 500 }) });
    const { personal } = await renderConfiguration();
    await userEvent.click(within(personal).getByRole('button', { name: MSG.profile.save }));
    expect(await alertDialog()).toHaveTextContent(MSG.profile.saveError);
  });
});

describe('configuration: password', () => {
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

  it("changes it and says the server's message, clearing the fields", async () => {
    const calls = configApi({
      changePassword: () => json({ ok: true, msg: MSG.auth.passwordChanged }),
    });
    const { password } = await renderConfiguration();
    await typePasswords(password, 'Psico-Demo-2026', 'una frase nueva y larga');
    expect(await alertDialog()).toHaveTextContent(MSG.auth.passwordChanged);
    expect(calls.find((call) => call.path === '/api/auth/password')?.body).toEqual({
      currentPassword: 'Psico-Demo-2026',
      newPassword: 'una frase nueva y larga',
    });
    await answerAlert();
    expect(within(password).getByLabelText(/^Contraseña actual/)).toHaveValue('');
  });

  it('checks the new password and its confirmation before sending', async () => {
    const calls = configApi({});
    const { password } = await renderConfiguration();
    await typePasswords(password, 'Psico-Demo-2026', 'corta', 'otra');
    expect(await within(password).findByText(MSG.auth.passwordTooShort)).toBeInTheDocument();
    expect(within(password).getByText(MSG.auth.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/password')).toHaveLength(0);
  });

  it('shows a wrong current password on its field', async () => {
    configApi({
      changePassword: () =>
        apiError(400, MSG.auth.currentPasswordWrong, [
          { field: 'currentPassword', msg: MSG.auth.currentPasswordWrong },
        ]),
    });
    const { password } = await renderConfiguration();
    await typePasswords(password, 'equivocada-123', 'una frase nueva y larga');
    await waitFor(() =>
      expect(within(password).getByLabelText(/^Contraseña actual/)).toHaveAccessibleDescription(
        MSG.auth.currentPasswordWrong,
      ),
    );
  });
});

describe('configuration: leaving with something typed (docs/screens-and-routes.md#leaving-a-form)', () => {
  it.each([
    ['the own data', MSG.profile.personalData, /^Teléfono/, '0991234567'],
    ['the password', MSG.profile.passwordSection, /^Contraseña actual/, 'Secreta-2026'],
  ])(
    "asks '¿Descartar los cambios?' before leaving %s typed; 'Cancelar' keeps it",
    async (_case, section, label, text) => {
      configApi({});
      const { location } = await renderConfiguration();
      const field = within(screen.getByRole('region', { name: section })).getByLabelText(label);
      await userEvent.type(field, text);
      await userEvent.click(screen.getByRole('link', { name: 'Mis Pacientes' }));
      expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
      await answerAlert(MSG.common.cancel);
      expect(location()).toBe(`${BASE}/configuration`);
      expect(field).toHaveValue(text);

      await userEvent.click(screen.getByRole('link', { name: 'Mis Pacientes' }));
      await answerAlert(MSG.drafts.discardConfirm);
      expect(await landing()).toBe(`lista ${BASE}/patients`);
    },
  );

  it('leaves at once when nothing was changed', async () => {
    configApi({});
    await renderConfiguration();
    await userEvent.click(screen.getByRole('link', { name: 'Mis Pacientes' }));
    expect(await landing()).toBe(`lista ${BASE}/patients`);
  });
});
