// The first screens a new guest sees (docs/performance.md, "First screens"): opened cold and
// signed out on a phone (390 px, touch) under Chromium's mobile throttling, each timed until its
// main action button is visible and enabled, with the JavaScript it downloaded on the way.
import { createHash } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Browser, Locator, Page } from 'playwright-core';
import { dataAccess } from '../../../functions/src/db.ts';
import { CREATOR, type BenchEvent } from './world.ts';

/** The budget of issue 30: gzip JavaScript a first screen may download. */
export const FIRST_SCREEN_JS_BUDGET_BYTES = 150 * 1024;
/** ...and the time until its main action can be used, throttled. */
export const FIRST_SCREEN_USABLE_BUDGET_MS = 2000;

/**
 * Lighthouse's mobile profile: a mid-range phone (4× slower CPU than this machine) on a slow 4G
 * connection (150 ms round trip, 1.6 Mbps down, 750 kbps up).
 */
export const MOBILE_THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
} as const;

/** Where the first screens lead: an invitation and an event link of the 10-guest event. */
export interface FirstScreenLinks {
  inviteToken: string;
  joinSecret: string;
  /** A sign-in link's token; the page asks the server nothing before the guest confirms. */
  signInToken: string;
}

export interface FirstScreen {
  key: string;
  label: string;
  path(links: FirstScreenLinks): string;
  /** The name of the page's main action, a button (what a guest taps first). */
  action: string;
}

export const FIRST_SCREENS: readonly FirstScreen[] = [
  {
    key: 'invite',
    label: 'invitation',
    path: (l) => `/invite/${l.inviteToken}`,
    // The invited address is not Google's, so the e-mailed link is the first way in.
    action: 'E-mail Me a Sign-In Link',
  },
  {
    key: 'join',
    label: 'event link',
    path: (l) => `/join/${l.joinSecret}`,
    action: 'Sign In with Google',
  },
  {
    // Opened in another browser than the one that asked: the address is confirmed first.
    key: 'signin-link',
    label: 'sign-in link',
    path: (l) => `/signin/link?token=${l.signInToken}`,
    action: 'Sign In',
  },
  {
    key: 'landing',
    label: 'landing',
    path: () => '/',
    action: 'Start Planning for Free',
  },
];

const linkId = (seed: string) => createHash('sha256').update(seed).digest('base64url');

/** The address the bench invites (not Google's: the invitation page leads with the e-mail link). */
export const INVITED_EMAIL = 'first-screen.guest@outlook.example';

/**
 * A pending invitation and an event link for `e`, written as the functions write them
 * (functions/src/db.ts), with ids derived from the event's: the same on every run.
 */
export async function seedFirstScreenLinks(
  projectId: string,
  e: BenchEvent,
): Promise<FirstScreenLinks> {
  const links: FirstScreenLinks = {
    inviteToken: linkId(`${e.id}/invitation`),
    joinSecret: linkId(`${e.id}/event-link`),
    signInToken: linkId(`${e.id}/sign-in-link`),
  };
  const app = initializeApp({ projectId }, `bench-first-screens-${Date.now()}`);
  try {
    const store = dataAccess(getFirestore(app));
    const creator = e.members[CREATOR]!;
    const now = Timestamp.now();
    const invitationId = linkId(`${e.id}/invitation-id`).slice(0, 20);
    const batch = store.firestore.batch();
    batch.set(store.invitations(e.id).doc(invitationId), {
      id: invitationId,
      eventId: e.id,
      email: INVITED_EMAIL,
      role: 'attendee',
      status: 'pending',
      invitedByUserId: creator.uid,
      invitedAt: now,
      respondedAt: null,
    });
    batch.set(store.invitationTokens.doc(links.inviteToken), {
      id: links.inviteToken,
      eventId: e.id,
      invitationId,
      email: INVITED_EMAIL,
      createdAt: now,
    });
    batch.set(store.joinLinks.doc(links.joinSecret), {
      id: links.joinSecret,
      eventId: e.id,
      askBeforeJoin: false,
      createdBy: creator.uid,
      createdAt: now,
    });
    await batch.commit();
  } finally {
    await deleteApp(app);
  }
  return links;
}

export interface FirstScreenFigure {
  screen: string;
  path: string;
  /** Script URLs the page fetched from the app until its action was usable and the network quiet. */
  scripts: string[];
  usableMs: number;
  /**
   * When the last script or API answer the screen needed had arrived (from navigation): the
   * rest of `usableMs` is the phone's processor running the app.
   */
  networkMs: number;
}

/**
 * Notes in the page, on its own clock from the start of navigation, the first moment a button
 * named `label` is shown and enabled (a loading button is disabled). Watched from inside the
 * page on every DOM change, so the watching neither lags behind nor competes with the throttled
 * processor the way polling from outside does.
 */
