import { isRole } from './roles';
import type { RemoteDescriptors } from './remotes';

const NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Checks the descriptor file's shape and that its parts agree (each name and
 * port once, every mount a known place), and throws saying what is wrong: a
 * mistake there would otherwise surface as a remote that silently never loads.
 */
export function checkRemoteDescriptors(raw: unknown): RemoteDescriptors {
  const fail = (reason: string): never => {
    throw new Error(`remote-descriptors.json: ${reason}`);
  };
  const data = raw as Partial<RemoteDescriptors> | null;
  if (!data || !Array.isArray(data.remotes) || !Array.isArray(data.dashboards)) {
    return fail('needs "remotes" and "dashboards" lists');
  }
  const shellPort = data.shell?.devPort;
  if (!Number.isInteger(shellPort)) fail('needs "shell": { "devPort": <port> }');
  const bases = new Set<string>();
  for (const dashboard of data.dashboards) {
    if (typeof dashboard?.base !== 'string' || !/^\/[a-z0-9/-]*[a-z0-9]$/.test(dashboard.base)) {
      fail(
        `a dashboard's base must be a path such as "/dashboard", got ${JSON.stringify(dashboard?.base)}`,
      );
    }
    if (typeof dashboard.title !== 'string' || dashboard.title === '') {
      fail(`the dashboard ${dashboard.base} needs a title`);
    }
    if (bases.has(dashboard.base)) fail(`the dashboard ${dashboard.base} is listed twice`);
    bases.add(dashboard.base);
  }
  const names = new Set<string>();
  const ports = new Set<number>([shellPort as number]);
  for (const remote of data.remotes) {
    const name = remote?.name;
    if (typeof name !== 'string' || !NAME.test(name)) {
      return fail(
        `a remote's name must be lower-case letters, digits and '-', got ${JSON.stringify(name)}`,
      );
    }
    if (names.has(name)) fail(`the remote "${name}" is listed twice`);
    names.add(name);
    if (remote.mount !== '/' && !bases.has(remote.mount)) {
      fail(
        `the remote "${name}" mounts at ${JSON.stringify(remote.mount)}, which is neither "/" nor a dashboard's base`,
      );
    }
    if (!Number.isInteger(remote.devPort) || ports.has(remote.devPort)) {
      fail(
        `the remote "${name}" needs a development port of its own, got ${JSON.stringify(remote.devPort)}`,
      );
    }
    ports.add(remote.devPort);
    if (!Array.isArray(remote.roles) || !remote.roles.every(isRole)) {
      fail(`the remote "${name}" lists roles that do not exist: ${JSON.stringify(remote.roles)}`);
    }
  }
  return data as RemoteDescriptors;
}
