import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { MAIL_TEXTS } from '@psicocampus/shared/mail';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type StaffUser } from '@psicocampus/shared';
import { stubApi, testAdmin, type RecordedCall } from '@psicocampus/shared/testing';
import {
  apiError,
  invited,
  json,
  lucia,
  makeUser,
  meAsUser,
  retired,
  tomas,
} from '../../testing/fixtures';
import { alertDialog, answerAlert, renderScreen } from '../../testing/render';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import UsersPage from './users.page';
import { USERS_PAGE_SIZE } from './use-users-list';

const M = ADMIN_MSG;
const otherAdmin = makeUser({
  firstName: 'Andrés',
  lastName: 'Quishpe',
  email: 'andres.quishpe@psicocampus.test',
  role: 'ADMIN',
});
const everyone = [meAsUser, otherAdmin, lucia, tomas, retired, invited];

type Answer = (call: RecordedCall) => Response | undefined;

/** The page of `users` the query asks for, as the server answers it (docs/api.md#paged-lists). */
function usersPage(users: StaffUser[], params = new URLSearchParams()) {
  const page = Number(params.get('page') ?? 1);
  const pageSize = Number(params.get('pageSize') ?? 50);
  return {
    ok: true,
    users: users.slice((page - 1) * pageSize, page * pageSize),
    total: users.length,
    page,
    pageSize,
  };
}

/** The API of the users screen: the list (filtered like the server would), and `answers` for the writes. */
function usersApi(answers: Record<string, Answer> = {}, users: StaffUser[] = everyone) {
  return stubApi((call) => {
    const write = answers[`${call.method} ${call.path}`];
    if (write) return write(call);
    if (call.method === 'GET' && call.path === '/api/users') {
      const params = new URLSearchParams(call.search);
      const shown = users.filter(
        (user) =>
          (!params.get('role') || user.role === params.get('role')) &&
          (!params.get('status') || (params.get('status') === 'active') === user.active),
      );
      return json(usersPage(shown, params));
    }
    if (call.method === 'GET' && call.path === '/api/admin/students') {
      return json({ ok: true, students: [], total: 0 });
    }
    return undefined;
  });
}

/** The list's calls (the assignment asks for its psychologists apart: `role=PSYCHOLOGIST&pageSize=200`). */
function listQueries(calls: RecordedCall[]) {
  return calls
    .filter((call) => call.method === 'GET' && call.path === '/api/users')
    .map((call) => Object.fromEntries(new URLSearchParams(call.search)))
    .filter((query) => query.pageSize === String(USERS_PAGE_SIZE));
}

async function renderUsers(search = '') {
  const result = await renderScreen(<UsersPage />, 'users', { search });
  await screen.findByRole('table', { name: M.usersCaption });
  return result;
}

function usersTable() {
  return screen.getByRole('table', { name: M.usersCaption });
}

function row(name: string): HTMLElement {
  return within(usersTable()).getByRole('rowheader', { name }).closest('tr')!;
}

