import type { Locator, Page } from 'playwright-core';

/** How long a live update (another person's change arriving) may take before it counts as broken. */
export const LIVE_TIMEOUT_MS = 15_000;

export class ExpectationFailed extends Error {
  override name = 'ExpectationFailed';
}

/** Polls `check` until it returns true; fails with `what` and the last observed value. */
export async function until(
  what: string,
  check: () => Promise<boolean | string>,
  timeoutMs = LIVE_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: boolean | string = false;
  for (;;) {
    try {
      last = await check();
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (last === true) return;
    if (Date.now() > deadline) {
      throw new ExpectationFailed(
        `expected ${what} within ${timeoutMs} ms${typeof last === 'string' ? ` (last: ${last})` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function visible(
  locator: Locator,
  what: string,
  timeoutMs = LIVE_TIMEOUT_MS,
): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    throw new ExpectationFailed(`expected ${what} to be visible within ${timeoutMs} ms`);
  }
}

/**
 * Resolves once `text` has appeared in the page, however briefly: a MutationObserver installed
 * now sees every change as it is made, where polling can miss a message shown for 2 s while the
 * page is busy loading the next screen. Start it before the action that shows the text.
 */
export async function appears(
  page: Page,
  text: string,
  what: string,
  timeoutMs = LIVE_TIMEOUT_MS,
): Promise<void> {
  const seen = await page.evaluate(
    ([wanted, ms]) =>
      // No named functions inside: the page has no bundler helpers for them (tsx adds __name).
      new Promise<boolean>((resolve) => {
        if (document.body.textContent?.includes(wanted)) return resolve(true);
        const observer = new MutationObserver(() => {
          if (!document.body.textContent?.includes(wanted)) return;
          observer.disconnect();
          resolve(true);
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(false);
        }, ms);
      }),
    [text, timeoutMs] as const,
  );
  if (!seen) throw new ExpectationFailed(`expected ${what} to appear within ${timeoutMs} ms`);
}

export async function gone(
  locator: Locator,
  what: string,
  timeoutMs = LIVE_TIMEOUT_MS,
): Promise<void> {
  await until(
    `${what} to disappear`,
    async () => {
      const n = await locator.count();
      if (n === 0) return true;
      for (let i = 0; i < n; i++) if (await locator.nth(i).isVisible()) return `${n} still shown`;
      return true;
    },
    timeoutMs,
  );
}

/** Waits until the locator's text (whitespace collapsed) matches. */
export async function hasText(
  locator: Locator,
  expected: string | RegExp,
  what: string,
  timeoutMs = LIVE_TIMEOUT_MS,
) {
  await until(
    `${what} to read ${String(expected)}`,
    async () => {
      const text = (await locator.first().innerText({ timeout: 1000 })).replace(/\s+/g, ' ').trim();
      const ok = typeof expected === 'string' ? text === expected : expected.test(text);
      return ok || `"${text}"`;
    },
    timeoutMs,
  );
}

export async function urlMatches(
  page: Page,
  pattern: RegExp,
  what: string,
  timeoutMs = LIVE_TIMEOUT_MS,
) {
  await until(
    `${what} (URL ${String(pattern)})`,
    async () => pattern.test(page.url()) || page.url(),
    timeoutMs,
  );
}

export function check(condition: boolean, message: string): void {
  if (!condition) throw new ExpectationFailed(message);
}
