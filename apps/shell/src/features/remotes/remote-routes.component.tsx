import { use, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import type { RemoteName, Role } from '@psicocampus/shared/domain';
import { isUnavailable, remoteRegistry } from './remote-registry';
import { RemoteUnavailable } from './remote-unavailable.component';

interface Props {
  remotes: readonly RemoteName[];
  /** Shown for a path no remote claims, when every remote loaded. */
  notFound: ReactNode;
}

/**
 * Renders the routes of one or more remotes mounted at the same place. A
 * remote that could not be loaded contributes a catch-all route showing the
 * fallback: its own paths are unknown, so any unclaimed path may be one.
 */
export function RemoteRoutes({ remotes, notFound }: Props) {
  const loaded = remotes.map((name) => use(remoteRegistry.load(name)));
  const routes: RouteObject[] = loaded.flatMap((remote) =>
    isUnavailable(remote) ? [] : remote.routes,
  );
  const failed = loaded.filter(isUnavailable);
  const firstFailed = failed[0];
  routes.push({
    path: '*',
    element: firstFailed ? (
      <RemoteUnavailable onRetry={() => remoteRegistry.retry(firstFailed.name)} />
    ) : (
      notFound
    ),
  });
  return useRoutes(routes);
}

/** Whether the loaded remote lets a user with `role` in. */
export function remoteAdmits(roles: readonly Role[], role: Role | undefined): boolean {
  return roles.length === 0 || (role !== undefined && roles.includes(role));
}
