// Liveness at size (issue 16): a guest votes, answers an RSVP and joins a carpool on one screen;
// how long until the organiser's open screen shows it. Both pages run in the same browser on the
// same machine, so their clocks are one clock: the click is time-stamped in the guest's page (a
// capturing pointerdown listener) and the change in the organiser's page (a MutationObserver on
// the element that shows it), both with Date.now().
import type { Locator, Page } from 'playwright-core';

export interface LiveFigure {
  action: string;
  /** Click until the guest's own screen shows the change. */
  ownMs: number | null;
  /** Click until the organiser's screen shows it. */
  otherMs: number | null;
  note?: string;
}

const WAIT_MS = 30_000;

/** Starts watching `target`'s text in its page; the promise resolves with the time it changed. */
async function watchText(target: Locator, key: string): Promise<() => Promise<number | null>> {
  await target.evaluate(
    (el, { key, wait }) => {
      const start = el.textContent;
      const w = window as unknown as Record<string, Promise<number | null>>;
      w[key] = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (el.textContent === start) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(el, { subtree: true, childList: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(null);
        }, wait);
      });
    },
    { key, wait: WAIT_MS },
  );
  const page = target.page();
  return () =>
    page.evaluate(
      (key) => (window as unknown as Record<string, Promise<number | null>>)[key]!,
      key,
    );
}

/** Time-stamps the next press anywhere in `page` (before the app's own handlers run). */
async function stampNextPress(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __benchPressAt?: number };
    delete w.__benchPressAt;
    document.addEventListener('pointerdown', () => (w.__benchPressAt = Date.now()), {
      capture: true,
      once: true,
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __benchPressAt?: number }).__benchPressAt ?? NaN);
}

async function measure(
  action: string,
  guest: Page,
  own: Locator,
  other: Locator,
  press: () => Promise<void>,
): Promise<LiveFigure> {
  const ownSeen = await watchText(own, '__benchOwn');
  const otherSeen = await watchText(other, '__benchOther');
  const pressedAt = await stampNextPress(guest);
  await press();
  const [t0, t1, t2] = await Promise.all([pressedAt(), ownSeen(), otherSeen()]);
  return {
    action,
    ownMs: t1 === null ? null : t1 - t0,
    otherMs: t2 === null ? null : t2 - t0,
  };
}

const firstPreviewPhoto = (page: Page) => page.getByTestId('photo-card').first();
const scheduleItem = (page: Page, title: string) =>
  page.getByTestId('schedule-item').filter({ hasText: title }).first();

/** Both pages show the event's dashboard. A vote on the first photo of the gallery preview. */
export function vote(guest: Page, organiser: Page): Promise<LiveFigure> {
  const card = firstPreviewPhoto(guest);
  return measure(
    'vote (dashboard → dashboard)',
    guest,
    card.getByTestId('vote-count'),
    firstPreviewPhoto(organiser).getByTestId('vote-count'),
    () => card.getByRole('button', { name: /^(Vote for this photo|Remove vote)$/ }).click(),
  );
}

/** Both pages show the event's dashboard. The guest changes their answer to `title`. */
export async function rsvp(guest: Page, organiser: Page, title: string): Promise<LiveFigure> {
  const row = scheduleItem(guest, title);
  const chip = row.getByRole('button', { name: /^Your RSVP:/ });
  const current = (await chip.getAttribute('aria-label'))?.replace('Your RSVP: ', '');
  const answer = current === 'Going' ? 'Not Going' : 'Going';
  await chip.click();
  const item = guest.getByRole('menuitem', { name: answer, exact: true });
  await item.waitFor();
  return measure(
    `RSVP ${answer} (dashboard → dashboard)`,
    guest,
    row.getByTestId('rsvp-counts'),
    scheduleItem(organiser, title).getByTestId('rsvp-counts'),
    () => item.click(),
  );
}

/** Both pages show the travel screen's Carpools tab. The guest joins the first carpool offering Join. */
export async function joinCarpool(guest: Page, organiser: Page): Promise<LiveFigure> {
  const action = 'carpool join (travel → travel)';
  const cards = guest.getByTestId('carpool-card');
  await cards.first().waitFor();
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const join = card.getByRole('button', { name: 'Join' });
    if (!(await join.count())) continue;
    const title = (await card.locator('p').first().textContent()) ?? '';
    const mirror = organiser.getByTestId('carpool-card').nth(i);
    if (((await mirror.locator('p').first().textContent()) ?? '') !== title)
      return { action, ownMs: null, otherMs: null, note: 'the two screens list carpools apart' };
    return measure(action, guest, card.getByText(/seats$/), mirror.getByText(/seats$/), () =>
      join.click(),
    );
  }
  return { action, ownMs: null, otherMs: null, note: 'no carpool with a free seat on screen' };
}
