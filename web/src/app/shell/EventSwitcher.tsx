import { Button, Text, VisuallyHidden } from '@chakra-ui/react';
import { DeferredMenu, deferredView } from '../../components/DeferredMenu.tsx';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { useSelectedEvent } from '../../lib/event-scope.tsx';

const view = deferredView(() => import('./EventSwitcherView.tsx').then((m) => m.default));

/** Desktop chip to jump between the user's events; roles read Creator / Admin / Member. */
export function EventSwitcher() {
  const name = useSelectedEvent()?.event?.name;
  return (
    <DeferredMenu
      view={view}
      props={{}}
      trigger={
        <Button variant="outline" size="sm" borderRadius="full" maxW="64">
          {/* Named by its visible text, with the action before it (WCAG 2.5.3). */}
          <VisuallyHidden>Switch event: </VisuallyHidden>
          <Text truncate>{name ?? 'Select event'}</Text>
          <ChevronDownIcon />
        </Button>
      }
    />
  );
}