function rowButton(name: string, action: string) {
  return within(row(name)).getByRole('button', { name: `${action} (${name})` });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the users list (docs/screens-and-routes.md#admin-area)', () => {
  it('shows each account: name, e-mail, role, state and students', async () => {
    usersApi();
    await renderUsers();
    expect(screen.getByRole('heading', { level: 1, name: M.usersTitle })).toBeInTheDocument();
    expect(
      within(usersTable())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nombre', 'Correo electrónico', 'Rol', 'Estado', 'Estudiantes', 'Acciones']);
    const cells = (name: string) =>
      [...row(name).querySelectorAll('th, td')].slice(0, 5).map((cell) => cell.textContent);
    expect(cells('Lucía Fernández')).toEqual([
      'Lucía Fernández',
      'psicologa@psicocampus.test',
      'Psicólogo/a',
      '● Activa',
      '12',
    ]);
    expect(cells('Rosa Vega')[3]).toBe('○ Desactivada');
    expect(cells('Pablo Mora')[3]).toBe('◐ Invitación pendiente');
    expect(cells('Ana Administradora')[2]).toBe('Administrador/a');
    expect(screen.getByText(M.usersCount(6))).toHaveAttribute('role', 'status');
  });

  it("offers no 'Desactivar' on the signed-in administrator's own row", async () => {
    usersApi();
    await renderUsers();
    const own = within(row('Ana Administradora'));
    expect(own.queryByRole('button', { name: /^Desactivar/ })).not.toBeInTheDocument();
    expect(own.getByRole('button', { name: 'Editar (Ana Administradora)' })).toBeInTheDocument();
    expect(rowButton('Andrés Quishpe', 'Desactivar')).toBeInTheDocument();
    // A deactivated account is reactivated instead.
    expect(rowButton('Rosa Vega', 'Reactivar')).toBeInTheDocument();
    expect(
      within(row('Rosa Vega')).queryByRole('button', { name: /^Desactivar/ }),
    ).not.toBeInTheDocument();
  });

  it('asks the server with the search, the role and the state', async () => {
    const calls = usersApi();
    await renderUsers();
    const size = { pageSize: String(USERS_PAGE_SIZE) };
    expect(listQueries(calls)).toContainEqual(size);

    await userEvent.type(screen.getByRole('searchbox', { name: M.searchUsersLabel }), ' ana ');
    await waitFor(() => expect(listQueries(calls)).toContainEqual({ q: 'ana', ...size }));
    // Typing asks once the user pauses, not once per key.
    expect(listQueries(calls).filter((query) => query.q && query.q !== 'ana')).toEqual([]);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: M.roleFilter }), 'ADMIN');
    await waitFor(() =>
      expect(listQueries(calls)).toContainEqual({ q: 'ana', role: 'ADMIN', ...size }),
    );

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: M.statusFilter }),
      M.inactive,
    );
    await waitFor(() =>
      expect(listQueries(calls)).toContainEqual({
        q: 'ana',
        role: 'ADMIN',
        status: 'inactive',
        ...size,
      }),
    );
  });

  it('says so when no account matches', async () => {
    usersApi();
    await renderUsers();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: M.roleFilter }), 'ADMIN');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: M.statusFilter }),
      'inactive',
    );
    expect(await screen.findByText(M.noUsers)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: M.usersCaption })).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    stubApi((call) =>
      call.path === '/api/users' ? apiError(503, 'La base de datos no responde.') : undefined,
    );
    await renderScreen(<UsersPage />, 'users');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('La base de datos no responde.');
  });
});

