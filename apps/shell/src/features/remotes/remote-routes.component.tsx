import { use, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { selectSessionUser, useAppSelector, type RemoteModule } from '@psicocampus/shared/core';
import { remoteDescriptor, type RemoteName, type Role } from '@psicocampus/shared/domain';
import { admits, homeOf } from '../../lib/route-guard';
import { isUnavailable, remoteRegistry } from './remote-registry';
import { RemoteUnavailable } from './remote-unavailable.component';

interface Props {
  remotes: readonly RemoteName[];
  /** Shown for a path no remote claims, when every remote loaded. */
  notFound: ReactNode;
}

/**
 * Whether a loaded remote lets a user with `role` in: both its descriptor's
 * roles (remote-descriptors.json) and the roles its module declares must.
 */
export function remoteAdmits(
  name: RemoteName,
  remote: Pick<RemoteModule, 'roles'>,
  role: Role | undefined,
): boolean {
  return admits(remoteDescriptor(name)?.roles ?? [], role) && admits(remote.roles, role);
}

/** The same routes, each sending the user to their own home instead. */
function refused(routes: RouteObject[], to: string): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        ...route,
        element: <Navigate to={to} replace />,
        Component: undefined,
        lazy: undefined,
        children: route.children ? refused(route.children, to) : undefined,
      }) as RouteObject,
  );
}

/**
 * Renders the routes of one or more remotes mounted at the same place. The
 * routes of a remote that does not admit the user's role redirect the way
 * the guard does (docs/screens-and-routes.md#navigation-guard). A remote that could not be loaded contributes a
 * catch-all route showing the fallback: its own paths are unknown, so any
 * unclaimed path may be one (its menu entries, declared in its descriptor,
 * lead there). "Reintentar" loads every remote of the area that failed.
 */
export function RemoteRoutes({ remotes, notFound }: Props) {
  const role = useAppSelector(selectSessionUser)?.role;
  const loaded = remotes.map((name) => ({ name, remote: use(remoteRegistry.load(name)) }));
  const routes: RouteObject[] = loaded.flatMap(({ name, remote }) => {
    if (isUnavailable(remote)) return [];
    return remoteAdmits(name, remote, role) ? remote.routes : refused(remote.routes, homeOf(role));
  });
  const failed = loaded.map(({ remote }) => remote).filter(isUnavailable);
  const retry = async () => {
    await Promise.all(failed.map((remote) => remoteRegistry.retry(remote.name)));
  };
  routes.push({
    path: '*',
    element: failed.length > 0 ? <RemoteUnavailable onRetry={retry} /> : notFound,
  });
  return useRoutes(routes);
}
