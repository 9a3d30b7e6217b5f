import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** The fallback screen when a route fails: "Unexpected Application Error!" with the message and stack. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorScreen error={error} />;
  }
}

export function ErrorScreen({ error }: { error: Error }) {
  return (
    <main id="main" className="page page--narrow error-screen">
      <h1>Unexpected Application Error!</h1>
      <p className="error-screen__message">{error.message}</p>
      {error.stack ? <pre className="error-screen__stack">{error.stack}</pre> : null}
      <p>
        <a href="/">Return to Home</a>
      </p>
    </main>
  );
}
