import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { isRemoteName, type RemoteName } from '@psicocampus/shared/domain';
import { REMOTE_TIMEOUT_MS, type UnavailableRemote } from './remote-registry';

function remoteNameOf(id: string): RemoteName | null {
  const name = id.split('/')[0] ?? '';
  return isRemoteName(name) ? name : null;
}

/**
 * The Module Federation layer of "a remote that fails does not take the
 * product down": when a remote's manifest, entry or module cannot be loaded,
 * `loadRemote` resolves to a stand-in module (the object itself, not a
 * factory) that the shell renders as "Este módulo no está disponible en este
 * momento." with "Reintentar". Manifest requests get a time limit, so a
 * server that never answers counts as down.
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'psicocampus-remote-fallback',
    async errorLoadRemote({ id, error, lifecycle }) {
      const name = remoteNameOf(id);
      if (!name || lifecycle === 'beforeLoadShare') return undefined;
      console.error(`[remotes] ${id} failed during ${lifecycle}`, error);
      const standIn: UnavailableRemote = { unavailable: true, name, error };
      return { __esModule: true, default: standIn };
    },
    async fetch(url, init) {
      return fetch(url, { ...init, signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
    },
  };
}
