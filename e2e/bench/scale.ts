// `npm run bench:scale`: what each screen costs for a 10-guest event and for one at the
// Enterprise limits. Printed figures, not a test (docs/performance.md holds the results).
//
// 1. Builds web/ twice with Vite's API (./lib/web-build.ts): the production build wired to the
//    emulators (the screens are opened in it, served by `vite preview`) and the shipped one.
// 2. Starts `npm start`'s offline stack (e2e/lib/stack.ts; E2E_BASE_URL reuses a running one)
//    and seeds the two bench events (./lib/world.ts, ./lib/seed.ts) with firebase-admin.
// 3. Signs a guest (attendee) and the creator of each event in through the Auth emulator's
//    popup, then opens every screen in a fresh browser context (cold caches, signed in) and
//    records through CDP: Firestore bytes and documents received, time until the screen is
//    usable and until the network is quiet.
// 4. Measures the JavaScript a signed-in guest downloads to open a dashboard cold.
// 5. Liveness: a guest's vote, RSVP and carpool join, timed until the organiser's open screen
//    shows them (./lib/liveness.ts), at each size.
// 6. First screens (./lib/first-screens.ts): an invitation, an event link, a sign-in link and the
//    landing page opened cold and signed out on a phone under mobile throttling: gzip JavaScript
//    and time until the main action is usable, against the 150 KB / 2 s budget.
//
// Environment: E2E_BASE_URL (reuse a running stack), E2E_PORT_WAIT_S (wait for another stack to
// free the fixed ports, default 180), BENCH_WEB_PORT (preview server, default 5180),
// BENCH_ONLY=dashboard,photos (screens; `live` for the liveness figures, `first` for the first
// screens alone, which need no signed-in viewer), BENCH_REPEAT (opens per screen and size, default 1;
// times are medians), BENCH_QUIET_MS (quiet window, default 1500), BENCH_SHOTS (a folder for a
// screenshot of each screen as measured), CHROMIUM_PATH.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../lib/browser.ts';
import { Person } from '../lib/session.ts';
import { startStack, type Stack } from '../lib/stack.ts';
import { billedReads, WireRecorder, type FirestoreTraffic } from './lib/firestore-wire.ts';
import * as live from './lib/liveness.ts';
import { SCREENS, type Screen, type Viewer } from './lib/screens.ts';
import { seedBenchEvent } from './lib/seed.ts';
import { withTriggersOff } from '../../scripts/lib/function-triggers.ts';
import {
  FIRST_SCREEN_JS_BUDGET_BYTES,
  FIRST_SCREEN_USABLE_BUDGET_MS,
  FIRST_SCREENS,
  MOBILE_THROTTLING,
  measureHostSpeed,
  MID_TIER_PHONE_INDEX,
  midTierSlowdown,
  type HostSpeed,
  openFirstScreen,
  seedFirstScreenLinks,
} from './lib/first-screens.ts';
import { buildWeb, loadedJs, serveBuild, type LoadedJs, type WebBuilds } from './lib/web-build.ts';
import { CREATOR, GUEST, SIZES, buildEvent, type BenchEvent } from './lib/world.ts';

const PROJECT_ID = 'demo-gatherly';
const HOST = '127.0.0.1';
// The fixed ports of `npm start` (firebase.json).
const FIRESTORE_ORIGIN = `http://${HOST}:8080`;
const AUTH_RELAY_URL = `http://${HOST}:9098`;
const EMULATOR_HOSTS = {
  FIRESTORE_EMULATOR_HOST: `${HOST}:8080`,
  FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:9199`,
  FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:9099`,
  // firebase-admin would otherwise probe for a cloud metadata server.
  METADATA_SERVER_DETECTION: 'none',
};
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 5180);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 1));
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 1500);
const SCREEN_TIMEOUT_MS = 180_000;
/** BENCH_SHOTS=dir: a screenshot of each screen once it is quiet, to look at what was measured. */
const SHOTS_DIR = process.env.BENCH_SHOTS ? path.resolve(process.env.BENCH_SHOTS) : null;
const RESULTS = path.resolve(import.meta.dirname, '..', 'results', 'bench-scale.json');