describe("'Usuarios' by page (docs/api.md#paged-lists)", () => {
  /** 45 psychologists, 'Persona 01' to 'Persona 45', in the server's order. */
  const staff = Array.from({ length: 45 }, (_, index) =>
    makeUser({ firstName: 'Persona', lastName: String(index + 1).padStart(2, '0') }),
  );
  const rows = () => within(usersTable()).getAllByRole('rowheader');

  it("shows a page of the accounts, 'Página 1 de 3 · 45 usuarios', and the next page with the address", async () => {
    const calls = usersApi({}, staff);
    const { location } = await renderUsers();
    expect(rows()).toHaveLength(USERS_PAGE_SIZE);
    expect(rows()[0]).toHaveTextContent('Persona 01');
    expect(screen.getByText(M.usersCount(45))).toHaveAttribute('role', 'status');
    const pages = screen.getByRole('navigation', { name: M.usersPages });
    expect(pages).toHaveTextContent(`${MSG.audit.pageOf(1, 3)} · ${M.usersCount(45)}`);

    await userEvent.click(within(pages).getByRole('button', { name: /Siguiente/ }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Persona 21'));
    expect(pages).toHaveTextContent(MSG.audit.pageOf(2, 3));
    expect(listQueries(calls).at(-1)).toEqual({ page: '2', pageSize: String(USERS_PAGE_SIZE) });
    expect(location()).toMatch(/\?page=2$/);
  });

  it('opens the page the address names', async () => {
    const calls = usersApi({}, staff);
    await renderUsers('?page=3');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows()[0]).toHaveTextContent('Persona 41');
    expect(listQueries(calls)).toEqual([{ page: '3', pageSize: String(USERS_PAGE_SIZE) }]);
  });

  it('goes back to the first page when the search or a filter changes', async () => {
    const calls = usersApi({}, staff);
    const { location } = await renderUsers('?page=2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: M.statusFilter }), 'active');
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toEqual({
        status: 'active',
        pageSize: String(USERS_PAGE_SIZE),
      }),
    );
    expect(location()).not.toContain('page=');
  });

  it('goes back to the last page there is when the one in the address is past it', async () => {
    const calls = usersApi({}, staff);
    await renderUsers('?page=9');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Persona 41'));
    expect(listQueries(calls).at(-1)).toEqual({ page: '3', pageSize: String(USERS_PAGE_SIZE) });
  });
});

describe("'Nuevo usuario' and 'Editar'", () => {
  async function fillNewUser() {
    await userEvent.click(screen.getByRole('button', { name: M.newUser }));
    const dialog = await screen.findByRole('dialog', { name: M.createUserTitle });
    await userEvent.type(within(dialog).getByLabelText(/^Nombres/), 'María José');
    await userEvent.type(within(dialog).getByLabelText(/^Apellidos/), 'Castillo');
    await userEvent.type(
      within(dialog).getByLabelText(/^Correo electrónico/),
      'mj.castillo@psicocampus.test',
    );
    return dialog;
  }

  it("asks '¿Descartar los cambios?' before 'Cancelar' throws away what was typed, as every modal", async () => {
    usersApi();
    await renderUsers();
    await userEvent.click(screen.getByRole('button', { name: M.newUser }));
    let dialog = await screen.findByRole('dialog', { name: M.createUserTitle });
    // Nothing typed: it closes at once.
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.common.cancel }));
    expect(screen.queryByRole('dialog', { name: M.createUserTitle })).toBeNull();

    dialog = await fillNewUser();
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.common.cancel }));
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(within(dialog).getByLabelText(/^Nombres/)).toHaveValue('María José');

    await userEvent.click(within(dialog).getByRole('button', { name: MSG.common.cancel }));
    await answerAlert(MSG.drafts.discardConfirm);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: M.createUserTitle })).toBeNull(),
    );
  });

  it('creates a psychologist and says the invitation was mailed', async () => {
    const created = makeUser({ firstName: 'María José', lastName: 'Castillo', hasPassword: false });
    const calls = usersApi({
      'POST /api/users': () => json({ ok: true, msg: M.userCreated, user: created }, 201),
    });
    await renderUsers();
    const dialog = await fillNewUser();
    expect(within(dialog).getByRole('combobox', { name: /^Rol/ })).toHaveValue('PSYCHOLOGIST');
    await userEvent.click(within(dialog).getByRole('button', { name: M.createUser }));

    expect(await alertDialog()).toHaveTextContent(M.userCreated);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      firstName: 'María José',
      lastName: 'Castillo',
      email: 'mj.castillo@psicocampus.test',
      role: 'PSYCHOLOGIST',
      phone: '',
    });
    expect(screen.queryByRole('dialog', { name: M.createUserTitle })).not.toBeInTheDocument();
    // The list is asked again (the call invalidates it).
    await waitFor(() => expect(listQueries(calls)).toHaveLength(2));
  });

  it('says so, as a warning, when the invitation has not left yet', async () => {
    const created = makeUser({ firstName: 'María José', lastName: 'Castillo', hasPassword: false });
    const queued = 'Usuario creado. El correo con el enlace aún no ha salido: quedó en cola.';
    usersApi({
      'POST /api/users': () =>
        json({ ok: true, msg: queued, user: created, mail: { id: 'm-1', status: 'queued' } }, 201),
    });
    await renderUsers();
    const dialog = await fillNewUser();
    await userEvent.click(within(dialog).getByRole('button', { name: M.createUser }));

    const outcome = await alertDialog();
    expect(outcome).toHaveTextContent(MAIL_TEXTS.notSentYetTitle);
    expect(outcome).toHaveTextContent(queued);
    expect(outcome).toHaveClass('swal2-icon-warning');
  });

  it('creates an administrator with a phone', async () => {
    const calls = usersApi({
      'POST /api/users': () => json({ ok: true, msg: M.userCreated, user: otherAdmin }, 201),
    });
    await renderUsers();
    const dialog = await fillNewUser();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^Rol/ }), 'ADMIN');
    await userEvent.type(within(dialog).getByLabelText(/^Teléfono/), '+593 99 123 4567');
    await userEvent.click(within(dialog).getByRole('button', { name: M.createUser }));
    await alertDialog();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      role: 'ADMIN',
      phone: '+593 99 123 4567',
    });
  });

  it('keeps the form and marks the e-mail when another account has it', async () => {
    usersApi({ 'POST /api/users': () => apiError(409, M.emailTaken) });
    await renderUsers();
    const dialog = await fillNewUser();
    await userEvent.click(within(dialog).getByRole('button', { name: M.createUser }));
    expect(await alertDialog()).toHaveTextContent(M.emailTaken);
    await answerAlert();
    expect(within(dialog).getByLabelText(/^Correo electrónico/)).toHaveAccessibleDescription(
      M.emailTaken,
    );
    expect(within(dialog).getByLabelText(/^Nombres/)).toHaveValue('María José');
  });

  it('sends nothing while the form is invalid', async () => {
    const calls = usersApi();
    await renderUsers();
    await userEvent.click(screen.getByRole('button', { name: M.newUser }));
    const dialog = await screen.findByRole('dialog', { name: M.createUserTitle });
    await userEvent.type(within(dialog).getByLabelText(/^Correo electrónico/), 'no-es-correo');
    expect(await within(dialog).findByText(MSG.students.emailInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: M.createUser })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("edits an account with the modal filled in, and says the server's message", async () => {
    const calls = usersApi({
      [`PUT /api/users/${tomas._id}`]: (call) =>
        json({ ok: true, msg: M.userUpdated, user: { ...tomas, ...(call.body as object) } }),
    });
    await renderUsers();
    await userEvent.click(rowButton('Tomás Herrera', 'Editar'));
    const dialog = await screen.findByRole('dialog', { name: M.editUserTitle });
    expect(within(dialog).getByLabelText(/^Nombres/)).toHaveValue('Tomás');
    expect(within(dialog).getByLabelText(/^Correo electrónico/)).toHaveValue(tomas.email);
    await userEvent.type(within(dialog).getByLabelText(/^Teléfono/), '022 555 010');
    await userEvent.click(within(dialog).getByRole('button', { name: M.updateUser }));

    expect(await alertDialog()).toHaveTextContent(M.userUpdated);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      firstName: 'Tomás',
      lastName: 'Herrera',
      email: tomas.email,
      role: 'PSYCHOLOGIST',
      phone: '022 555 010',
    });
  });

  it('shows a new e-mail as pending, in the list and in the form, with the server’s message (docs/decisions.md#e-mail-changes-and-assignments)', async () => {
    const NEW = 'tomas.nuevo@psicocampus.test';
    let pending: string | null = null;
    const calls = usersApi({
      [`PUT /api/users/${tomas._id}`]: () => {
        pending = NEW;
        return json({
          ok: true,
          msg: MSG.emailChange.pendingByAdmin(NEW),
          user: { ...tomas, pendingEmail: NEW },
        });
      },
      'GET /api/users': () => json(usersPage([{ ...tomas, pendingEmail: pending }])),
    });
    await renderUsers();
    await userEvent.click(rowButton('Tomás Herrera', 'Editar'));
    const dialog = await screen.findByRole('dialog', { name: M.editUserTitle });
    const email = within(dialog).getByLabelText(/^Correo electrónico/);
    expect(email).toHaveAccessibleDescription(MSG.emailChange.adminEmailHint);
    await userEvent.clear(email);
    await userEvent.type(email, NEW);
    await userEvent.click(within(dialog).getByRole('button', { name: M.updateUser }));

    expect(await alertDialog()).toHaveTextContent(MSG.emailChange.pendingByAdmin(NEW));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ email: NEW });
    await answerAlert();
    // The list keeps the address in use, with the one waiting for confirmation.
    await waitFor(() => expect(row('Tomás Herrera')).toHaveTextContent(tomas.email));
    expect(row('Tomás Herrera')).toHaveTextContent(MSG.emailChange.pendingHint(NEW));
    await userEvent.click(rowButton('Tomás Herrera', 'Editar'));
    const again = await screen.findByRole('dialog', { name: M.editUserTitle });
    expect(within(again).getByLabelText(/^Correo electrónico/)).toHaveValue(tomas.email);
    expect(again).toHaveTextContent(MSG.emailChange.pendingHint(NEW));
  });

  it('shows the new name in the session after editing one’s own account', async () => {
    usersApi({
      [`PUT /api/users/${meAsUser._id}`]: (call) =>
        json({ ok: true, msg: M.userUpdated, user: { ...meAsUser, ...(call.body as object) } }),
    });
    const { store } = await renderUsers();
    await userEvent.click(rowButton('Ana Administradora', 'Editar'));
    const dialog = await screen.findByRole('dialog', { name: M.editUserTitle });
    await userEvent.clear(within(dialog).getByLabelText(/^Nombres/));
    await userEvent.type(within(dialog).getByLabelText(/^Nombres/), 'Ana María');
    await userEvent.click(within(dialog).getByRole('button', { name: M.updateUser }));
    await alertDialog();
    expect(store.getState().session.user).toEqual({ ...testAdmin, firstName: 'Ana María' });
  });
});

