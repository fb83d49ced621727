import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { install as installTemporal } from 'temporal-polyfill/shim';
import { afterEach, vi } from 'vitest';

// The app reads the global Temporal (src/lib/native-temporal.ts); where the runtime has none, as
// Node 20 here, it is the polyfill, installed as src/main.tsx installs it in such a browser.
installTemporal();

// Lazy routes and Chakra's first render can take seconds on a loaded CI machine; findBy*/waitFor
// default to 1 s, which made screens that do render fail as "not found".
configure({ asyncUtilTimeout: 10_000 });

// Tests that build the app (first-screens.test.ts) run in Node, without the DOM below.
const dom = typeof window !== 'undefined';

afterEach(() => {
  if (dom) {
    cleanup();
    localStorage.clear();
  }
  vi.restoreAllMocks();
});

if (dom) installBrowserStandIns();

/** jsdom lacks these browser APIs that Chakra's components (zag.js) and the colour mode read. */
function installBrowserStandIns() {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }

  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  window.scrollTo = () => undefined;
  Element.prototype.scrollTo ??= () => undefined;

  // jsdom has no PointerEvent: without it pointer events carry no coordinates (swipe-to-dismiss).
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
      }
    }
    window.PointerEvent = PointerEventStub as unknown as typeof PointerEvent;
  }
}
