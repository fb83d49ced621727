// `npm run bench:wall`: the photo wall's soak bench (issue 35, docs/performance.md, "Photo
// wall"). A wall runs a whole evening on one screen; this streams an evening's uploads into an
// open wall over compressed time and watches the page:
//
// 1. Starts `npm start`'s stack (or reuses E2E_BASE_URL), makes an Enterprise event with
//    BENCH_WALL_GUESTS guests (accounts signed in with the client Auth SDK: ./lib/guests.ts),
//    records WARM_UP photos, creates a wall link as the host through the API and opens it in
//    headless Chromium at 1920x1080, as a TV at the venue does.
// 2. Streams BENCH_WALL_PHOTOS uploads from the guests as the app makes them (./lib/uploads.ts:
//    a 2560 px image and a 480 px thumbnail through the Storage SDK, then the record call), at
//    BENCH_WALL_RATE per second; one upload in ORIGINAL_EVERY is an uncompressed original above
//    4 MB with its thumbnail (the wall must show the thumbnail, never the original). Halfway
//    through, the browser goes offline for OFFLINE_SECONDS. The last PACED uploads come one every
//    3 s, a quiet moment of the evening, for the time until a photo is on screen.
// 3. Prints the page's JS heap and DOM node count (after a forced garbage collection) at start
//    and end and every minute between, the time from each record call's answer until the photo
//    is in a wall answer the page received and until its image is on screen (p50 / p95, and how
//    many never were), and the image bytes downloaded per photo shown.
//
// Exit status 1 when the heap or the DOM grows more than 20 % or a check fails (a failed upload,
// a photo that never reached the wall, an original downloaded, an empty wall while offline),
// never for timings. Results also go to e2e/results/bench-wall.json.
//
// Environment: BENCH_WALL_PHOTOS (default 2000), BENCH_WALL_RATE (uploads per second, default 4:
// about 8.5 minutes), BENCH_WALL_GUESTS (default 40), BENCH_IN_FLIGHT (calls at once, default 6),
// E2E_BASE_URL, E2E_PORT_WAIT_S, CHROMIUM_PATH.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deleteApp as deleteAdminApp, initializeApp as initAdmin } from 'firebase-admin/app';
import { deleteApp } from 'firebase/app';
import type { CDPSession } from 'playwright-core';
import { WALL_POOL_LIMIT, type WallLinkCreated } from '@gatherly/domain/wall';
import { gradientPng } from '../../scripts/lib/png.ts';
import { launchBrowser } from '../lib/browser.ts';
import { startStack } from '../lib/stack.ts';
import {
  API,
  BUCKET,
  CallError,
  PROJECT_ID,
  addAttendees,
  api,
  createEvent,
  createPeople,
  makeEnterprise,
  useEmulators,
  type Guest,
} from './lib/guests.ts';
import { CallSlots } from './lib/call-slots.ts';
import { quantile } from './lib/op-stats.ts';
import { uploadPhoto, type UploadImages } from './lib/uploads.ts';

useEmulators();

const PHOTOS = Math.max(40, Number(process.env.BENCH_WALL_PHOTOS ?? 2000));
const RATE = Math.max(0.1, Number(process.env.BENCH_WALL_RATE ?? 4));
const GUESTS = Math.max(4, Number(process.env.BENCH_WALL_GUESTS ?? 40));
/** Photos recorded before the wall opens (the wall starts as one opened mid-evening). */
const WARM_UP = 20;
/** The quiet end: the last uploads one every PACED_EVERY_MS, each shown on its own. */
const PACED = 30;
const PACED_EVERY_MS = 3000;
/** One upload in this many is an uncompressed original (> 4 MB, over the wall's display limit). */
const ORIGINAL_EVERY = 100;
const OFFLINE_SECONDS = 20;
/** The goal: heap and DOM nodes at the end within this of the start. */
const GROWTH_LIMIT = 0.2;
/** After the burst, the wall has shown its backlog once no new photo came for this long. */
const SETTLED_MS = 5000;
const RESULTS = path.resolve(import.meta.dirname, '..', 'results', 'bench-wall.json');