interface Measurement {
  screen: string;
  viewer: Viewer;
  size: string;
  traffic: FirestoreTraffic;
  reads: number;
  usableMs: number;
  quietMs: number;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

function say(message: string) {
  console.log(`[bench] ${message}`);
}

function selectedScreens(): readonly Screen[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return only?.length ? SCREENS.filter((s) => only.includes(s.key)) : SCREENS;
}

function selectedKey(key: string): boolean {
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  return !only?.filter(Boolean).length || only.includes(key);
}
const liveSelected = () => selectedKey('live');
const firstSelected = () => selectedKey('first');

interface LiveResult extends live.LiveFigure {
  size: string;
}

/**
 * The guest and the organiser (the event's creator) each have the screen open, warm; the
 * guest acts. The organiser's screen is the one another phone would show.
 */
async function measureLiveness(
  browser: Browser,
  baseUrl: string,
  guestState: StorageState,
  organiserState: StorageState,
  event: BenchEvent,
): Promise<LiveResult[]> {
  const open = async (state: StorageState) => {
    const context = await browser.newContext({
      storageState: state,
      viewport: { width: 1280, height: 800 },
    });
    return { context, page: await context.newPage() };
  };
  const guest = await open(guestState);
  const organiser = await open(organiserState);
  const size = event.size.key;
  const figures: LiveResult[] = [];
  const record = (f: live.LiveFigure) => {
    figures.push({ ...f, size });
    const ms = (v: number | null) => (v === null ? 'not seen' : `${v} ms`);
    say(
      `live ${size.padEnd(10)} ${f.action.padEnd(34)} own screen ${ms(f.ownMs)}, other screen ${ms(f.otherMs)}${f.note ? ` (${f.note})` : ''}`,
    );
  };
  const dashboard = SCREENS.find((s) => s.key === 'dashboard')!;
  try {
    for (const p of [guest.page, organiser.page]) {
      await p.goto(baseUrl + dashboard.path(event));
      await dashboard
        .ready(p, event)
        .first()
        .waitFor({ state: 'visible', timeout: SCREEN_TIMEOUT_MS });
      await p.getByTestId('photo-card').first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
      await p.getByTestId('schedule-item').first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
    }
    // Let both screens settle (listeners attached, first snapshots in) before acting.
    await guest.page.waitForTimeout(QUIET_MS);
    record(await live.vote(guest.page, organiser.page));
    await guest.page.waitForTimeout(QUIET_MS);
    record(await live.rsvp(guest.page, organiser.page, event.schedule[0]!.title));
    for (const p of [guest.page, organiser.page]) {
      await p.goto(baseUrl + `/events/${event.id}/travel`);
      await p.getByRole('tab', { name: /^Carpools/ }).click();
      await p.getByTestId('carpool-card').first().waitFor({ timeout: SCREEN_TIMEOUT_MS });
    }
    await guest.page.waitForTimeout(QUIET_MS);
    record(await live.joinCarpool(guest.page, organiser.page));
  } finally {
    await guest.context.close();
    await organiser.context.close();
  }
  return figures;
}

/** Signs a seeded account in through the popup once; later contexts start from this saved state. */
async function signedInState(
  browser: Browser,
  baseUrl: string,
  name: string,
  email: string,
): Promise<StorageState> {
  // A busy machine (other helpers' builds) can make the popup miss its timeout: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await signInOnce(browser, baseUrl, name, email);
    } catch (err) {
      if (attempt >= 3) throw err;
      say(
        `signing ${name} in failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); again`,
      );
    }
  }
}

