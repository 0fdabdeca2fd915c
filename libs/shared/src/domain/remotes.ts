import descriptors from './remote-descriptors.json';
import { isRole, type Role } from './roles';

/**
 * A remote's name, as remote-descriptors.json and remotes.json list it. A
 * plain string: the list is data, read at build time by the tooling too, so
 * the shell checks a name at run time (`isRemoteName`) instead of by type.
 */
export type RemoteName = string;

/** One remote of the page (remote-descriptors.json; README, "Adding a remote"). */
export interface RemoteDescriptor {
  name: RemoteName;
  /** '/' for the pages outside the dashboards, otherwise a dashboard's `base`. */
  mount: string;
  /** Port of its development server (`npm run dev`). */
  devPort: number;
  /** Who may enter its routes; empty means anyone, signed in or not. */
  roles: readonly Role[];
}

/** A dashboard of SEED §2: the frame (header, menu) its remotes render in. */
export interface DashboardDescriptor {
  base: string;
  /** Spanish, shown in the dashboard's header. */
  title: string;
}

export interface RemoteDescriptors {
  shell: { devPort: number };
  dashboards: readonly DashboardDescriptor[];
  remotes: readonly RemoteDescriptor[];
}

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

/** Every remote of the page, as remote-descriptors.json describes it. */
export const REMOTE_DESCRIPTORS: RemoteDescriptors = checkRemoteDescriptors(descriptors);

/** The names under which remotes are listed in `remotes.json`. */
export const REMOTE_NAMES: readonly RemoteName[] = REMOTE_DESCRIPTORS.remotes.map(
  (remote) => remote.name,
);

export function isRemoteName(value: string): boolean {
  return REMOTE_NAMES.includes(value);
}

/** The descriptor of a remote, or undefined for a name nobody described. */
export function remoteDescriptor(name: string): RemoteDescriptor | undefined {
  return REMOTE_DESCRIPTORS.remotes.find((remote) => remote.name === name);
}

/** `remotes.json`: a remote's name → the address of its `mf-manifest.json`. */
export type RemotesConfig = Partial<Record<RemoteName, string>>;