const say = (m: string) => console.log(`[wall] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- Images: the app's sizes (a ≤ 2560 px display copy, a 480 px thumbnail) -------------------

const VARIANTS = 12;
const rgb = (i: number, k: number) =>
  [(i * 53 + k * 97) % 256, (i * 29 + k * 151) % 256, (i * 71 + k * 37) % 256] as const;
function makeImages(): { plain: UploadImages[]; original: UploadImages } {
  const plain = Array.from({ length: VARIANTS }, (_, i) => {
    const sun = { x: 0.2 + (i % 5) * 0.15, y: 0.3, r: 0.15 };
    return {
      image: gradientPng(2560, 1707, rgb(i, 1), rgb(i, 2), sun),
      thumb: gradientPng(480, 320, rgb(i, 1), rgb(i, 2), sun),
    };
  });
  const sun = { x: 0.7, y: 0.35, r: 0.2 };
  const original = {
    // Sensor grain keeps the PNG above the wall's 4 MB display limit (and within 10 MB).
    image: gradientPng(2048, 1365, [230, 140, 60], [30, 40, 120], sun, 12),
    thumb: gradientPng(480, 320, [230, 140, 60], [30, 40, 120], sun),
  };
  return { plain, original };
}

// ---- Uploads --------------------------------------------------------------------------------

type Phase = 'warm-up' | 'burst' | 'paced';

interface Upload {
  n: number;
  phase: Phase;
  original: boolean;
  /** When it was due, when its record call answered (Date.now()), and what it answered. */
  dueAt: number;
  answeredAt: number | null;
  id: string | null;
  url: string;
  /** Whether the wall was offline when the record call answered. */
  offline: boolean;
}

const slots = new CallSlots();

interface Streamer {
  uploads: Upload[];
  failures: string[];
  upload(n: number, phase: Phase): Promise<void>;
}

function streamer(
  baseUrl: string,
  eventId: string,
  guests: Guest[],
  images: ReturnType<typeof makeImages>,
  offlineNow: () => boolean,
): Streamer {
  const uploads: Upload[] = [];
  const failures: string[] = [];
  return {
    uploads,
    failures,
    async upload(n, phase) {
      const guest = guests[n % guests.length]!;
      const original = n % ORIGINAL_EVERY === ORIGINAL_EVERY - 1;
      const u: Upload = {
        n,
        phase,
        original,
        dueAt: Date.now(),
        answeredAt: null,
        id: null,
        url: '',
        offline: false,
      };
      uploads.push(u);
      const pick = original ? images.original : images.plain[n % VARIANTS]!;
      try {
        const recorded = await slots.run(() =>
          uploadPhoto(baseUrl, guest, eventId, `wall-${n}`, pick, {
            caption: `${guest.name}, photo ${n + 1}`,
            batchId: `wall-${n}`,
          }),
        );
        u.answeredAt = Date.now();
        u.offline = offlineNow();
        u.id = recorded.id;
        u.url = recorded.url;
      } catch (err) {
        const what =
          err instanceof CallError
            ? `${err.outcome.status}: ${err.outcome.message}`
            : err instanceof Error
              ? err.message
              : String(err);
        failures.push(`upload ${n}: ${what}`);
        if (failures.length <= 10) say(`FAILED upload ${n}: ${what}`);
      }
    },
  };
}

// ---- The page: what reached it, what it showed, what it downloaded, its memory ---------------

interface Memory {
  at: string;
  heapBytes: number;
  nodes: number;
  listeners: number;
}

interface PageWatch {
  /** Photo id → when a wall answer carrying it was read (first time). */
  inFeed: Map<string, number>;
  /** Photo id → when its image was first on screen (loaded, in the page's clock = Date.now()). */
  shownAt: Map<string, number>;
  shows: number;
  lastShowAt: number;
  /** When a wall answer last brought a photo the page had not had. */
  lastNewInFeedAt: number;
  imageRequests: number;
  /** Requests for an image URL the page had loaded before (asked again: revalidated or fetched). */
  imageRepeats: number;
  imageBytes: number;
  imageFailures: number;
  /** URLs (without query) of every image requested. */
  imageUrls: Set<string>;
}

const withoutQuery = (url: string) => url.split('?')[0]!;

async function memory(cdp: CDPSession, at: string): Promise<Memory> {
  // Twice: the first pass frees what finalizers and weak references hold for the second.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return {
    at,
    heapBytes: metric('JSHeapUsedSize'),
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
  };
}

/**
 * Reports each wall photo once its image has loaded (the `data-photo-id` of WallScreen's img).
 * A string: tsx would wrap a function's inner names in a helper the page does not have.
 */
const OBSERVE_SHOWN_PHOTOS = `
  const report = (img) => {
    const id = img.dataset.photoId;
    if (!id) return;
    const shown = () => window.__benchShown(id, Date.now());
    if (img.complete && img.naturalWidth > 0) shown();
    else img.addEventListener('load', shown, { once: true });
  };
  new MutationObserver((records) => {
    for (const r of records) {
      r.addedNodes.forEach((node) => {
        if (!(node instanceof Element)) return;
        if (node instanceof HTMLImageElement && node.dataset.photoId) report(node);
        node.querySelectorAll('img[data-photo-id]').forEach(report);
      });
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** Whether the wall shows a photo whose image has loaded, and its status note. */
const SCREEN_NOW = `(() => {
  const img = document.querySelector('img[data-photo-id]');
  return {
    photo: img !== null && img.complete && img.naturalWidth > 0,
    note: document.querySelector('[data-testid="wall-status"]')?.textContent ?? '',
  };
})()`;

// ---- Figures ------------------------------------------------------------------------------------

interface Delay {
  count: number;
  reached: number;
  p50: number;
  p95: number;
  max: number;
}

function delays(uploads: Upload[], at: Map<string, number>): Delay {
  const ms = uploads
    .filter((u) => u.id !== null && at.has(u.id))
    .map((u) => at.get(u.id!)! - u.answeredAt!)
    .sort((a, b) => a - b);
  return {
    count: uploads.filter((u) => u.id !== null).length,
    reached: ms.length,
    p50: quantile(ms, 0.5),
    p95: quantile(ms, 0.95),
    max: ms.at(-1) ?? 0,
  };
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const kb = (b: number) => `${Math.round(b / 1024)} KB`;
const pct = (from: number, to: number) => (to - from) / from;
const signed = (f: number) => `${f >= 0 ? '+' : ''}${(f * 100).toFixed(1)} %`;
const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;

interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

// ---- Main ---------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const stack = await startStack();
  const stopping = async () => {
    await stack.stop();
    process.exit(130);
  };
  process.once('SIGINT', () => void stopping());
  let exitCode = 0;
  const browser = await launchBrowser();
  try {
    const baseUrl = stack.baseUrl;
    const t0 = Date.now();
    const images = makeImages();
    const admin = initAdmin(
      { projectId: PROJECT_ID, storageBucket: BUCKET },
      `wall-${randomUUID()}`,
    );
    const run = randomUUID().slice(0, 8);
    const [host] = await createPeople(admin, baseUrl, `wall-${run}-host`, 1, 0, () => 'Wall Host');
    await makeEnterprise(admin, host!);
    const guests = await createPeople(
      admin,
      baseUrl,
      `wall-${run}-guest`,
      GUESTS,
      1,
      (k) => `Guest ${k + 1}`,
    );
    const eventId = await createEvent(baseUrl, host!, `Wall soak ${run}`);
    await addAttendees(admin, eventId, guests);
    await deleteAdminApp(admin);
    const link = await api<WallLinkCreated>(baseUrl, host!, 'POST', API.wallLinks(eventId));
    const wallPath = new URL(link.url).pathname;

    let offline = false;
    const stream = streamer(baseUrl, eventId, guests, images, () => offline);
    for (let n = 0; n < WARM_UP; n++) await stream.upload(n, 'warm-up');
    say(
      `scene set in ${((Date.now() - t0) / 1000).toFixed(1)} s: event ${eventId}, ${GUESTS} guests, ${WARM_UP} photos; images ${kb(images.plain[0]!.image.length)} + ${kb(images.plain[0]!.thumb!.length)} thumbnail, originals ${mb(images.original.image.length)}`,
    );

    // ---- The wall, open as on a TV ----
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`  [wall] page error: ${e.message}`));
    const watch: PageWatch = {
      inFeed: new Map(),
      shownAt: new Map(),
      shows: 0,
      lastShowAt: 0,
      lastNewInFeedAt: 0,
      imageRequests: 0,
      imageRepeats: 0,
      imageBytes: 0,
      imageFailures: 0,
      imageUrls: new Set(),
    };
    await page.exposeFunction('__benchShown', (id: string, at: number) => {
      watch.shows++;
      watch.lastShowAt = at;
      if (!watch.shownAt.has(id)) watch.shownAt.set(id, at);
    });
    await page.addInitScript(OBSERVE_SHOWN_PHOTOS);
    page.on('response', (res) => {
      if (!res.url().includes('/api/walls/') || !res.ok()) return;
      res.json().then(
        (body: { photos: { id: string }[] }) => {
          const at = Date.now();
          for (const p of body.photos) {
            if (watch.inFeed.has(p.id)) continue;
            watch.inFeed.set(p.id, at);
            watch.lastNewInFeedAt = at;
          }
        },
        () => undefined, // a body lost to a navigation or the offline switch
      );
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Network.enable');
    const imageRequests = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.type === 'Image' && e.request.url.startsWith('http'))
        imageRequests.set(e.requestId, e.request.url);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const url = imageRequests.get(e.requestId);
      if (url === undefined) return;
      imageRequests.delete(e.requestId);
      watch.imageRequests++;
      watch.imageBytes += e.encodedDataLength;
      if (watch.imageUrls.has(withoutQuery(url))) watch.imageRepeats++;
      watch.imageUrls.add(withoutQuery(url));
    });
    cdp.on('Network.loadingFailed', (e) => {
      if (imageRequests.delete(e.requestId)) watch.imageFailures++;
    });

    await page.goto(baseUrl + wallPath);
    await page.locator('img[data-photo-id]').first().waitFor({ timeout: 120_000 });
    await sleep(10_000);
    const start = await memory(cdp, 'start');
    const samples: Memory[] = [start];
    say(
      `wall open: heap ${mb(start.heapBytes)}, ${start.nodes} DOM nodes, ${start.listeners} listeners`,
    );

    // Every second: is a photo on screen? (It must stay so, offline too.)
    let emptySeconds = 0;
    let offlineNoteSeen = false;
    const onScreen = setInterval(() => {
      void page.evaluate<{ photo: boolean; note: string }>(SCREEN_NOW).then(
        (s) => {
          if (!s.photo) emptySeconds++;
          if (offline && /Offline/.test(s.note)) offlineNoteSeen = true;
        },
        () => undefined,
      );
    }, 1000);

    // ---- The burst ----
    const burst = PHOTOS - PACED;
    const burstStart = Date.now();
    const burstMs = (burst / RATE) * 1000;
    const offlineFrom = burstMs * 0.5;
    let sampling = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = sampling.then(async () => {
        const m = await memory(cdp, `${Math.round((Date.now() - burstStart) / 1000)} s`);
        samples.push(m);
        say(
          `${m.at}: ${stream.uploads.length - WARM_UP} uploads due, ${watch.inFeed.size} in the feed, ${watch.shownAt.size} shown; heap ${mb(m.heapBytes)}, ${m.nodes} nodes${offline ? ' (offline)' : ''}`,
        );
      });
    }, 60_000);
    const offlineWindow = (async () => {
      await sleep(offlineFrom);
      offline = true;
      await context.setOffline(true);
      say(`offline for ${OFFLINE_SECONDS} s`);
      await sleep(OFFLINE_SECONDS * 1000);
      await context.setOffline(false);
      offline = false;
      say('online again');
    })();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < burst; i++) {
      const due = burstStart + (i / RATE) * 1000;
      if (due > Date.now()) await sleep(due - Date.now());
      pending.push(stream.upload(WARM_UP + i, 'burst'));
    }
    await Promise.all(pending);
    await offlineWindow;
    const burstSeconds = (Date.now() - burstStart) / 1000;
    say(`burst over: ${burst} uploads in ${burstSeconds.toFixed(1)} s`);

    // The wall shows its backlog of new photos (0.8 s each) before the quiet end: it has once
    // no answer brought a new photo and no photo changed for SETTLED_MS (more than a poll and an
    // offline retry; less than the 8 s pace).
    const drainStart = Date.now();
    const quietSince = () => Math.max(watch.lastShowAt, watch.lastNewInFeedAt, drainStart);
    while (Date.now() - quietSince() < SETTLED_MS && Date.now() - drainStart < 300_000) {
      await sleep(500);
    }
    say(`backlog shown in ${((Date.now() - drainStart) / 1000).toFixed(1)} s`);

    // ---- The quiet end: one upload every 3 s ----
    for (let i = 0; i < PACED; i++) {
      const due = Date.now() + PACED_EVERY_MS;
      await stream.upload(WARM_UP + burst + i, 'paced');
      if (due > Date.now()) await sleep(due - Date.now());
    }
    const lastPaced = stream.uploads.at(-1)!;
    for (let waited = 0; waited < 20_000 && !watch.shownAt.has(lastPaced.id ?? ''); waited += 500)
      await sleep(500);
    await sleep(5_000);
    clearInterval(sampler);
    clearInterval(onScreen);
    await sampling;
    const end = await memory(cdp, 'end');
    samples.push(end);
    await cdp.detach().catch(() => undefined);
    await context.close();

    // ---- Figures ----
    const byPhase = (p: Phase) => stream.uploads.filter((u) => u.phase === p);
    const counted = stream.uploads.filter((u) => u.phase !== 'warm-up');
    const heapGrowth = pct(start.heapBytes, end.heapBytes);
    const nodeGrowth = pct(start.nodes, end.nodes);
    console.log('\nmemory (after a forced garbage collection):');
    for (const m of samples) {
      console.log(
        `  ${m.at.padEnd(7)} heap ${mb(m.heapBytes).padStart(8)}  DOM nodes ${String(m.nodes).padStart(5)}  listeners ${String(m.listeners).padStart(4)}`,
      );
    }
    console.log(
      `  start → end: heap ${signed(heapGrowth)}, DOM nodes ${signed(nodeGrowth)} (goal: within ${GROWTH_LIMIT * 100} %)`,
    );

    const feedBurst = delays(byPhase('burst'), watch.inFeed);
    const feedPaced = delays(byPhase('paced'), watch.inFeed);
    const feedOffline = delays(
      byPhase('burst').filter((u) => u.offline),
      watch.inFeed,
    );
    const feedOnline = delays(
      byPhase('burst').filter((u) => !u.offline),
      watch.inFeed,
    );
    const shownBurst = delays(byPhase('burst'), watch.shownAt);
    const shownPaced = delays(byPhase('paced'), watch.shownAt);
    const line = (label: string, d: Delay) =>
      console.log(
        `  ${label.padEnd(34)} ${String(d.reached).padStart(5)} of ${String(d.count).padEnd(5)} p50 ${ms(d.p50).padStart(7)}  p95 ${ms(d.p95).padStart(7)}  max ${ms(d.max).padStart(7)}${d.reached < d.count ? `  (${d.count - d.reached} never)` : ''}`,
      );
    const took = byPhase('burst')
      .filter((u) => u.answeredAt !== null)
      .map((u) => u.answeredAt! - u.dueAt)
      .sort((a, b) => a - b);
    const waits = [...slots.waits].sort((a, b) => a - b);
    console.log(
      `\nuploads: burst of ${burst} at ${RATE}/s took ${burstSeconds.toFixed(1)} s (${(burst / burstSeconds).toFixed(2)}/s); Storage + record call p50 ${ms(quantile(took, 0.5))}, p95 ${ms(quantile(took, 0.95))} (of which waiting for one of ${slots.limit} call slots p50 ${ms(quantile(waits, 0.5))}, p95 ${ms(quantile(waits, 0.95))})`,
    );
    console.log('\nfrom the record call answered:');
    line(`to the wall's feed, burst ${RATE}/s`, feedBurst);
    line("to the wall's feed, quiet end 1/3 s", feedPaced);
    line('to the feed, recorded while offline', feedOffline);
    line('to the feed, burst, recorded online', feedOnline);
    line(`to on screen, burst ${RATE}/s`, shownBurst);
    line('to on screen, quiet end 1/3 s', shownPaced);
    console.log(
      `  (a new photo stays at least 0.8 s: at ${RATE}/s the wall can show at most 1.25/s of them, and keeps the newest ${WALL_POOL_LIMIT} in memory)`,
    );

    const shownPhotos = watch.shownAt.size;
    console.log(
      `\nimages: ${watch.imageRequests} requests (${watch.imageRepeats} for an image loaded before), ${mb(watch.imageBytes)}, ${watch.imageFailures} failed (offline); ${shownPhotos} photos shown (${watch.shows} shows): ${kb(watch.imageBytes / Math.max(1, shownPhotos))} per photo shown, ${kb(watch.imageBytes / Math.max(1, watch.shows))} per show`,
    );
    const originals = stream.uploads.filter((u) => u.original && u.id !== null);
    const originalFetched = originals.filter((u) => watch.imageUrls.has(withoutQuery(u.url)));
    const originalsShown = originals.filter((u) => watch.shownAt.has(u.id!));
    console.log(
      `originals (> 4 MB): ${originals.length} uploaded, ${originalsShown.length} shown (as their thumbnail), ${originalFetched.length} downloaded`,
    );

    const recordedOffline = counted.filter((u) => u.offline && u.id !== null);
    for (const u of counted.filter((u) => u.id !== null && !watch.inFeed.has(u.id)).slice(0, 5)) {
      console.log(
        `never in the feed: upload ${u.n} (${u.id}), due at +${ms(u.dueAt - burstStart)}, recorded at +${ms(u.answeredAt! - burstStart)}`,
      );
    }
    const checks: Check[] = [
      {
        what: 'every upload recorded',
        ok: stream.failures.length === 0,
        detail: `${counted.length - stream.failures.length} of ${counted.length}${stream.failures.length ? `; ${stream.failures.slice(0, 3).join('; ')}` : ''}`,
      },
      {
        what: "every recorded photo reached the wall's feed",
        ok: feedBurst.reached === feedBurst.count && feedPaced.reached === feedPaced.count,
        detail: `${feedBurst.reached + feedPaced.reached} of ${feedBurst.count + feedPaced.count}`,
      },
      {
        what: 'every photo of the quiet end shown',
        ok: shownPaced.reached === shownPaced.count,
        detail: `${shownPaced.reached} of ${shownPaced.count}`,
      },
      {
        what: 'no original above 4 MB downloaded',
        ok: originalFetched.length === 0,
        detail: `${originalFetched.length} of ${originals.length}`,
      },
      {
        what: 'a loaded photo on screen every second (offline too)',
        ok: emptySeconds === 0,
        detail: `${emptySeconds} s without one`,
      },
      {
        what: 'offline: the wall says so',
        ok: offlineNoteSeen,
        detail: offlineNoteSeen ? 'note shown' : 'never shown',
      },
      {
        what: 'offline: photos recorded meanwhile reached the wall after',
        ok: recordedOffline.every((u) => watch.inFeed.has(u.id!)),
        detail: `${recordedOffline.filter((u) => watch.inFeed.has(u.id!)).length} of ${recordedOffline.length}`,
      },
      {
        what: `heap within ${GROWTH_LIMIT * 100} % of the start`,
        ok: heapGrowth <= GROWTH_LIMIT,
        detail: `${mb(start.heapBytes)} → ${mb(end.heapBytes)} (${signed(heapGrowth)})`,
      },
      {
        what: `DOM nodes within ${GROWTH_LIMIT * 100} % of the start`,
        ok: nodeGrowth <= GROWTH_LIMIT,
        detail: `${start.nodes} → ${end.nodes} (${signed(nodeGrowth)})`,
      },
    ];
    console.log('\nchecks:');
    for (const c of checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.what} (${c.detail})`);

    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(
      RESULTS,
      JSON.stringify(
        {
          photos: PHOTOS,
          rate: RATE,
          guests: GUESTS,
          burstSeconds,
          memory: samples,
          delays: { feedBurst, feedOnline, feedOffline, feedPaced, shownBurst, shownPaced },
          images: {
            requests: watch.imageRequests,
            repeats: watch.imageRepeats,
            bytes: watch.imageBytes,
            failed: watch.imageFailures,
            photosShown: shownPhotos,
            shows: watch.shows,
          },
          checks,
        },
        null,
        2,
      ),
    );
    const failed = checks.filter((c) => !c.ok).length;
    say(failed === 0 ? 'every check passed' : `${failed} checks failed`);
    if (failed > 0) exitCode = 1;
    await Promise.all([host!, ...guests].map((g) => deleteApp(g.app)));
  } finally {
    await browser.close();
    await stack.stop();
  }
  process.exit(exitCode);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
