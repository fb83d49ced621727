// A menu whose Chakra/zag code (~35 KB gzip with its positioning and dismissal machinery) loads
// on the first sign of use rather than with the screen (docs/performance.md, "JavaScript"). After
// the first visit the service worker holds the chunk, so the press itself never waits on the
// network.
import {
  cloneElement,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactElement,
} from 'react';
import { showToast } from '../lib/toast-store.ts';

/** What a deferred menu's view takes besides its own props. */
export interface MenuViewProps {
  /** The trigger button, to wrap in `Menu.Trigger asChild`. */
  trigger: ReactElement;
  /** Always true: the view mounts when its trigger is pressed. */
  defaultOpen: boolean;
}

/** A view module loaded once and shared by every menu that shows it. */
export interface DeferredView<P> {
  load(): Promise<ComponentType<P & MenuViewProps>>;
}

export function deferredView<P>(
  load: () => Promise<ComponentType<P & MenuViewProps>>,
): DeferredView<P> {
  let pending: Promise<ComponentType<P & MenuViewProps>> | null = null;
  return {
    load: () =>
      (pending ??= load().catch((err: unknown) => {
        pending = null; // a failed download is retried on the next intent
        throw err;
      })),
  };
}

interface TriggerProps {
  onPointerEnter?(): void;
  onFocus?(): void;
  onClick?(): void;
  onKeyDown?(e: KeyboardEvent): void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}

/**
 * Renders `trigger` as a plain menu button whose code starts loading when the pointer or focus
 * reaches it; clicked, the real menu takes its place, opened.
 */
export function DeferredMenu<P>({
  view,
  trigger,
  props,
}: {
  view: DeferredView<P>;
  trigger: ReactElement<TriggerProps>;
  props: P;
}) {
  const [View, setView] = useState<ComponentType<P & MenuViewProps> | null>(null);

  const load = () => view.load().catch((err: unknown) => console.error('Menu failed to load', err));
  // Chakra's menu, mounted open, takes the focus into its items and gives it back to its trigger
  // when it closes.
  const press = () => {
    void load().then((loaded) => {
      if (loaded) setView(() => loaded);
      else
        showToast({
          title: 'Menu unavailable',
          description: 'This menu could not be loaded. Check your connection and try again.',
          status: 'error',
        });
    });
  };

  return (
    <>
      {View ? (
        <View {...props} trigger={trigger} defaultOpen />
      ) : (
        cloneElement(trigger, {
          'aria-haspopup': 'menu',
          'aria-expanded': false,
          onPointerEnter: () => void load(),
          onFocus: () => void load(),
          // On the click, not the pointerdown: swapped any earlier, the real trigger would
          // receive the tap's click and toggle the menu shut again. Enter and Space click too.
          onClick: press,
          onKeyDown: (e: KeyboardEvent) => {
            if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
            e.preventDefault();
            press();
          },
        })
      )}
    </>
  );
}
