import path from 'node:path';
import { matchRoutes } from 'react-router-dom';
import remote from './remote-module';
import {
  dynamicSpecifiers,
  paths,
  staticClosure,
  staticSpecifiers,
} from '@psicocampus/tools/jest/import-graph';

const ENTRY = path.join(__dirname, 'remote-module.tsx');
const STATISTICS_PAGE = path.join(__dirname, 'features/statistics/service-statistics.page.tsx');
/** The statistics screen the page shows, shared with the psychologist's. */
const STATISTICS_SCREEN = paths.shared('./statistics-screen');

/** What would put nivo in the same chunk as `file`: nivo itself, or the shared charts entry. */
const bringsNivo = (specifier: string) =>
  specifier.startsWith('@nivo/') || specifier === '@psicocampus/shared/charts';

describe('the admin remote contract', () => {
  it('is for administrators only', () => {
    expect(remote.roles).toEqual(['ADMIN']);
  });

  it.each([
    'home',
    'static-admin',
    'profile-admin',
    'profile',
    'users',
    'archived-students',
    'audit',
  ])(
    'answers the admin dashboard child "%s" (docs/screens-and-routes.md#routes and docs/permissions.md#administrators)',
    (child) => {
      expect(matchRoutes(remote.routes, `/${child}`)).not.toBeNull();
    },
  );

  it('opens home by default', () => {
    const [match] = matchRoutes(remote.routes, '/') ?? [];
    expect(match?.route.index).toBe(true);
  });

  it('has a route for every menu entry, the audit log among them', () => {
    for (const entry of remote.nav) {
      expect(matchRoutes(remote.routes, `/${entry.path}`)).not.toBeNull();
    }
    expect(remote.nav).toContainEqual(
      expect.objectContaining({ label: 'Auditoría', path: 'audit', icon: 'audit' }),
    );
    expect(remote.nav.map((entry) => entry.path)).toEqual([
      'home',
      'static-admin',
      'users',
      'archived-students',
      'audit',
      'mail',
      'profile',
      'profile-admin',
    ]);
  });
});

describe('what the remote entry loads (docs/limits-and-budgets.md#speed-and-size-budgets)', () => {
  it('imports no page statically: each is a lazy chunk of its own', () => {
    expect(staticSpecifiers(ENTRY).filter((specifier) => specifier.startsWith('.'))).toEqual([]);
    expect(dynamicSpecifiers(ENTRY).sort()).toEqual([
      './features/archived-students/archived-students.page',
      './features/audit/audit-log.page',
      './features/home/admin-home.page',
      './features/mail/mail-queue.page',
      './features/profile/admin-profile.page',
      './features/profile/profile.page',
      './features/statistics/service-statistics.page',
      './features/users/users.page',
    ]);
  });

  it('reaches nivo through no static import, from the entry or the shared entries it uses', () => {
    const reached = [
      ...staticClosure(ENTRY),
      ...staticClosure(paths.shared('.')),
      ...staticClosure(paths.shared('./ui')),
      ...staticClosure(paths.shared('./forms')),
    ];
    expect(reached.length).toBeGreaterThan(20);
    expect(reached.filter(({ specifier }) => bringsNivo(specifier))).toEqual([]);
  });

  it('loads the charts lazily from the statistics screen, which itself holds no nivo', () => {
    expect(staticSpecifiers(STATISTICS_PAGE)).toContain('@psicocampus/shared/statistics-screen');
    expect(dynamicSpecifiers(STATISTICS_SCREEN)).toEqual(['@psicocampus/shared/charts']);
    for (const file of [STATISTICS_PAGE, STATISTICS_SCREEN]) {
      expect(staticClosure(file).filter(({ specifier }) => bringsNivo(specifier))).toEqual([]);
    }
    // The charts entry is where nivo is: the check above would see it if it were imported.
    const charts = staticClosure(paths.shared('./charts'));
    expect(charts.map(({ specifier }) => specifier)).toEqual(
      expect.arrayContaining(['@nivo/bar', '@nivo/pie']),
    );
    // And it takes nothing else of the shared library with it (a second copy
    // of the messages…): its own files reach other entries only by their
    // package names, which the page resolves to the one shared copy.
    const own = charts.filter(({ from }) => from.startsWith('libs/shared/src/charts/'));
    expect(own.length).toBeGreaterThan(5);
    expect(
      own.filter(({ specifier }) => specifier.startsWith('.') && !/^\.\/[^/]+$/.test(specifier)),
    ).toEqual([]);
  });
});
