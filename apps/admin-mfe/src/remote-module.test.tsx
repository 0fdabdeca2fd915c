import { matchRoutes } from 'react-router-dom';
import remote from './remote-module';

describe('the admin remote contract', () => {
  it('is for administrators only', () => {
    expect(remote.roles).toEqual(['ADMIN']);
  });

  it.each(['home', 'static-admin', 'profile-admin', 'profile', 'users'])(
    'answers the admin dashboard child "%s" of SEED §2',
    (path) => {
      expect(matchRoutes(remote.routes, `/${path}`)).not.toBeNull();
    },
  );

  it('opens home by default', () => {
    const [match] = matchRoutes(remote.routes, '/') ?? [];
    expect(match?.route.index).toBe(true);
  });
});
