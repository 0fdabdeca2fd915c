import type { NavEntry, NavIconName } from './remote-module';
import { remoteDescriptor, type RemoteName } from '@psicocampus/shared/domain';
import menus from './remote-menus.json';

/*
 * The menu entries each remote contributes to its dashboard, declared once
 * (remote-menus.json; docs/architecture.md#the-menu): the remote's module
 * takes its `nav` from here, and the shell lists them without loading the
 * remote's code, so they stay in the menu while the remote is down and lead
 * to the fallback. Read only after sign-in (the package's main entry); /login
 * carries none of it.
 */
/** The entries remote-menus.json declares for a remote, or undefined for one it does not list. */
export function declaredMenu(name: RemoteName): NavEntry[] | undefined {
  return (menus as Partial<Record<string, NavEntry[]>>)[name];
}

const ICONS: readonly NavIconName[] = [
  'home',
  'patients',
  'history',
  'reports',
  'statistics',
  'profile',
  'settings',
  'users',
  'audit',
  'mail',
  'agenda',
];

/**
 * Checks remote-menus.json (in the shared library's tests, not in the page) and
 * throws saying what is wrong: each key a remote of remote-descriptors.json
 * mounted in a dashboard, each entry with a label, a path of its own relative
 * to the dashboard, a known icon and a numeric order if any.
 */
export function checkRemoteMenus(raw: unknown): void {
  const fail = (reason: string): never => {
    throw new Error(`remote-menus.json: ${reason}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    fail('must map a remote name to its list of menu entries');
  }
  for (const [name, entries] of Object.entries(raw as Record<string, unknown>)) {
    const mount = remoteDescriptor(name)?.mount;
    if (!mount) fail(`"${name}" is no remote of remote-descriptors.json`);
    if (mount === '/') fail(`"${name}" mounts at "/", which has no menu`);
    if (!Array.isArray(entries)) fail(`"${name}" needs a list of menu entries`);
    const paths = new Set<string>();
    for (const entry of entries as Array<Partial<NavEntry> | null>) {
      const path = entry?.path;
      if (typeof entry?.label !== 'string' || entry.label.trim() === '') {
        fail(`a menu entry of "${name}" needs a label, got ${JSON.stringify(entry)}`);
      }
      if (typeof path !== 'string' || path.startsWith('/') || paths.has(path)) {
        fail(
          `a menu entry of "${name}" needs a path of its own relative to its dashboard (no leading "/"), got ${JSON.stringify(path)}`,
        );
      }
      paths.add(path as string);
      if (entry?.icon !== undefined && !ICONS.includes(entry.icon)) {
        fail(`the menu entry "${path}" of "${name}" names an icon the shell does not draw`);
      }
      if (entry?.order !== undefined && !Number.isFinite(entry.order)) {
        fail(`the menu entry "${path}" of "${name}" has an order that is not a number`);
      }
    }
  }
}
