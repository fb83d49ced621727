import { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { RouteBoundary, type RouteErrorScreen } from './RouteBoundary.tsx';

/** A lazily loaded screen, `fallback` showing while its chunk loads. */
export function page(Component: LazyExoticComponent<ComponentType>, fallback: ReactNode) {
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
}

/** A route's element inside its error boundary (every route has one). */
export function guarded(element: ReactNode, errorScreen?: RouteErrorScreen) {
  return <RouteBoundary errorScreen={errorScreen}>{element}</RouteBoundary>;
}
