import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { stubApi, testAdmin } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { BASE, Landing, landing, renderScreen } from '../../testing/render';
import ProfilePage from './profile.page';

const profile = {
  _id: testAdmin.id,
  firstName: 'Ana',
  lastName: 'Administradora',
  email: 'admin@psicocampus.test',
  role: 'ADMIN',
  phone: '+593 2 555 0199',
};

afterEach(() => {
  document.body.innerHTML = '';
});

function renderProfile(answer: Response) {
  stubApi((call) => (call.path === '/api/auth/profile' ? answer : undefined));
  return renderScreen(<ProfilePage />, 'profile', {
    otherRoutes: [{ path: `${BASE}/profile-admin`, element: <Landing name="editar" /> }],
  });
}

describe("the administrator's profile", () => {
  it('shows name, e-mail, phone and role', async () => {
    await renderProfile(json({ ok: true, profile }));
    expect(
      screen.getByRole('heading', { level: 1, name: ADMIN_MSG.profileTitle }),
    ).toBeInTheDocument();
    const data = await screen.findByRole('region', { name: MSG.profile.personalData });
    expect(data).toHaveTextContent('Ana Administradora');
    expect(data).toHaveTextContent('admin@psicocampus.test');
    expect(data).toHaveTextContent('+593 2 555 0199');
    expect(data).toHaveTextContent('Administrador/a');
  });

  it('shows an e-mail change waiting for confirmation beside the address in use', async () => {
    const pendingEmail = 'ana.nueva@psicocampus.test';
    await renderProfile(json({ ok: true, profile: { ...profile, pendingEmail } }));
    const data = await screen.findByRole('region', { name: MSG.profile.personalData });
    expect(data).toHaveTextContent('admin@psicocampus.test');
    expect(data).toHaveTextContent(MSG.emailChange.pendingHint(pendingEmail));
  });

  it('says "No especificado" without a phone', async () => {
    await renderProfile(json({ ok: true, profile: { ...profile, phone: null } }));
    expect(await screen.findByText(MSG.common.notSpecified)).toBeInTheDocument();
  });

  it("leads to 'profile-admin' to edit the data", async () => {
    await renderProfile(json({ ok: true, profile }));
    await userEvent.click(screen.getByRole('link', { name: MSG.profile.editLink }));
    expect(await landing()).toBe(`editar ${BASE}/profile-admin`);
  });

  it('says so when the data cannot be loaded', async () => {
    await renderProfile(new Response('', { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.profile.loadError);
  });
});
