import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Shows 'Unexpected Application Error!' with the error's message instead of a blank island. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
        <h2 className="text-xl font-bold">Unexpected Application Error!</h2>
        <p className="mt-2 text-red-800">{error.message || String(error)}</p>
      </div>
    );
  }
}

/**
 * An island that shows the error panel above instead of going blank when its render throws:
 * `export const CartPage = withErrorBoundary(CartTable)`.
 */
export function withErrorBoundary<P extends object>(View: ComponentType<P>): ComponentType<P> {
  function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <View {...props} />
      </ErrorBoundary>
    );
  }
  Bounded.displayName = `withErrorBoundary(${View.displayName ?? View.name})`;
  return Bounded;
}
