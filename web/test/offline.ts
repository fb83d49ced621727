import { act } from '@testing-library/react';

/** Makes jsdom report no network (navigator.onLine false, an 'offline' event); returns the undo. */
export function goOffline(): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  return () => {
    // The own property shadows the prototype's getter; removing it restores the real one.
    delete (navigator as { onLine?: boolean }).onLine;
    if (descriptor) act(() => void window.dispatchEvent(new Event('online')));
  };
}
