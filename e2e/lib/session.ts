import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { currentColorMode, scanPage, setColorMode } from './a11y.ts';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '..', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * `E2E_SCREENSHOTS=failures` saves only a failed step's screen. A full-page capture at two widths
 * is about a seventh of a journey's time on a 2-core machine, which CI spends on files nobody
 * opens; the accessibility scans run either way.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? 'all';
if (SCREENSHOTS !== 'all' && SCREENSHOTS !== 'failures')
  throw new Error(`E2E_SCREENSHOTS is "${SCREENSHOTS}": use "all" (the default) or "failures"`);
const SAVE_SCREENS = SCREENSHOTS === 'all';

export interface PersonOptions {
  /** The device's IANA zone (default: the machine's), as a phone set to home time would be. */
  timezoneId?: string;
  /** An account seeded beforehand (the scale journey's) instead of one unique to this run. */
  email?: string;
  /** A phone (390 px, touch) instead of a laptop: a guest opening links from their inbox. */
  phone?: boolean;
}

export interface ScreenTiming {
  journey: string;
  user: string;
  screen: string;
  ms: number;
}

export const timings: ScreenTiming[] = [];

/** Screens that overflow the phone width (printed with the timings; they do not fail a journey). */
export const layoutWarnings: string[] = [];

/** One person using the app in their own browser context (own cookies, storage, auth). */
export class Person {
  readonly page: Page;
  private constructor(
    readonly name: string,
    readonly email: string,
    readonly context: BrowserContext,
    page: Page,
    readonly journey: string,
    readonly baseUrl: string,
  ) {
    this.page = page;
  }

  static async open(
    browser: Browser,
    baseUrl: string,
    journey: string,
    name: string,
    email: string,
    options: PersonOptions = {},
  ) {
    const context = await browser.newContext({
      viewport: options.phone ? PHONE : DESKTOP,
      ...(options.phone ? { isMobile: true, hasTouch: true } : {}),
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.dismiss());
    page.on('pageerror', (e) => console.error(`  [${journey} ${name}] page error: ${e.message}`));
    if (process.env.E2E_VERBOSE) {
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning')
          console.error(`  [${journey} ${name}] console ${m.type()}: ${m.text()}`);
      });
    }
    return new Person(name, email, context, page, journey, baseUrl);
  }

  /**
   * Navigates and records the time until `ready` is visible: the screen's own sign that it is
   * usable (its heading or main control), i.e. time to interactive as a user sees it.
   */
  async visit(route: string, screen: string, ready: (p: Page) => Locator): Promise<void> {
    const t0 = Date.now();
    await this.page.goto(this.baseUrl + route);
    await ready(this.page).first().waitFor({ state: 'visible' });
    timings.push({ journey: this.journey, user: this.name, screen, ms: Date.now() - t0 });
  }

  /** Times a screen reached by clicking rather than by URL. */
  async timed(screen: string, action: () => Promise<void>, ready: (p: Page) => Locator) {
    const t0 = Date.now();
    await action();
    await ready(this.page).first().waitFor({ state: 'visible' });
    timings.push({ journey: this.journey, user: this.name, screen, ms: Date.now() - t0 });
  }

  /** Signs in through the Auth emulator's Google popup, adding the account if it is new. */
  async signIn(trigger: Locator = this.page.getByRole('button', { name: 'Sign In' }).first()) {
    const [popup] = await Promise.all([this.context.waitForEvent('page'), trigger.click()]);
    // Listen before submitting: the popup often closes before a later waitForEvent would attach.
    const closed = new Promise<void>((resolve) => {
      if (popup.isClosed()) resolve();
      popup.once('close', () => resolve());
    });
    await popup.waitForLoadState('domcontentloaded');
    const existing = popup.locator('.js-reuse-account', { hasText: this.email });
    if (await existing.count()) {
      await existing.first().click();
    } else {
      await popup.locator('#add-account-button').click();
      await popup.locator('#email-input').fill(this.email);
      await popup.locator('#display-name-input').fill(this.name);
      await popup.locator('#sign-in').click();
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), 15_000);
    });
    const outcome = await Promise.race([closed, timeout]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      // Say what the popup shows: that is where the flow got stuck.
      const text = await popup
        .locator('body')
        .innerText({ timeout: 2000 })
        .catch(() => '(unreadable)');
      mkdirSync(path.join(SCREENSHOT_DIR, this.journey), { recursive: true });
      await popup
        .screenshot({ path: path.join(SCREENSHOT_DIR, this.journey, 'FAILED-popup.png') })
        .catch(() => undefined);
      throw new Error(
        `the sign-in popup did not close within 15 s; it shows ${popup.url()}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`,
      );
    }
  }

  /**
   * Screenshots the current screen at desktop and phone widths (unless E2E_SCREENSHOTS=failures),
   * and scans it for accessibility at both widths in light and dark mode (lib/a11y.ts).
   */
  async shoot(name: string) {
    const dir = path.join(SCREENSHOT_DIR, this.journey);
    if (SAVE_SCREENS) mkdirSync(dir, { recursive: true });
    const save = async (width: string) => {
      if (SAVE_SCREENS)
        await this.page.screenshot({
          path: path.join(dir, `${name}-${width}.png`),
          fullPage: true,
        });
    };
    const mode = await currentColorMode(this.page);
    const other = mode === 'light' ? 'dark' : 'light';
    const where = (m: string, w: number) => `${this.journey}/${name} (${m}, ${w} px)`;
    // From the top, so sticky headers and fixed bars sit where a person sees them.
    await this.page.evaluate(() => window.scrollTo(0, 0));
    await this.page.setViewportSize(DESKTOP);
    await this.page.waitForTimeout(150);
    await save('1280');
    await scanPage(this.page, where(mode, DESKTOP.width));
    await this.page.setViewportSize(PHONE);
    await this.page.waitForTimeout(150);
    await save('390');
    await scanPage(this.page, where(mode, PHONE.width));
    // A page wider than the phone scrolls sideways: worth a look even when the journey passes.
    const width = await this.page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE.width + 1)
      layoutWarnings.push(`${this.journey}/${name}: ${width} px wide at ${PHONE.width} px`);
    // The other colour mode is the app's own; a page of another origin (an e-mail in the local
    // inbox) has only the one.
    if (this.page.url().startsWith(this.baseUrl)) {
      await setColorMode(this.page, other);
      await this.page.waitForTimeout(150);
      await scanPage(this.page, where(other, PHONE.width));
      await this.page.setViewportSize(DESKTOP);
      await this.page.waitForTimeout(150);
      await scanPage(this.page, where(other, DESKTOP.width));
      await setColorMode(this.page, mode);
    }
    await this.page.setViewportSize(DESKTOP);
  }

  /** The current screen as it was when a step failed (desktop width only). */
  async shootFailure() {
    const dir = path.join(SCREENSHOT_DIR, this.journey);
    mkdirSync(dir, { recursive: true });
    const who = this.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    await this.page.screenshot({ path: path.join(dir, `FAILED-${who}.png`), fullPage: true });
  }

  async close() {
    await this.context.close();
  }
}

