import { use } from 'react';
import { NavLink } from 'react-router-dom';
import { declaredMenu } from '@psicocampus/shared';
import type { NavEntry, RemoteModule } from '@psicocampus/shared/core';
import type { RemoteName, Role } from '@psicocampus/shared/domain';
import { isUnavailable, remoteRegistry } from '../../features/remotes/remote-registry';
import { remoteAdmits } from '../../features/remotes/remote-routes.component';
import type { DashboardArea } from '../../lib/areas';
import { NavIcon } from './nav-icon.component';
import styles from './dashboard-layout.module.css';

type NavSource = { name: RemoteName; remote: Pick<RemoteModule, 'nav' | 'roles'> };

/** The menu entries a dashboard's remotes contribute, for this user's role. */
export function collectNav(remotes: NavSource[], role: Role | undefined): NavEntry[] {
  return remotes
    .filter(({ name, remote }) => remoteAdmits(name, remote, role))
    .flatMap(({ remote }) => remote.nav)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.order ?? 1000 + a.index) - (b.entry.order ?? 1000 + b.index))
    .map(({ entry }) => entry);
}

/**
 * The menu of a dashboard. A remote's entries are those remote-menus.json
 * declares for it (docs/architecture.md#the-menu), listed without loading
 * its code, so they stay while it is down and lead to the fallback; for a
 * remote it does not list, those of its loaded module (none while it is
 * down). Suspends only for the latter.
 */
export function DashboardNav({ area, role }: { area: DashboardArea; role: Role | undefined }) {
  const sources = area.remotes.flatMap((name): NavSource[] => {
    const declared = declaredMenu(name);
    // Its descriptor's roles (checked by remoteAdmits) are who may see them.
    if (declared) return [{ name, remote: { nav: declared, roles: [] } }];
    const remote = use(remoteRegistry.load(name));
    return isUnavailable(remote) ? [] : [{ name, remote }];
  });
  const entries = collectNav(sources, role);
  return (
    <ul className={styles.navList}>
      {entries.map((entry) => (
        <li key={entry.path}>
          <NavLink
            to={entry.path === '' ? area.base : `${area.base}/${entry.path}`}
            end={entry.path === ''}
            className={({ isActive }) =>
              isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink
            }
          >
            <NavIcon name={entry.icon} />
            <span>{entry.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
