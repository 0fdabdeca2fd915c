import { useSyncExternalStore } from 'react';
import { remoteRegistry } from './remote-registry';

/** A number that changes each time a remote is retried. */
export function useRemoteRevision(): number {
  return useSyncExternalStore(remoteRegistry.subscribe, remoteRegistry.getRevision);
}
