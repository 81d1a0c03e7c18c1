import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkError } from '../lib/load-chunk';
import './chunk-boundary.css';

type Props = {
  children: ReactNode;
  /** Shown instead of the default note when something inside fails. */
  fallback?: ReactNode;
  /** A change (the route, say) clears the failure and tries the children again. */
  resetKey?: unknown;
};
type State = { failed: false } | { failed: true; chunk: boolean };

/** Keeps a part that fails to load or render from taking the whole app down with it. */
export class ChunkBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, chunk: isChunkError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkError(error)) console.error(error, info.componentStack);
  }

  override componentDidUpdate(prevProps: Props, prevState: State) {
    // Only a failure from before this update: the render that failed may be the one that brought the new key.
    if (prevState.failed && this.state.failed && prevProps.resetKey !== this.props.resetKey)
      this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div className="chunk-boundary" role="alert">
        <p>
          {this.state.chunk
            ? 'This part of Parley could not load. You may be offline, or Parley was updated.'
            : 'Something went wrong here.'}
        </p>
        <button type="button" className="button button-small" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
