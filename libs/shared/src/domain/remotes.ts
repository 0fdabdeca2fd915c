// Every remote of the page is described once, in remote-descriptors.json
// (README, "Adding a remote"); a remote named X lives in apps/X-mfe. The
// file is data, so the build tooling (.mjs), lint and the deploy image read
// it too. It is checked by remote-descriptors.check.ts in this library's
// tests rather than in the page, and carries no comment: every byte of it
// loads on /login.
import descriptors from './remote-descriptors.json';
import type { Role } from './roles';

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

/** A dashboard of docs/screens-and-routes.md#routes: the frame (header, menu) its remotes render in. */
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

/** Every remote of the page, as remote-descriptors.json describes it. */
export const REMOTE_DESCRIPTORS: RemoteDescriptors = descriptors as RemoteDescriptors;

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

/**
 * Where the shell mounts a remote (its descriptor's `mount`). Throws for a
 * name nobody described: a remote's own links and harness are built from it,
 * and a typo must not mount them somewhere else quietly.
 */
export function remoteMount(name: RemoteName): string {
  const remote = remoteDescriptor(name);
  if (!remote) throw new Error(`remote-descriptors.json describes no remote named "${name}"`);
  return remote.mount;
}

/**
 * The dashboard a role works in: the base of the first dashboard one of whose
 * remotes admits the role (docs/screens-and-routes.md#routes), or undefined
 * when none does.
 */
export function dashboardOf(role: Role): string | undefined {
  return REMOTE_DESCRIPTORS.dashboards.find((dashboard) =>
    REMOTE_DESCRIPTORS.remotes.some(
      (remote) => remote.mount === dashboard.base && remote.roles.includes(role),
    ),
  )?.base;
}
