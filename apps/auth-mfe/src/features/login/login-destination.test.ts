import { loginDestination } from './login-destination';

const psychologist = { id: 'p1', role: 'PSYCHOLOGIST' as const };
const admin = { id: 'a1', role: 'ADMIN' as const };
const detail = '/psychologist/dashboard/patients/42';

describe('where signing in leads (docs/sign-in-and-sessions.md#drafts)', () => {
  it('returns the same person to the screen a lapsed session left', () => {
    expect(loginDestination(psychologist, { from: detail, userId: 'p1' })).toBe(detail);
    // A visitor who followed a link before signing in: no previous user.
    expect(loginDestination(psychologist, { from: detail })).toBe(detail);
  });

  it('sends someone else to their own home', () => {
    expect(loginDestination(psychologist, { from: detail, userId: 'p2' })).toBe('/psychologist');
    expect(loginDestination(admin, { from: '/dashboard/users', userId: 'p1' })).toBe('/home');
  });

  it.each([
    ['another role’s area', '/dashboard/users'],
    ['another site', 'https://example.com/psychologist/dashboard'],
    ['a protocol-relative address', '//example.com/psychologist/dashboard'],
    ['a path that climbs out', '/psychologist/dashboard/../../login'],
    ['a doubled slash inside', '/psychologist/dashboard//example.com'],
    ['a backslash', '/psychologist/dashboard/\\example.com'],
    ['no path', undefined],
    ['not a string', 42],
  ])('never follows %s', (_case, from) => {
    expect(loginDestination(psychologist, { from, userId: 'p1' })).toBe('/psychologist');
  });

  it('with nothing remembered, goes to the role’s start', () => {
    expect(loginDestination(psychologist, null)).toBe('/psychologist');
    expect(loginDestination(admin, undefined)).toBe('/home');
  });
});
