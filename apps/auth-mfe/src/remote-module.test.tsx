import remote from './remote-module';

describe('the auth remote contract', () => {
  it('offers the public routes of docs/screens-and-routes.md#routes and the e-mail confirmation page to anyone', () => {
    expect(remote.roles).toEqual([]);
    expect(remote.routes.map((route) => route.path)).toEqual([
      'login',
      'reset-password/:token',
      'reset-password-form',
      'confirm-email/:token',
    ]);
    expect(remote.nav).toEqual([]);
  });
});
