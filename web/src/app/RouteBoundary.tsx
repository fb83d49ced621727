import { Component, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteError } from './RouteErrorScreen.tsx';

/**
 * What a failed route shows: RouteError, or the event screens' EventRouteError (which waits for
 * an access change first; app/EventRouteError.tsx, loaded with the signed-in area).
 */
export type RouteErrorScreen = ComponentType<{ error: unknown }>;

/**
 * The error boundary of one route. The app renders its routes with the declarative router
 * (`useRoutes`), whose code is half the data router's (docs/performance.md, "JavaScript"), so
 * routes have no `errorElement`: every route's element is wrapped in this instead. As the data
 * router did, a navigation clears the error.
 */
export function RouteBoundary({
  errorScreen = RouteError,
  children,
}: {
  errorScreen?: RouteErrorScreen;
  children: ReactNode;
}) {
  const { key } = useLocation();
  return (
    <Boundary errorScreen={errorScreen} locationKey={key}>
      {children}
    </Boundary>
  );
}

interface BoundaryProps {
  errorScreen: RouteErrorScreen;
  locationKey: string;
  children: ReactNode;
}

/** `failed` rather than a null check: anything can be thrown, `null` included. */
type BoundaryState = { failed: false; at: string } | { failed: true; error: unknown; at: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): BoundaryState | null {
    return props.locationKey === state.at ? null : { failed: false, at: props.locationKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { errorScreen: ErrorScreen } = this.props;
    return <ErrorScreen error={this.state.error} />;
  }
}
