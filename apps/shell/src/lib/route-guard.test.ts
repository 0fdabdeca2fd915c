import type { SessionUser } from '@psicocampus/shared';
import { guardRedirect, type GuardSession } from './route-guard';

const admin: SessionUser = {
  id: 'a1',
  role: 'ADMIN',
  firstName: 'Ana',
  lastName: 'Admin',
  email: 'admin@psicocampus.test',
};
const psychologist: SessionUser = { ...admin, id: 'p1', role: 'PSYCHOLOGIST' };

const anonymous: GuardSession = { token: null, user: null };
const asAdmin: GuardSession = { token: 't', user: admin };
const asPsychologist: GuardSession = { token: 't', user: psychologist };
const tokenWithoutUser: GuardSession = { token: 't', user: null };

/** Follows redirects the way the router does, to the page that finally shows. */
function landing(pathname: string, session: GuardSession): string {
  let current = pathname;
  for (let hops = 0; hops < 5; hops += 1) {
    const next = guardRedirect(current, session);
    if (next === null) return current;
    current = next;
  }
  throw new Error(`redirect loop from ${pathname}`);
}

describe('navigation guard (docs/screens-and-routes.md#navigation-guard)', () => {
  it.each([
    ['/', anonymous, '/login'],
    ['/', asPsychologist, '/psychologist/dashboard'],
    ['/', asAdmin, '/dashboard/home'],
    ['/home', asAdmin, '/dashboard/home'],
    ['/home', asPsychologist, '/psychologist/dashboard'],
    ['/home', anonymous, '/login'],
    ['/psychologist', asPsychologist, '/psychologist/dashboard'],
    ['/psychologist', anonymous, '/login'],
    ['/psychologist/dashboard/patients', anonymous, '/login'],
    ['/psychologist/dashboard/patients', tokenWithoutUser, '/login'],
    ['/dashboard/users', tokenWithoutUser, '/login'],
    ['/dashboard/users', asPsychologist, '/psychologist/dashboard'],
    ['/dashboard', asAdmin, '/dashboard'],
    ['/psychologist/dashboard/patients', asAdmin, '/dashboard/home'],
    ['/psychologist/dashboard/patients/42', asPsychologist, '/psychologist/dashboard/patients/42'],
    ['/login', asAdmin, '/dashboard/home'],
    ['/login', asPsychologist, '/psychologist/dashboard'],
    ['/login', anonymous, '/login'],
    ['/login', tokenWithoutUser, '/login'],
    ['/reset-password/abc', anonymous, '/reset-password/abc'],
    ['/reset-password-form', asPsychologist, '/reset-password-form'],
  ])('%s → %s lands on %s', (path, session, expected) => {
    expect(landing(path, session)).toBe(expected);
  });

  it('sends /home straight to the admin home and /login to /home for an admin', () => {
    expect(guardRedirect('/home', asAdmin)).toBe('/dashboard/home');
    expect(guardRedirect('/login', asAdmin)).toBe('/home');
  });

  it('does not treat look-alike paths as protected areas', () => {
    expect(guardRedirect('/dashboardx', anonymous)).toBeNull();
    expect(guardRedirect('/psychologist/dashboardx', anonymous)).toBeNull();
  });

  it('ignores a trailing slash', () => {
    expect(guardRedirect('/dashboard/', anonymous)).toBe('/login');
    expect(guardRedirect('/psychologist/', asPsychologist)).toBe('/psychologist/dashboard');
  });
});

describe('the guard of a dashboard added by a remote descriptor', () => {
  const areas = [
    { base: '/psychologist/dashboard', roles: ['PSYCHOLOGIST'] as const },
    { base: '/coordination', roles: ['ADMIN'] as const },
    { base: '/shared-space', roles: [] as const },
  ];

  it('admits only the roles its remotes list, sending anyone else to their own home', () => {
    expect(guardRedirect('/coordination/plan', asAdmin, areas)).toBeNull();
    expect(guardRedirect('/coordination/plan', asPsychologist, areas)).toBe(
      '/psychologist/dashboard',
    );
    expect(guardRedirect('/coordination/plan', anonymous, areas)).toBe('/login');
  });

  it('still needs a session when its remotes admit every role', () => {
    expect(guardRedirect('/shared-space', anonymous, areas)).toBe('/login');
    expect(guardRedirect('/shared-space', asPsychologist, areas)).toBeNull();
    expect(guardRedirect('/shared-space', asAdmin, areas)).toBeNull();
  });
});
