// Toasts never cover primary actions (issue 19; docs/decisions.md, "Where toasts appear"): with
// a toast open, its box is measured against the controls a person may reach for next, at desktop
// and phone width.
import type { Locator, Page } from 'playwright-core';
import { ExpectationFailed, check, visible } from './expect.ts';
import { DESKTOP, PHONE } from './session.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Controls a toast must leave uncovered, named for the failure message. */
export interface Uncovered {
  what: string;
  controls: Locator;
}

const CONTROLS = 'a[href], button, label, input:not([type=hidden]), [role=switch], [role=button]';

/** The clickable things inside `container` (links, buttons, switches, fields). */
export function controlsIn(container: Locator): Locator {
  return container.locator(CONTROLS);
}

const describe = (b: Box) =>
  `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`;

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Checks that the open toast (`title`) covers none of `uncovered` at 1280 and 390 px; on phones
 * also that it covers nothing of the page above the bottom bar, when there is one. The toast is
 * focused so it stays open (a focused toast pauses), then released.
 */
export async function checkToastLane(
  page: Page,
  title: string,
  uncovered: Uncovered[],
): Promise<void> {
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('status')
    .filter({ hasText: title });
  await visible(toast, `the '${title}' toast`);
  await toast.focus();
  try {
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      const box = await toast.boundingBox();
      if (!box)
        throw new ExpectationFailed(`the '${title}' toast has no box at ${viewport.width} px`);
      const covered: string[] = [];
      for (const { what, controls } of uncovered) {
        for (const control of await controls.all()) {
          if (!(await control.isVisible())) continue;
          const b = await control.boundingBox();
          if (b && b.width > 1 && b.height > 1 && overlaps(box, b)) {
            const name = (await control.innerText().catch(() => '')).trim() || '(unnamed)';
            covered.push(`${what}: "${name.slice(0, 40)}"`);
          }
        }
      }
      check(
        covered.length === 0,
        `at ${viewport.width} px the '${title}' toast (${describe(box)}) covers ${covered.join('; ')}`,
      );
      const bar = page.getByRole('navigation', { name: 'Event sections' });
      const barBox = viewport === PHONE && (await bar.isVisible()) ? await bar.boundingBox() : null;
      check(
        !barBox || box.y >= barBox.y - 1,
        `at ${viewport.width} px the '${title}' toast (${describe(box)}) reaches above the bottom bar (top ${Math.round(barBox?.y ?? 0)})`,
      );
    }
  } finally {
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
  }
}
