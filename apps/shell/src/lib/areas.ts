import {
  REMOTE_DESCRIPTORS,
  type RemoteDescriptor,
  type RemoteName,
  type Role,
} from '@psicocampus/shared/domain';

/**
 * A dashboard of docs/screens-and-routes.md#routes: where it lives, who may enter, which remotes fill
 * it. Derived from remote-descriptors.json: a remote joins a dashboard by
 * naming its base as its mount.
 */
export interface DashboardArea {
  base: string;
  title: string;
  /** Anyone any of its remotes admits; each remote's own list still applies to its routes. */
  roles: readonly Role[];
  remotes: readonly RemoteName[];
}

function namesAt(mount: string): RemoteName[] {
  return REMOTE_DESCRIPTORS.remotes
    .filter((remote: RemoteDescriptor) => remote.mount === mount)
    .map((remote) => remote.name);
}

function rolesAt(mount: string): Role[] {
  const roles = REMOTE_DESCRIPTORS.remotes
    .filter((remote) => remote.mount === mount)
    .flatMap((remote) => remote.roles);
  return [...new Set(roles)];
}

export const DASHBOARD_AREAS: readonly DashboardArea[] = REMOTE_DESCRIPTORS.dashboards.map(
  (dashboard) => ({
    base: dashboard.base,
    title: dashboard.title,
    roles: rolesAt(dashboard.base),
    remotes: namesAt(dashboard.base),
  }),
);

/**
 * The remotes whose routes sit at the root: /login, the reset-password views
 * and /confirm-email/:token (each remote lists its own paths).
 */
export const PUBLIC_REMOTES: readonly RemoteName[] = namesAt('/');
