// The service worker (docs/decisions.md, "Venue Wi-Fi") installs a moment after the first screen:
// its install downloads every file of the app (the offline shell), which on a phone on mobile
// data would share the connection and the processor with that screen (docs/performance.md,
// "First screens"). Builds only: the dev server has none.

/** After the page's load event, this long and then an idle moment. */
export const SERVICE_WORKER_DELAY_MS = 3000;

export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .catch((err: unknown) => console.warn('The offline shell could not be installed', err));
  };
  const later = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5000 });
      else register();
    }, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