export function printTimings() {
  if (!timings.length) {
    console.log('\nNo screen timings recorded.');
    return;
  }
  // Journeys play side by side: each one's screens together, in the order they were visited.
  const journeys = [...new Set(timings.map((t) => t.journey))];
  const rows = journeys.flatMap((j) =>
    timings.filter((t) => t.journey === j).map((t) => [t.journey, t.user, t.screen, `${t.ms} ms`]),
  );
  const head = ['journey', 'user', 'screen', 'time to interactive'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log('\n' + line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
  printJourneySummary();
  if (layoutWarnings.length) {
    console.log(
      `\nLayout: ${layoutWarnings.length} screen(s) scroll sideways at ${PHONE.width} px`,
    );
    for (const w of layoutWarnings) console.log(`  ${w}`);
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
  if (sorted.length) {
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    console.log(`\n${sorted.length} screens: median ${pct(0.5)} ms, p95 ${pct(0.95)} ms`);
  }
}

/** One line per journey: how many screens, their median and slowest time to interactive. */
function printJourneySummary() {
  const journeys = [...new Set(timings.map((t) => t.journey))];
  if (!journeys.length) return;
  const rows = journeys.map((j) => {
    const own = timings.filter((t) => t.journey === j).sort((a, b) => a.ms - b.ms);
    const slowest = own[own.length - 1]!;
    return [
      j,
      String(own.length),
      `${own[Math.floor(own.length / 2)]!.ms} ms`,
      `${slowest.ms} ms (${slowest.screen})`,
    ];
  });
  const head = ['journey', 'screens', 'median', 'slowest'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log('\n' + line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
}
