import { useCallback, useEffect, useState, type ComponentType } from 'react';
import type { RemoteName } from '@psicocampus/shared/domain';
import { loadRemoteComponent } from './remote-components';

export type RemoteComponentState<P> =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<P> }
  | { status: 'failed'; retry: () => void };

/**
 * A component another remote exposes, loaded at run time through the shell
 * (e.g. the assessment form inside the patients remote). A failed load can
 * be retried; the caller shows the Spanish fallback meanwhile.
 */
export function useRemoteComponent<P>(
  remote: RemoteName,
  expose: string,
  enabled = true,
): RemoteComponentState<P> {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{
    attempt: number;
    Component: ComponentType<P> | null;
  } | null>(null);
  const retry = useCallback(() => setAttempt((current) => current + 1), []);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadRemoteComponent<P>(remote, expose).then(
      (Component) => current && setLoaded({ attempt, Component }),
      () => current && setLoaded({ attempt, Component: null }),
    );
    return () => {
      current = false;
    };
  }, [attempt, enabled, expose, remote]);

  if (!loaded || loaded.attempt !== attempt) return { status: 'loading' };
  if (!loaded.Component) return { status: 'failed', retry };
  return { status: 'ready', Component: loaded.Component };
}
