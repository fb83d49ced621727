import { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { RouteBoundary, type RouteErrorKind } from './RouteBoundary.tsx';

/** A lazily loaded screen, the page skeleton showing while its chunk loads. */
export function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Component />
    </Suspense>
  );
}

/** A route's element inside its error boundary (every route has one). */
export function guarded(element: ReactNode, kind: RouteErrorKind = 'app') {
  return <RouteBoundary kind={kind}>{element}</RouteBoundary>;
}