async function signInOnce(
  browser: Browser,
  baseUrl: string,
  name: string,
  email: string,
): Promise<StorageState> {
  const person = await Person.open(browser, baseUrl, 'bench', name, email);
  try {
    await person.page.goto(baseUrl + '/');
    await person.signIn(person.page.getByRole('button', { name: 'Sign In' }).first());
    await person.page
      .getByRole('heading', { name: `Welcome back, ${name}` })
      .waitFor({ timeout: 60_000 });
    return await person.context.storageState({ indexedDB: true });
  } finally {
    await person.close();
  }
}

/** One cold open: fresh context (empty HTTP and Firestore caches), signed in, CDP attached before navigation. */
async function openOnce(
  browser: Browser,
  baseUrl: string,
  state: StorageState,
  screen: Screen,
  event: BenchEvent,
  onScript?: (url: string) => void,
): Promise<Omit<Measurement, 'screen' | 'viewer' | 'size'>> {
  const context = await browser.newContext({
    storageState: state,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  [${screen.key}] page error: ${e.message}`));
    if (onScript) {
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script' && r.url().startsWith(baseUrl))
          onScript(r.url());
      });
    }
    const cdp = await context.newCDPSession(page);
    const wire = await WireRecorder.attach(cdp, FIRESTORE_ORIGIN);
    const t0 = Date.now();
    await page.goto(baseUrl + screen.path(event), { waitUntil: 'commit' });
    await screen.act?.(page);
    await screen
      .ready(page, event)
      .first()
      .waitFor({ state: 'visible', timeout: SCREEN_TIMEOUT_MS });
    const usableMs = Date.now() - t0;
    const lastActivity = await wire.waitForQuiet(QUIET_MS, SCREEN_TIMEOUT_MS);
    await wire.settled();
    const traffic = wire.traffic();
    if (process.env.BENCH_DEBUG)
      console.log(`  ${screen.key}/${event.size.key}:\n    ${wire.describe().join('\n    ')}`);
    await cdp.detach().catch(() => undefined);
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      const name = screen.key.replace(/\W+/g, '-');
      await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${event.size.key}.png`) });
    }
    return {
      traffic,
      reads: billedReads(traffic),
      usableMs,
      quietMs: Math.max(usableMs, lastActivity - t0),
    };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

