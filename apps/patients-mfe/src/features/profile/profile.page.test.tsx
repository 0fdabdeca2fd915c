import { screen } from '@testing-library/react';
import { MSG } from '@psicocampus/shared';
import { stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { BASE, renderScreen } from '../../testing/render';
import ProfilePage from './profile.page';

const profile = {
  _id: testPsychologist.id,
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
  role: 'PSYCHOLOGIST',
  phone: '+593 2 555 0101',
};

afterEach(() => {
  document.body.innerHTML = '';
});

function renderProfile(answer: Response) {
  stubApi((call) => (call.path === '/api/auth/profile' ? answer : undefined));
  return renderScreen(<ProfilePage />, { route: `${BASE}/profile`, path: `${BASE}/profile` });
}

describe("the psychologist's profile", () => {
  it('shows name, e-mail, phone and role', async () => {
    await renderProfile(json({ ok: true, profile }));
    expect(screen.getByRole('heading', { level: 1, name: MSG.profile.title })).toBeInTheDocument();
    const data = await screen.findByRole('region', { name: MSG.profile.personalData });
    expect(data).toHaveTextContent('Lucía Fernández');
    expect(data).toHaveTextContent('psicologa@psicocampus.test');
    expect(data).toHaveTextContent('+593 2 555 0101');
    expect(data).toHaveTextContent('Psicólogo/a');
  });

  it('says "No especificado" without a phone', async () => {
    await renderProfile(json({ ok: true, profile: { ...profile, phone: null } }));
    expect(await screen.findByText(MSG.common.notSpecified)).toBeInTheDocument();
  });

  it('says so when the data cannot be loaded', async () => {
    await renderProfile(new Response('', { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.profile.loadError);
  });
});
