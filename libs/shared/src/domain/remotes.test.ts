import descriptors from './remote-descriptors.json';
import { checkRemoteDescriptors } from './remote-descriptors.check';
import { dashboardOf, REMOTE_NAMES, remoteDescriptor, remoteMount } from './remotes';

const valid = () => structuredClone(descriptors) as { remotes: Array<Record<string, unknown>> };

describe('remote-descriptors.json', () => {
  it('is well formed: each name and port once, every mount a known place', () => {
    expect(() => checkRemoteDescriptors(descriptors)).not.toThrow();
  });

  it('describes the four remotes of the page, each mounted where docs/screens-and-routes.md#routes puts it', () => {
    expect(REMOTE_NAMES).toEqual(['auth', 'patients', 'assessment', 'admin']);
    expect(remoteDescriptor('auth')).toMatchObject({ mount: '/', roles: [] });
    expect(remoteDescriptor('patients')).toMatchObject({
      mount: '/psychologist/dashboard',
      roles: ['PSYCHOLOGIST'],
    });
    expect(remoteDescriptor('admin')).toMatchObject({ mount: '/dashboard', roles: ['ADMIN'] });
    expect(remoteDescriptor('unknown')).toBeUndefined();
  });

  it.each([
    [
      'a mount that is no dashboard',
      { name: 'x', mount: '/nowhere', devPort: 4300, roles: [] },
      /mounts at "\/nowhere"/,
    ],
    [
      'a name listed twice',
      { name: 'auth', mount: '/', devPort: 4300, roles: [] },
      /"auth" is listed twice/,
    ],
    [
      'a port already taken',
      { name: 'x', mount: '/', devPort: 4201, roles: [] },
      /development port of its own/,
    ],
    [
      'a role that does not exist',
      { name: 'x', mount: '/', devPort: 4300, roles: ['ROOT'] },
      /roles that do not exist/,
    ],
    [
      'a name that is not a package name',
      { name: 'Mi Remoto', mount: '/', devPort: 4300, roles: [] },
      /lower-case/,
    ],
  ])('refuses %s, saying why', (_case, remote, reason) => {
    const data = valid();
    data.remotes.push(remote);
    expect(() => checkRemoteDescriptors(data)).toThrow(reason);
  });

  it("gives a remote's mount, and refuses a name nobody described", () => {
    expect(remoteMount('assessment')).toBe('/psychologist/dashboard');
    expect(remoteMount('auth')).toBe('/');
    expect(() => remoteMount('unknown')).toThrow(/no remote named "unknown"/);
  });

  it('gives the dashboard of each role: the one whose remotes admit it', () => {
    expect(dashboardOf('PSYCHOLOGIST')).toBe('/psychologist/dashboard');
    expect(dashboardOf('ADMIN')).toBe('/dashboard');
  });
});
