import { Suspense, type ReactNode } from 'react';
import { MSG, type RemoteName } from '@psicocampus/shared/domain';
import { LoadingMessage } from '@psicocampus/shared/ui';
import { RemoteBoundary } from './remote-boundary.component';
import { RemoteRoutes } from './remote-routes.component';
import { useRemoteRevision } from './use-remote-revision';

interface Props {
  remotes: readonly RemoteName[];
  notFound: ReactNode;
}

/**
 * One place of the page filled by remotes: an error boundary and Suspense
 * around their routes, so a slow or broken remote affects only this area.
 */
export function RemoteArea({ remotes, notFound }: Props) {
  const revision = useRemoteRevision();
  return (
    <RemoteBoundary remotes={remotes} revision={revision}>
      <Suspense fallback={<LoadingMessage text={MSG.shell.moduleLoading} />}>
        <RemoteRoutes key={revision} remotes={remotes} notFound={notFound} />
      </Suspense>
    </RemoteBoundary>
  );
}
