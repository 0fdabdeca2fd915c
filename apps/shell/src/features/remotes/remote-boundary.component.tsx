import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@psicocampus/shared/domain';
import { remoteRegistry } from './remote-registry';
import { RemoteUnavailable } from './remote-unavailable.component';

interface Props {
  remotes: readonly RemoteName[];
  /** Changes when a remote was retried elsewhere; clears a caught error. */
  revision: number;
  /** Whether the fallback fills the page's content (with its main heading); default true. */
  page?: boolean;
  children: ReactNode;
}

interface State {
  error: unknown;
  revision: number;
}

/**
 * The React layer of remote failure handling: a remote whose code throws
 * while rendering (or whose lazy chunk fails to load) is replaced by the
 * fallback, and the rest of the shell keeps working.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, revision: this.props.revision };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.revision !== state.revision ? { error: null, revision: props.revision } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[remotes] ${this.props.remotes.join(', ')} failed while rendering`, error, info);
  }

  private retry = async () => {
    await Promise.all(this.props.remotes.map((name) => remoteRegistry.retry(name)));
  };

  override render() {
    if (this.state.error) {
      return <RemoteUnavailable onRetry={this.retry} page={this.props.page ?? true} />;
    }
    return this.props.children;
  }
}