function watchUsable(label: string): void {
  // No named functions inside: the page has no bundler helpers for them (tsx adds __name).
  const w = window as unknown as { __usableAt?: number };
  const observer = new MutationObserver(() => {
    const usable = Array.from(document.querySelectorAll('button')).some(
      (b) =>
        (b.getAttribute('aria-label') ?? b.textContent ?? '').trim() === label &&
        !b.disabled &&
        b.getClientRects().length > 0,
    );
    if (!usable || w.__usableAt !== undefined) return;
    w.__usableAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

/** When the page noted its action usable (watchUsable); checks the action is there. */
async function usableAt(page: Page, action: Locator, timeoutMs: number): Promise<number> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { __usableAt?: number }).__usableAt,
    undefined,
    { timeout: timeoutMs, polling: 250 },
  );
  const at = Number(await handle.jsonValue());
  if (!(await action.isVisible()) || !(await action.isEnabled()))
    throw new Error('the main action was noted usable but is not visible and enabled');
  return Math.round(at);
}

/**
 * One cold, signed-out open at 390 px: a fresh context (empty caches, no service worker yet),
 * CDP throttling attached before navigation, timed from navigation to a usable main action;
 * then the network is left to go quiet so late scripts are counted too.
 */
export async function openFirstScreen(
  browser: Browser,
  baseUrl: string,
  screen: FirstScreen,
  links: FirstScreenLinks,
  quietMs: number,
  cpuSlowdown: number = MOBILE_THROTTLING.cpuSlowdown,
): Promise<FirstScreenFigure> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const scripts: string[] = [];
    let lastResponse = Date.now();
    page.on('response', (r) => {
      lastResponse = Date.now();
      if (r.request().resourceType() === 'script' && r.url().startsWith(baseUrl))
        scripts.push(r.url());
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_THROTTLING.latencyMs,
      downloadThroughput: MOBILE_THROTTLING.downloadBitsPerSecond / 8,
      uploadThroughput: MOBILE_THROTTLING.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript(watchUsable, screen.action);
    const path = screen.path(links);
    await page.goto(baseUrl + path, { waitUntil: 'commit' });
    const action = page.getByRole('button', { name: screen.action, exact: true });
    const usableMs = await usableAt(page, action, 60_000);
    const networkMs = await page.evaluate(() =>
      Math.round(
        Math.max(
          0,
          ...performance
            .getEntriesByType('resource')
            .filter((e) => /\.js$|\/api\//.test(new URL(e.name).pathname))
            .map((e) => (e as PerformanceResourceTiming).responseEnd),
        ),
      ),
    );
    while (Date.now() - lastResponse < quietMs) await page.waitForTimeout(100);
    await cdp.detach().catch(() => undefined);
    return { screen: screen.label, path, scripts, usableMs, networkMs };
  } finally {
    await context.close();
  }
}

/** How fast a page runs script here, unthrottled and at the bench's CPU slowdown. */
export interface HostSpeed {
  unthrottled: number;
  throttled: number;
}

/** Chromium DevTools' BenchmarkIndex of a mid-tier phone (a Pixel 5). */
export const MID_TIER_PHONE_INDEX = 1000;

/**
 * The CPU slowdown that makes this host run like a mid-tier phone, as DevTools' CPU calibration
 * chooses it (its index over the phone's, at least 1): a figure that means the same on any host,
 * beside the fixed 4× whose phone depends on the host.
 */
export const midTierSlowdown = (host: HostSpeed): number =>
  Math.max(1, Math.round((host.unthrottled / MID_TIER_PHONE_INDEX) * 10) / 10);

/**
 * Lighthouse's BenchmarkIndex, the measure Chromium's own CPU calibration uses: the mean of two
 * half-second loops, one appending 10,000 characters to a string (it leans on the garbage
 * collector), one copying 100,000 integers between two arrays, each counted as iterations per
 * second ÷ 10. Chromium's DevTools rate a Pixel 5 (mid-tier) at 1,000 and a Moto G4 Power
 * (low-tier) at 264: a 4× slowdown stands for a different phone on a different host, so the
 * bench prints where this one lands.
 */
const BENCHMARK_INDEX = `(() => {
  const strings = () => {
    const start = Date.now();
    let n = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let i = 0; i < 10000; i++) s += 'a';
      if (s.length === 1) throw new Error('unreachable: keeps the loop from being optimised away');
      n++;
    }
    return Math.round(n / 10 / ((Date.now() - start) / 1000));
  };
  const arrays = () => {
    const one = [];
    const other = [];
    for (let i = 0; i < 100000; i++) one[i] = other[i] = i;
    const start = Date.now();
    let n = 0;
    // The clock is read every tenth copy only, as Lighthouse does.
    while (n % 10 !== 0 || Date.now() - start < 500) {
      const [from, to] = n % 2 === 0 ? [one, other] : [other, one];
      for (let i = 0; i < from.length; i++) to[i] = from[i];
      n++;
    }
    return Math.round(n / 10 / ((Date.now() - start) / 1000));
  };
  return (strings() + arrays()) / 2;
})()`;

/** BenchmarkIndex in a blank page, the median of three after one warm-up, at `rate`. */
async function benchmarkIndex(browser: Browser, rate: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.evaluate(BENCHMARK_INDEX);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) runs.push(Number(await page.evaluate(BENCHMARK_INDEX)));
    return runs.sort((a, b) => a - b)[1]!;
  } finally {
    await context.close();
  }
}

export async function measureHostSpeed(browser: Browser): Promise<HostSpeed> {
  return {
    unthrottled: await benchmarkIndex(browser, 1),
    throttled: await benchmarkIndex(browser, MOBILE_THROTTLING.cpuSlowdown),
  };
}
