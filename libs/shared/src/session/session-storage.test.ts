import type { SessionUser } from '@psicocampus/shared/domain';
import {
  clearStoredSession,
  readStoredSession,
  STORAGE_KEYS,
  writeStoredSession,
} from './session-storage';

const user: SessionUser = {
  id: 'u-1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};

beforeEach(() => localStorage.clear());

describe('the session kept in localStorage (docs/data-model.md#local-data)', () => {
  it('writes x-token, userId and user-data as the login response minus the token', () => {
    writeStoredSession(localStorage, { token: 'abc', user });
    expect(localStorage.getItem('x-token')).toBe('abc');
    expect(localStorage.getItem('userId')).toBe('u-1');
    expect(JSON.parse(localStorage.getItem('user-data')!)).toEqual({ ok: true, user });
    expect(readStoredSession(localStorage)).toEqual({ token: 'abc', user });
  });

  it.each([
    ['a token without user data', { [STORAGE_KEYS.token]: 'abc' }],
    ['user data that is not JSON', { 'x-token': 'abc', userId: 'u-1', 'user-data': '{no' }],
    [
      'a user with an unknown role',
      {
        'x-token': 'abc',
        userId: 'u-1',
        'user-data': JSON.stringify({ ok: true, user: { ...user, role: 'ROOT' } }),
      },
    ],
    [
      'a userId that does not match the user',
      { 'x-token': 'abc', userId: 'u-2', 'user-data': JSON.stringify({ ok: true, user }) },
    ],
    [
      'user data without a token',
      { userId: 'u-1', 'user-data': JSON.stringify({ ok: true, user }) },
    ],
  ])('wipes %s instead of half-trusting it', (_case, stored) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    expect(readStoredSession(localStorage)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('clears every key on sign-out', () => {
    writeStoredSession(localStorage, { token: 'abc', user });
    clearStoredSession(localStorage);
    expect(localStorage.length).toBe(0);
  });
});
