import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { EventRouteError, RouteError } from './RouteErrorScreen.tsx';

/** Which error screen a route shows: the event screens wait for an access change first. */
export type RouteErrorKind = 'app' | 'event';

/**
 * The error boundary of one route. The app renders its routes with the declarative router
 * (`useRoutes`), whose code is half the data router's (docs/performance.md, "JavaScript"), so
 * routes have no `errorElement`: every route's element is wrapped in this instead. As the data
 * router did, a navigation clears the error.
 */
export function RouteBoundary({ kind, children }: { kind: RouteErrorKind; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <Boundary kind={kind} locationKey={key}>
      {children}
    </Boundary>
  );
}

interface BoundaryProps {
  kind: RouteErrorKind;
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
    const { error } = this.state;
    return this.props.kind === 'event' ? (
      <EventRouteError error={error} />
    ) : (
      <RouteError error={error} />
    );
  }
}
