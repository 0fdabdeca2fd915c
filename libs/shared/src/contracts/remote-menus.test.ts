import menus from './remote-menus.json';
import { checkRemoteMenus, declaredMenu } from './remote-menus';

describe('remote-menus.json', () => {
  it('is well formed: described remotes, each entry with a label and a path of its own', () => {
    expect(() => checkRemoteMenus(menus)).not.toThrow();
  });

  it('declares the menu of every dashboard remote, so the shell lists it while the remote is down', () => {
    expect(declaredMenu('patients')?.map((entry) => entry.label)).toEqual([
      'Inicio',
      'Mis Pacientes',
      'Agenda',
      'Historial',
      'Estadísticas',
      'Perfil',
      'Configuración',
    ]);
    expect(declaredMenu('assessment')).toEqual([
      { label: 'Evaluaciones', path: 'Evaluaciones', icon: 'reports', order: 30 },
    ]);
    expect(declaredMenu('admin')?.map((entry) => entry.path)).toEqual([
      'home',
      'static-admin',
      'users',
      'archived-students',
      'audit',
      'mail',
      'profile',
      'profile-admin',
    ]);
    expect(declaredMenu('auth')).toBeUndefined();
  });

  it('names each page once: the administrator, like the psychologist, has "Perfil" to see their data and "Configuración" to change it', () => {
    for (const remote of ['patients', 'assessment', 'admin'] as const) {
      const labels = declaredMenu(remote)!.map((entry) => entry.label);
      expect(new Set(labels).size).toBe(labels.length);
      // No two entries that start alike ('Perfil' and 'Perfil de administrador').
      const first = labels.map((label) => label.split(' ')[0]);
      expect(new Set(first).size).toBe(first.length);
    }
    const entry = (remote: 'patients' | 'admin', label: string) =>
      declaredMenu(remote)!.find((item) => item.label === label);
    expect(entry('admin', 'Perfil')?.path).toBe('profile');
    expect(entry('admin', 'Configuración')?.path).toBe('profile-admin');
    expect(entry('patients', 'Perfil')?.path).toBe('profile');
    expect(entry('patients', 'Configuración')?.path).toBe('configuration');
  });

  it.each([
    ['a remote nobody described', { library: [] }, /"library" is no remote/],
    ['a remote mounted at the root', { auth: [{ label: 'X', path: 'x' }] }, /has no menu/],
    ['an entry without a label', { admin: [{ path: 'x' }] }, /needs a label/],
    ['an absolute path', { admin: [{ label: 'X', path: '/x' }] }, /path of its own/],
    [
      'a path listed twice',
      {
        admin: [
          { label: 'X', path: 'x' },
          { label: 'Y', path: 'x' },
        ],
      },
      /path of its own/,
    ],
    ['an unknown icon', { admin: [{ label: 'X', path: 'x', icon: 'rocket' }] }, /icon/],
  ])('refuses %s, saying why', (_case, raw, reason) => {
    expect(() => checkRemoteMenus(raw)).toThrow(reason);
  });
});