describe('deactivating, reactivating and the password link', () => {
  it('asks "¿Estás seguro?" before deactivating, then says what the server answered', async () => {
    const calls = usersApi({
      [`POST /api/users/${tomas._id}/deactivate`]: () =>
        json({ ok: true, msg: M.deactivated, user: { ...tomas, active: false } }),
    });
    await renderUsers();
    await userEvent.click(rowButton('Tomás Herrera', 'Desactivar'));
    const question = await alertDialog();
    expect(question).toHaveTextContent(M.deactivateTitle);
    expect(question).toHaveTextContent(M.deactivateText('Tomás Herrera'));
    await answerAlert(M.deactivateConfirm);
    expect(await alertDialog()).toHaveTextContent(M.deactivated);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/users/${tomas._id}/deactivate`,
    ]);
  });

  it('does nothing when the question is cancelled', async () => {
    const calls = usersApi();
    await renderUsers();
    await userEvent.click(rowButton('Tomás Herrera', 'Desactivar'));
    await answerAlert(MSG.common.cancel);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it.each([M.lastAdmin, M.cannotDeactivateSelf])(
    'shows the refusal as the server sends it: "%s"',
    async (refusal) => {
      usersApi({ [`POST /api/users/${otherAdmin._id}/deactivate`]: () => apiError(409, refusal) });
      await renderUsers();
      await userEvent.click(rowButton('Andrés Quishpe', 'Desactivar'));
      await answerAlert(M.deactivateConfirm);
      const answer = await alertDialog();
      expect(answer).toHaveTextContent(MSG.common.error);
      expect(answer).toHaveTextContent(refusal);
    },
  );

  it('reactivates a deactivated account after asking', async () => {
    const calls = usersApi({
      [`POST /api/users/${retired._id}/reactivate`]: () =>
        json({ ok: true, msg: M.reactivated, user: { ...retired, active: true } }),
    });
    await renderUsers();
    await userEvent.click(rowButton('Rosa Vega', 'Reactivar'));
    expect(await alertDialog()).toHaveTextContent(M.reactivateText('Rosa Vega'));
    await answerAlert(M.reactivateConfirm);
    expect(await alertDialog()).toHaveTextContent(M.reactivated);
    expect(calls.some((call) => call.path === `/api/users/${retired._id}/reactivate`)).toBe(true);
  });

  it("mails a password link after confirming the address: 'Enlace enviado por correo.'", async () => {
    const calls = usersApi({
      [`POST /api/users/${tomas._id}/reset-link`]: () => json({ ok: true, msg: M.resetLinkSent }),
    });
    await renderUsers();
    await userEvent.click(rowButton('Tomás Herrera', M.sendResetLink));
    expect(await alertDialog()).toHaveTextContent(M.resetLinkText('psicologo2@psicocampus.test'));
    await answerAlert(M.resetLinkConfirm);
    expect(await alertDialog()).toHaveTextContent('Enlace enviado por correo.');
    expect(await alertDialog()).toHaveClass('swal2-icon-success');
    expect(calls.some((call) => call.path === `/api/users/${tomas._id}/reset-link`)).toBe(true);
  });

  it('warns when the password link is queued instead of sent', async () => {
    const queued = 'El enlace aún no ha salido: quedó en cola y se reintentará.';
    usersApi({
      [`POST /api/users/${tomas._id}/reset-link`]: () =>
        json({ ok: true, msg: queued, mail: { id: 'm-2', status: 'queued' } }),
    });
    await renderUsers();
    await userEvent.click(rowButton('Tomás Herrera', M.sendResetLink));
    await answerAlert(M.resetLinkConfirm);
    const outcome = await alertDialog();
    await waitFor(() => expect(outcome).toHaveTextContent(queued));
    expect(outcome).toHaveTextContent(MAIL_TEXTS.notSentYetTitle);
    expect(outcome).toHaveClass('swal2-icon-warning');
  });

  it('says the link could not be sent when the call fails without a message', async () => {
    usersApi({
      [`POST /api/users/${tomas._id}/reset-link`]: () => new Response('', { status: 502 }),
    });
    await renderUsers();
    await userEvent.click(rowButton('Tomás Herrera', M.sendResetLink));
    await answerAlert(M.resetLinkConfirm);
    expect(await alertDialog()).toHaveTextContent(M.resetLinkError);
  });
});

describe('users: the second factor', () => {
  /** Everyone, with a second factor where `names` say. */
  const withFactors = (...ids: string[]) =>
    everyone.map((user) => ({ ...user, hasSecondFactor: ids.includes(user._id) }));

  /** The signed-in administrator's own second factor, as GET /api/auth/mfa says it. */
  const ownFactor = (enabled: boolean) => () =>
    json({ ok: true, mfa: { enabled, required: enabled, recoveryCodesLeft: enabled ? 10 : 0 } });

  /** The reset's answer: the administrator's password 'mi-frase-de-admin' and code '123456' are right. */
  const resetAnswer = (call: RecordedCall) => {
    const { password, code } = call.body as { password?: string; code?: string };
    if (password !== 'mi-frase-de-admin') {
      return apiError(400, MSG.auth.currentPasswordWrong, [
        { field: 'password', msg: MSG.auth.currentPasswordWrong },
      ]);
    }
    if (code !== undefined && code !== '123456') {
      return apiError(400, MFA_MSG.codeWrong, [{ field: 'code', msg: MFA_MSG.codeWrong }]);
    }
    return json({ ok: true, msg: MFA_MSG.resetDone });
  };

  const resetCalls = (calls: RecordedCall[]) =>
    calls.filter((call) => call.path === `/api/users/${tomas._id}/mfa/reset`).map((c) => c.body);

  async function openReset() {
    await userEvent.click(rowButton('Tomás Herrera', MFA_MSG.resetAction));
    const dialog = await screen.findByRole('dialog', { name: MFA_MSG.resetAction });
    // The dialog asks whether the administrator has a factor before it shows
    // the form: wait for the form, not just for the dialog.
    expect(
      await within(dialog).findByText(MFA_MSG.resetConfirm('Tomás Herrera')),
    ).toBeInTheDocument();
    return dialog;
  }

  /** The users screen of an administrator who has a second factor, Tomás's to reset. */
  async function renderWithOwnFactor() {
    const calls = usersApi(
      {
        'GET /api/auth/mfa': ownFactor(true),
        [`POST /api/users/${tomas._id}/mfa/reset`]: resetAnswer,
      },
      withFactors(tomas._id, meAsUser._id),
    );
    await renderUsers();
    return calls;
  }

  it("asks for the administrator's own password and code before resetting another account's, never one's own", async () => {
    const calls = await renderWithOwnFactor();
    const ownName = `${meAsUser.firstName} ${meAsUser.lastName}`;
    expect(
      within(row(ownName)).queryByRole('button', {
        name: `${MFA_MSG.resetAction} (${ownName})`,
      }),
    ).toBeNull();
    const dialog = await openReset();
    expect(dialog).toHaveTextContent(MFA_MSG.resetProofWithCodeText);
    // Nothing typed: both fields say what they need, and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: MFA_MSG.resetAction }));
    expect(await within(dialog).findByText(MSG.auth.currentPasswordRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MFA_MSG.codeRequired)).toBeInTheDocument();
    expect(resetCalls(calls)).toEqual([]);
  });

  it('says a wrong code on its field, keeping what was typed, and resets with the right one', async () => {
    const calls = await renderWithOwnFactor();
    const dialog = await openReset();
    const submit = () =>
      userEvent.click(within(dialog).getByRole('button', { name: MFA_MSG.resetAction }));
    const password = within(dialog).getByLabelText(MFA_MSG.passwordLabel);
    const code = within(dialog).getByLabelText(MFA_MSG.resetOwnCodeLabel);
    await userEvent.type(password, 'mi-frase-de-admin');
    await userEvent.type(code, '654 321');
    await submit();
    expect(await within(dialog).findByText(MFA_MSG.codeWrong)).toBeInTheDocument();
    expect(password).toHaveValue('mi-frase-de-admin');
    expect(screen.getByRole('dialog', { name: MFA_MSG.resetAction })).toBe(dialog);

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await submit();
    expect(await alertDialog()).toHaveTextContent(MFA_MSG.resetDone);
    expect(screen.queryByRole('dialog', { name: MFA_MSG.resetAction })).toBeNull();
    expect(resetCalls(calls)).toEqual([
      { password: 'mi-frase-de-admin', code: '654321' },
      { password: 'mi-frase-de-admin', code: '123456' },
    ]);
  });

  it('says a wrong password on its field, and asks no code of an administrator without a second factor', async () => {
    const calls = usersApi(
      {
        'GET /api/auth/mfa': ownFactor(false),
        [`POST /api/users/${tomas._id}/mfa/reset`]: resetAnswer,
      },
      withFactors(tomas._id),
    );
    await renderUsers();
    const dialog = await openReset();
    expect(dialog).toHaveTextContent(MFA_MSG.resetProofText);
    expect(within(dialog).queryByLabelText(MFA_MSG.resetOwnCodeLabel)).toBeNull();
    const password = within(dialog).getByLabelText(MFA_MSG.passwordLabel);
    await userEvent.type(password, 'otra-frase');
    await userEvent.click(within(dialog).getByRole('button', { name: MFA_MSG.resetAction }));
    expect(await within(dialog).findByText(MSG.auth.currentPasswordWrong)).toBeInTheDocument();
    expect(password).toHaveValue('otra-frase');

    // Cancelar closes it without resetting anything.
    await userEvent.click(within(dialog).getByRole('button', { name: MSG.common.cancel }));
    expect(screen.queryByRole('dialog', { name: MFA_MSG.resetAction })).toBeNull();
    expect(resetCalls(calls)).toEqual([{ password: 'otra-frase' }]);
  });

  it("offers 'Restablecer segundo factor' only for an account that has one", async () => {
    usersApi({}, withFactors(tomas._id));
    await renderUsers();
    expect(rowButton('Tomás Herrera', MFA_MSG.resetAction)).toBeInTheDocument();
    for (const name of ['Lucía Fernández', 'Andrés Quishpe', 'Pablo Mora']) {
      expect(
        within(row(name)).queryByRole('button', { name: `${MFA_MSG.resetAction} (${name})` }),
      ).toBeNull();
    }
  });

  it('switches the requirement for psychologists on', async () => {
    let required = false;
    const calls = usersApi({
      'GET /api/service/mfa': () =>
        json({ ok: true, policy: { adminsRequired: true, psychologistsRequired: required } }),
      'PUT /api/service/mfa': (call) => {
        required = (call.body as { psychologistsRequired: boolean }).psychologistsRequired;
        return json({
          ok: true,
          msg: MFA_MSG.policySaved,
          policy: { adminsRequired: true, psychologistsRequired: required },
        });
      },
    });
    await renderUsers();
    const card = screen.getByRole('region', { name: MFA_MSG.policyTitle });
    expect(await within(card).findByText(MFA_MSG.policyAdmins)).toBeInTheDocument();
    const toggle = within(card).getByRole('checkbox', { name: MFA_MSG.policyPsychologists });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await within(card).findByText(MFA_MSG.policySaved)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      psychologistsRequired: true,
    });
  });
});
