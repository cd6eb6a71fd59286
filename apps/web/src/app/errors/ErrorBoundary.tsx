import { Component, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** What to show instead of the children once one of them threw while rendering or loading its code. */
  fallback: (error: unknown) => ReactNode;
  /** A new value (the path) renders the children again, so leaving a failed screen leaves its error too. */
  resetKey?: string;
};
type State = { error: unknown; failed: boolean; resetKey?: string };

/**
 * Catches render errors (and failed lazy chunks) below it: the router's error elements, which only its data mode has
 * (docs/domains/menu-and-shell.md#access-and-error-pages).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
