import { use } from 'react';
import { NavLink } from 'react-router-dom';
import type { NavEntry, RemoteModule } from '@psicocampus/shared/core';
import type { RemoteName, Role } from '@psicocampus/shared/domain';
import { isUnavailable, remoteRegistry } from '../remotes/remote-registry';
import { remoteAdmits } from '../remotes/remote-routes.component';
import type { DashboardArea } from './areas';
import { NavIcon } from './nav-icon.component';
import styles from './dashboard-layout.module.css';

/** The menu entries a dashboard's remotes contribute, for this user's role. */
export function collectNav(
  remotes: Array<{ name: RemoteName; remote: Pick<RemoteModule, 'nav' | 'roles'> }>,
  role: Role | undefined,
): NavEntry[] {
  return remotes
    .filter(({ name, remote }) => remoteAdmits(name, remote, role))
    .flatMap(({ remote }) => remote.nav)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.order ?? 1000 + a.index) - (b.entry.order ?? 1000 + b.index))
    .map(({ entry }) => entry);
}

export function DashboardNav({ area, role }: { area: DashboardArea; role: Role | undefined }) {
  const loaded = area.remotes.map((name) => ({ name, remote: use(remoteRegistry.load(name)) }));
  const available = loaded.flatMap(({ name, remote }) =>
    isUnavailable(remote) ? [] : [{ name, remote }],
  );
  const entries = collectNav(available, role);
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