async function measureScreen(
  browser: Browser,
  baseUrl: string,
  state: StorageState,
  screen: Screen,
  event: BenchEvent,
): Promise<Measurement> {
  const runs = [];
  for (let i = 0; i < REPEAT; i++)
    runs.push(await openOnce(browser, baseUrl, state, screen, event));
  const first = runs[0]!;
  return {
    screen: screen.label,
    viewer: screen.viewer,
    size: event.size.key,
    traffic: first.traffic,
    reads: first.reads,
    usableMs: median(runs.map((r) => r.usableMs)),
    quietMs: median(runs.map((r) => r.quietMs)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;
const ratio = (a: number, b: number) => (b > 0 ? `×${(a / b).toFixed(a / b < 10 ? 2 : 0)}` : '–');

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(head),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

function printResults(results: Measurement[], js: LoadedJs | null) {
  const rows = results.map((m) => [
    m.screen,
    m.viewer,
    m.size,
    kb(m.traffic.bytes),
    kb(m.traffic.gzipBytes),
    String(m.traffic.listenDocuments + m.traffic.restDocuments),
    String(m.reads),
    `${m.traffic.listenTargets} + ${m.traffic.aggregations.length}`,
    `${m.usableMs} ms`,
    `${m.quietMs} ms`,
  ]);
  console.log(
    '\nPer screen and size (fresh page load, signed in; Firestore = responses from the Firestore emulator)\n',
  );
  console.log(
    table(
      [
        'screen',
        'viewer',
        'size',
        'Firestore bytes',
        'gzip est.',
        'documents',
        'reads',
        'listens + counts',
        'usable',
        'network quiet',
      ],
      rows,
    ),
  );
  const large = results.filter((m) => m.size === 'enterprise');
  if (large.length) {
    console.log(
      '\nListen documents by collection at Enterprise size (count, JSON size of their messages)\n',
    );
    for (const m of large) {
      const parts = Object.entries(m.traffic.byCollection)
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([name, n]) => `${name} ${n.documents} (${kb(n.bytes)})`);
      const counts = m.traffic.aggregations.length
        ? `; ${m.traffic.aggregations.length} counts`
        : '';
      console.log(`  ${m.screen.padEnd(23)} ${parts.join(', ')}${counts}`);
    }
  }
  const ratios: string[][] = [];
  for (const screen of new Set(results.map((m) => m.screen))) {
    const small = results.find((m) => m.screen === screen && m.size === 'small');
    const large = results.find((m) => m.screen === screen && m.size === 'enterprise');
    if (!small || !large) continue;
    ratios.push([
      screen,
      ratio(large.traffic.bytes, small.traffic.bytes),
      ratio(
        large.traffic.listenDocuments + large.traffic.restDocuments,
        small.traffic.listenDocuments + small.traffic.restDocuments,
      ),
      ratio(large.reads, small.reads),
      ratio(large.usableMs, small.usableMs),
      ratio(large.quietMs, small.quietMs),
    ]);
  }
  if (ratios.length) {
    console.log('\nEnterprise / small\n');
    console.log(
      table(['screen', 'bytes', 'documents', 'reads', 'usable', 'network quiet'], ratios),
    );
  }
  if (js) {
    console.log(
      '\nJavaScript a signed-in guest downloads to open a dashboard cold (gzip level 9)\n',
    );
    console.log(
      table(
        ['build', 'files', 'raw', 'gzip'],
        [
          [
            'shipped production build (npm run build -w web)',
            String(js.shipped.files),
            kb(js.shipped.rawBytes),
            kb(js.shipped.gzipBytes),
          ],
          [
            'measured: production build wired to the emulators, vite preview',
            String(js.measured.files),
            kb(js.measured.rawBytes),
            kb(js.measured.gzipBytes),
          ],
        ],
      ),
    );
    console.log(`\nEntry chunks loaded: ${js.entries.join(', ')}`);
    const top = js.shipped.chunks
      .slice(0, 10)
      .map((c) => `${path.basename(c.file)} ${kb(c.gzipBytes)}`);
    console.log(`Largest (shipped, gzip): ${top.join(', ')}`);
    if (js.unexplained.length)
      console.log(`Loaded but not in the manifest closure: ${js.unexplained.join(', ')}`);
  }
}

function printLiveness(figures: LiveResult[]) {
  if (!figures.length) return;
  const ms = (v: number | null) => (v === null ? 'not seen' : `${v} ms`);
  console.log(
    "\nLive: a guest acts, the organiser's open screen shows it (click to change on screen)\n",
  );
  console.log(
    table(
      ['action', 'size', 'own screen', 'other screen'],
      figures.map((f) => [
        f.action + (f.note ? ` (${f.note})` : ''),
        f.size,
        ms(f.ownMs),
        ms(f.otherMs),
      ]),
    ),
  );
}

interface FirstScreenResult {
  screen: string;
  path: string;
  usableMs: number;
  /** Usable with the CPU slowed to a mid-tier phone's speed on this host (midTierSlowdown). */
  midTierUsableMs: number;
  networkMs: number;
  js: LoadedJs;
}

function printFirstScreens(figures: FirstScreenResult[], host: HostSpeed | null) {
  if (!figures.length) return;
  const t = MOBILE_THROTTLING;
  console.log(
    `\nFirst screens: cold, signed out, 390 px, ${t.cpuSlowdown}× CPU, ${t.latencyMs} ms RTT, ${t.downloadBitsPerSecond / 1e6} Mbps down (budget ${kb(FIRST_SCREEN_JS_BUDGET_BYTES)} gzip JS, usable in ${FIRST_SCREEN_USABLE_BUDGET_MS} ms)`,
  );
  if (host)
    console.log(
      `This host's BenchmarkIndex: ${Math.round(host.unthrottled)} unthrottled, ${Math.round(host.throttled)} at ${t.cpuSlowdown}× (Chromium's references: mid-tier phone ${MID_TIER_PHONE_INDEX}, low-tier 264); a mid-tier phone here is ${midTierSlowdown(host)}× CPU`,
    );
  console.log('');
  const verdict = (ok: boolean) => (ok ? 'within' : 'OVER');
  console.log(
    table(
      [
        'screen',
        'scripts',
        'gzip JS (shipped)',
        'gzip JS (measured)',
        'JS and data in',
        'usable',
        'usable, mid-tier phone',
        'budget',
      ],
      figures.map((f) => [
        `${f.screen} (${f.path.replace(/[?/][^/?]{20,}$/, (m) => `${m[0]}…`)})`,
        String(f.js.shipped.files),
        kb(f.js.shipped.gzipBytes),
        kb(f.js.measured.gzipBytes),
        `${f.networkMs} ms`,
        `${f.usableMs} ms`,
        `${f.midTierUsableMs} ms`,
        `${verdict(f.js.shipped.gzipBytes <= FIRST_SCREEN_JS_BUDGET_BYTES)} / ${verdict(f.usableMs <= FIRST_SCREEN_USABLE_BUDGET_MS)}`,
      ]),
    ),
  );
  for (const f of figures) {
    const top = f.js.shipped.chunks
      .slice(0, 6)
      .map((c) => `${path.basename(c.file)} ${kb(c.gzipBytes)}`);
    console.log(`  ${f.screen.padEnd(14)} largest: ${top.join(', ')}`);
    if (f.js.unexplained.length)
      console.log(
        `  ${f.screen.padEnd(14)} not in the manifest closure: ${f.js.unexplained.join(', ')}`,
      );
  }
}

async function main() {
  const screens = selectedScreens();
  // Signed-in work (screens, the dashboard's JavaScript, liveness) needs both events and viewers;
  // the first screens alone need only the 10-guest event.
  const signedInWork = screens.length > 0 || liveSelected();
  const events = SIZES.map(buildEvent).filter((e) => signedInWork || e.size.key === 'small');
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  say(`machine: ${os.cpus().length} cores, load average ${load()}`);

  let builds: WebBuilds | null = null;
  let stack: Stack | null = null;
  let server: Awaited<ReturnType<typeof serveBuild>> | null = null;
  let browser: Browser | null = null;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await stack?.stop();
    await builds?.cleanup();
  };
  // The stack runs in its own process group: Ctrl-C must stop it too, not leave it on the ports.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`${signal}: stopping`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  try {
    let t = Date.now();
    builds = await buildWeb(AUTH_RELAY_URL);
    say(`built web/ twice (wired + shipped) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    stack = await startStack();
    say(
      `stack ready (${process.env.E2E_BASE_URL ? 'reused' : 'started'}) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    Object.assign(process.env, EMULATOR_HOSTS);
    const [links, triggersOff] = await withTriggersOff(PROJECT_ID, async () => {
      for (const e of events) {
        const r = await seedBenchEvent(PROJECT_ID, e);
        say(
          `${e.size.label} event ${e.id}: ${r.skipped ? 'already seeded' : `seeded ${r.documents} documents`} in ${r.seconds.toFixed(1)} s`,
        );
      }
      const small = events.find((e) => e.size.key === 'small')!;
      return firstSelected() ? seedFirstScreenLinks(PROJECT_ID, small) : null;
    });
    if (triggersOff) say('seeded with Firestore triggers off (the seed writes what they would)');
    server = await serveBuild(builds.wiredDir, WEB_PORT);
    const baseUrl = `http://${HOST}:${WEB_PORT}`;
    say(`production build (emulator-wired) served by vite preview at ${baseUrl}`);
    browser = await launchBrowser();

    const states = new Map<string, StorageState>();
    for (const e of signedInWork ? events : []) {
      for (const [viewer, index] of [
        ['guest', GUEST],
        ['creator', CREATOR],
      ] as const) {
        const m = e.members[index]!;
        states.set(
          `${e.size.key}/${viewer}`,
          await signedInState(browser, baseUrl, m.displayName, m.email),
        );
      }
    }
    say(`signed in ${states.size} viewers; load average ${load()}`);

    const results: Measurement[] = [];
    for (const screen of screens) {
      for (const e of events) {
        const m = await measureScreen(
          browser,
          baseUrl,
          states.get(`${e.size.key}/${screen.viewer}`)!,
          screen,
          e,
        );
        results.push(m);
        say(
          `${screen.label.padEnd(23)} ${e.size.key.padEnd(10)} ${kb(m.traffic.bytes).padStart(9)}  ${String(m.traffic.listenDocuments + m.traffic.restDocuments).padStart(6)} docs  usable ${m.usableMs} ms  quiet ${m.quietMs} ms`,
        );
      }
    }

    const small = events.find((e) => e.size.key === 'small')!;
    let js: LoadedJs | null = null;
    if (signedInWork) {
      const scripts: string[] = [];
      const dashboard = SCREENS.find((s) => s.key === 'dashboard')!;
      await openOnce(browser, baseUrl, states.get('small/guest')!, dashboard, small, (u) =>
        scripts.push(u),
      );
      js = loadedJs(builds, scripts);
    }

    const firstScreens: FirstScreenResult[] = [];
    const host = links ? await measureHostSpeed(browser) : null;
    if (links && host) {
      const midTierRate = midTierSlowdown(host);
      for (const screen of FIRST_SCREENS) {
        const runs = [];
        const midTier = [];
        // In turn, so a change in the machine's load falls on both figures alike.
        for (let i = 0; i < REPEAT; i++) {
          runs.push(await openFirstScreen(browser, baseUrl, screen, links, QUIET_MS));
          midTier.push(
            await openFirstScreen(browser, baseUrl, screen, links, QUIET_MS, midTierRate),
          );
        }
        const first = runs[0]!;
        const result: FirstScreenResult = {
          screen: first.screen,
          path: first.path,
          usableMs: median(runs.map((r) => r.usableMs)),
          midTierUsableMs: median(midTier.map((r) => r.usableMs)),
          networkMs: median(runs.map((r) => r.networkMs)),
          js: loadedJs(builds, first.scripts),
        };
        firstScreens.push(result);
        say(
          `first screen ${result.screen.padEnd(14)} ${kb(result.js.shipped.gzipBytes)} gzip JS in ${result.js.shipped.files} files, JS and data in ${result.networkMs} ms, usable ${result.usableMs} ms (mid-tier phone: ${result.midTierUsableMs} ms)`,
        );
      }
    }

    const liveness: LiveResult[] = [];
    if (liveSelected()) {
      for (const e of events) {
        liveness.push(
          ...(await measureLiveness(
            browser,
            baseUrl,
            states.get(`${e.size.key}/guest`)!,
            states.get(`${e.size.key}/creator`)!,
            e,
          )),
        );
      }
    }

    printResults(results, js);
    printLiveness(liveness);
    printFirstScreens(firstScreens, host);
    say(`load average at the end ${load()}`);
    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(
      RESULTS,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          cores: os.cpus().length,
          loadavg: os.loadavg(),
          results,
          js,
          liveness,
          firstScreens,
          host,
        },
        null,
        2,
      ),
    );
    say(`results written to ${path.relative(process.cwd(), RESULTS)}`);
  } finally {
    await cleanUp();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
