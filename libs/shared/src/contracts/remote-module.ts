import type { RouteObject } from 'react-router-dom';
import type { Role } from '@psicocampus/shared/domain';

/** A menu entry a remote contributes to the dashboard it is mounted in. */
export interface NavEntry {
  /** Spanish label, as the menu shows it. */
  label: string;
  /** Path relative to the dashboard's base ('' is the dashboard's home). */
  path: string;
  /** Name of an icon the shell knows; unknown names get a neutral dot. */
  icon?: NavIconName;
  /** Lower numbers come first; entries without one keep the remote's order. */
  order?: number;
}

export type NavIconName =
  | 'home'
  | 'patients'
  | 'history'
  | 'reports'
  | 'statistics'
  | 'profile'
  | 'settings'
  | 'users'
  | 'audit'
  | 'mail'
  | 'agenda';

/**
 * What every remote's `./Module` exposes as its default export. The shell
 * treats all remotes alike through this type and needs nothing else to mount
 * one: it reads `routes` relative to the place it mounts the remote, shows
 * `nav` in that dashboard's menu for users whose role is in `roles`.
 */
export interface RemoteModule {
  /** Routes relative to where the shell mounts the remote. */
  routes: RouteObject[];
  /** Menu entries for the dashboard the remote is mounted in. */
  nav: NavEntry[];
  /** Who may enter; an empty list means anyone, signed in or not. */
  roles: readonly Role[];
  /** Runs once, the first time the shell loads the remote. */
  startup?: () => void | Promise<void>;
}

/** The module every remote exposes for the shell. */
export const REMOTE_ENTRY_EXPOSE = 'Module';
