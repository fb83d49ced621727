// Browser test of the offline emulators' browser transports (not part of `npm test`):
// `npm run test:browser`. Bundles page.ts with esbuild, serves it from its own origin, and
// drives two headless Chromium pages through playwright-core. Prints the write→snapshot
// latency between pages (median of 50) and the Storage upload throughput.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startFirestoreEmulator } from '../../src/firestore/server.ts';
import { startStorageEmulator } from '../../src/storage/server.ts';
import type { Harness } from './page.ts';

const projectId = 'demo-browser-test';
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** BROWSER_TEST_VERBOSE=1 shows page console output and emulator debug logs. */
const verbose = process.env['BROWSER_TEST_VERBOSE'] === '1';

const firestoreRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /rooms/{room}/{rest=**} { allow read, write: if request.auth != null; }
    match /locked/{id} { allow read, write: if false; }
  }
}`;

// Uploads only into one's own folder, and only for members of the room (a firestore.get()).
const storageRules = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /rooms/{room}/{uid}/{file} {
      allow read: if request.auth != null;
      allow write: if request.auth.uid == uid
        && firestore.exists(/databases/(default)/documents/rooms/$(room)/members/$(uid));
    }
  }
}`;

const failures: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

async function main(): Promise<void> {
  // A parity suite like test/firestore's: production limits mode off (see helpers.ts there).
  const firestore = await startFirestoreEmulator({
    port: 0,
    logLevel: verbose ? 'debug' : 'warn',
    productionLimits: false,
  });
  const storage = await startStorageEmulator({
    port: 0,
    logLevel: 'warn',
    firestore: (p) => firestore.documentSource(p),
  });
  const rulesResponse = await fetch(
    `http://127.0.0.1:${firestore.port}/emulator/v1/projects/${projectId}:securityRules`,
    {
      method: 'PUT',
      body: JSON.stringify({
        rules: { files: [{ name: 'firestore.rules', content: firestoreRules }] },
      }),
    },
  );
  if (!rulesResponse.ok)
    throw new Error(`loading Firestore rules failed: ${await rulesResponse.text()}`);
  storage.setRules(storageRules);

  const bundle = await build({
    entryPoints: [new URL('./page.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const pageServer = http.createServer((req, res) => {
    if (req.url === '/page.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(script);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><meta charset="utf-8"><title>emulator browser test</title><script src="/page.js"></script>',
    );
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;

  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const running = browser;
    // One browser context per user, as separate people are: Chromium allows six HTTP/1.1
    // connections per host in a profile, and each page holds up to two hanging WebChannel GETs.
    const open = async (uid: string, longPolling = false): Promise<Page> => {
      const page = await (await running.newContext()).newPage();
      page.on('pageerror', (err) => console.log(`[${uid} page error] ${err.message}`));
      // Expected failures (transaction contention retries, denied requests) log to the console.
      if (verbose)
        page.on('console', (msg) => console.log(`[${uid} console.${msg.type()}] ${msg.text()}`));
      await page.goto(origin);
      await page.evaluate(
        (cfg) => (globalThis as unknown as { harness: Harness }).harness.init(cfg),
        { projectId, uid, firestorePort: firestore.port, storagePort: storage.port, longPolling },
      );
      return page;
    };
    const alice = await open('alice');
    const bob = await open('bob');
    // A third page on the long-polling back channel (experimentalForceLongPolling).
    const carol = await open('carol', true);
    type W = { harness: Harness };

    // Write in one page, read in the other.
    await alice.evaluate(() =>
      (globalThis as unknown as W).harness.write('rooms/r1/docs/hello', {
        text: 'hi from alice',
        n: 0,
      }),
    );
    const read = await bob.evaluate(() =>
      (globalThis as unknown as W).harness.read('rooms/r1/docs/hello'),
    );
    check(read?.['text'] === 'hi from alice', 'bob reads what alice wrote');

    // Live listeners both ways.
    await bob.evaluate(() => (globalThis as unknown as W).harness.listen('rooms/r1/docs/live'));
    await alice.evaluate(() => (globalThis as unknown as W).harness.listen('rooms/r1/docs/live'));
    await alice.evaluate(() =>
      (globalThis as unknown as W).harness.write('rooms/r1/docs/live', { n: 1 }),
    );
    const firstSeen = await bob.evaluate(() =>
      (globalThis as unknown as W).harness.waitFor('rooms/r1/docs/live', 1, 1000).then(() => true),
    );
    check(firstSeen, "bob's listener sees alice's write within a second");
    await bob.evaluate(() =>
      (globalThis as unknown as W).harness.write('rooms/r1/docs/live', { n: 2 }),
    );
    const backSeen = await alice.evaluate(() =>
      (globalThis as unknown as W).harness.waitFor('rooms/r1/docs/live', 2, 1000).then(() => true),
    );
    check(backSeen, "alice's listener sees bob's write within a second");

    await carol.evaluate(() => (globalThis as unknown as W).harness.listen('rooms/r1/docs/live'));
    await alice.evaluate(() =>
      (globalThis as unknown as W).harness.write('rooms/r1/docs/live', { n: 3 }),
    );
    const polled = await carol.evaluate(() =>
      (globalThis as unknown as W).harness.waitFor('rooms/r1/docs/live', 3, 1000).then(() => true),
    );
    check(polled, 'a long-polling page sees the change within a second');
    await carol.evaluate(() =>
      (globalThis as unknown as W).harness.write('rooms/r1/docs/live', { n: 4 }),
    );
    const fromPolling = await bob.evaluate(() =>
      (globalThis as unknown as W).harness.waitFor('rooms/r1/docs/live', 4, 1000).then(() => true),
    );
    check(fromPolling, "a streaming page sees the long-polling page's write within a second");

    // Latency: write in alice's page -> snapshot in bob's page (both pages share one clock).
    const latencies: number[] = [];
    for (let i = 0; i < 50; i++) {
      const n = 100 + i;
      const sentAt = await alice.evaluate((value) => {
        const h = (globalThis as unknown as W).harness;
        const at = h.now();
        void h.write('rooms/r1/docs/live', { n: value });
        return at;
      }, n);
      const arrivedAt = await bob.evaluate(
        (value) => (globalThis as unknown as W).harness.waitFor('rooms/r1/docs/live', value, 5000),
        n,
      );
      latencies.push(arrivedAt - sentAt);
    }
    latencies.sort((a, b) => a - b);
    const median = ((latencies[24] ?? 0) + (latencies[25] ?? 0)) / 2;
    console.log(
      `write→snapshot latency across pages: median ${median.toFixed(1)} ms, p90 ${(latencies[44] ?? 0).toFixed(1)} ms, max ${(latencies[49] ?? 0).toFixed(1)} ms (n=50)`,
    );
    check(median < 1000, 'median write→snapshot latency under a second');

    // Transactions from both pages on one counter: none lost.
    const [a, b] = await Promise.all([
      alice.evaluate(() =>
        (globalThis as unknown as W).harness.transferIncrement('rooms/r1/docs/counter', 5),
      ),
      bob.evaluate(() =>
        (globalThis as unknown as W).harness.transferIncrement('rooms/r1/docs/counter', 5),
      ),
    ]);
    const counter = await alice.evaluate(() =>
      (globalThis as unknown as W).harness.read('rooms/r1/docs/counter'),
    );
    check(
      counter?.['count'] === 10 && counter['bumps'] === 2,
      `10 concurrent transactions from two pages all count (got ${String(counter?.['count'])}; pages saw ${a}, ${b})`,
    );

    // Rules deny in the browser too.
    const deniedRead = await alice.evaluate(() =>
      (globalThis as unknown as W).harness.denied('read', 'locked/x'),
    );
    check(
      deniedRead === 'permission-denied',
      `read of a locked document is denied (${deniedRead})`,
    );
    const deniedWrite = await alice.evaluate(() =>
      (globalThis as unknown as W).harness.denied('write', 'locked/x'),
    );
    check(
      deniedWrite === 'permission-denied',
      `write of a locked document is denied (${deniedWrite})`,
    );

    // Storage: membership comes from Firestore through the storage rules.
    await alice.evaluate(() =>
      (globalThis as unknown as W).harness.write('rooms/r1/members/alice', { role: 'attendee' }),
    );
    const notMember = await bob.evaluate(() =>
      (globalThis as unknown as W).harness.denied('upload', 'rooms/r1/bob/x.png'),
    );
    check(notMember === 'storage/unauthorized', `upload by a non-member is denied (${notMember})`);
    const otherFolder = await alice.evaluate(() =>
      (globalThis as unknown as W).harness.denied('upload', 'rooms/r1/bob/x.png'),
    );
    check(
      otherFolder === 'storage/unauthorized',
      `upload into someone else's folder is denied (${otherFolder})`,
    );

    const upload = await alice.evaluate(
      (n) => (globalThis as unknown as W).harness.upload('rooms/r1/alice/photo.png', n),
      3_000_000,
    );
    const size = upload.size;
    check(
      size >= 3_000_000 &&
        upload.progress.length >= 3 &&
        upload.progress[upload.progress.length - 1] === size,
      `upload of a ${(size / 1e6).toFixed(2)} MB PNG reports progress: ${upload.progress.length} events (${upload.progress.slice(0, 6).join(', ')}, ...)`,
    );
    const mbps = size / 1e6 / (upload.ms / 1000);
    console.log(
      `upload throughput: ${(size / 1e6).toFixed(2)} MB in ${upload.ms.toFixed(0)} ms = ${mbps.toFixed(1)} MB/s (resumable, ${upload.progress.length} progress events)`,
    );
    const download = await bob.evaluate(() =>
      (globalThis as unknown as W).harness.download('rooms/r1/alice/photo.png'),
    );
    check(
      download.size === size &&
        download.digest === upload.digest &&
        download.viaUrl === upload.digest,
      'download (getBytes and download URL) is byte-identical',
    );

    await alice.evaluate(() => (globalThis as unknown as W).harness.shutdown());
    await bob.evaluate(() => (globalThis as unknown as W).harness.shutdown());
    await carol.evaluate(() => (globalThis as unknown as W).harness.shutdown());
  } finally {
    await browser?.close();
    await new Promise<void>((resolve) => pageServer.close(() => resolve()));
    await storage.stop();
    await firestore.stop();
  }
  if (failures.length > 0) {
    console.log(`\n${failures.length} check(s) failed`);
    process.exitCode = 1;
  } else {
    console.log('\nall browser checks passed');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
