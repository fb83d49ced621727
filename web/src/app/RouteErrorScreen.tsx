import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AlertIcon } from '../components/first-screen-icons.tsx';
import { StatusScreen } from '../components/StatusScreen.tsx';
import { PATHS } from '../lib/paths.ts';
import { reloadPage } from '../lib/reload.ts';

/**
 * How long an event screen whose data the server refused waits for the layout to learn why
 * (a removal or deletion arrives on the membership listener a moment after the refusal).
 */
export const ACCESS_CHANGE_GRACE_MS = 8000;

/**
 * The friendly screen for anything unexpected (docs/product.md, "Texts and messages"): a
 * sentence, Retry (a reload: it also recovers a screen chunk that failed to download) and the
 * way home. The error itself goes to the console, never onto the page.
 */
export function ErrorScreen() {
  return (
    <StatusScreen
      icon={<AlertIcon boxSize="10" color="fg.muted" />}
      title="Something went wrong"
      description="This page could not be shown. Please try again; if it keeps happening, go back to your events."
      actions={
        <>
          <Button colorPalette="brand" onClick={reloadPage}>
            Retry
          </Button>
          <Button variant="outline" asChild>
            <Link to={PATHS.home}>Back to Dashboard</Link>
          </Button>
        </>
      }
    />
  );
}

export function useLoggedError(error: unknown): void {
  useEffect(() => console.error('Screen failed', error), [error]);
}

/** What a route shows when it fails (RouteBoundary): never the error itself. */
export function RouteError({ error }: { error: unknown }) {
  useLoggedError(error);
  return <ErrorScreen />;
}

/** True once `ms` have passed since mount. */
export function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
