import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the chart when it fails (its code did not load, or it threw). */
  fallback: ReactNode;
  onError?: () => void;
  children: ReactNode;
}

/**
 * Keeps a chart that fails from taking the screen down with it: the section
 * shows `fallback` (and its table) instead.
 */
export class ChartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // React reports the error itself; the section only needs to know.
  override componentDidCatch() {
    this.props.onError?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
