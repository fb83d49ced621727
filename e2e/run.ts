// `npm run test:e2e`: the user journeys in headless Chromium against `npm start`'s offline stack,
// two at a time (E2E_PARALLEL). E2E_BASE_URL reuses a running stack; E2E_ONLY=03,05 runs a
// subset; E2E_VERBOSE echoes the stack and browser console.
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/browser.ts';
import { BUILT_APP_URL, buildWebForEmulators } from './lib/built-app.ts';
import { removeTempFiles } from './lib/files.ts';
import { RUN_ID, runJourney, type Journey, type JourneyResult } from './lib/journey.ts';
import { A11Y_STRICT, printA11y } from './lib/a11y.ts';
import { printTimings } from './lib/session.ts';
import { startStack, type Stack } from './lib/stack.ts';
import { warmVoteFold } from './lib/admin.ts';
import { firstEvent } from './journeys/01-first-event.ts';
import { invitations } from './journeys/02-invitations.ts';
import { photos } from './journeys/03-photos.ts';
import { travel } from './journeys/04-travel.ts';
import { schedule } from './journeys/05-schedule.ts';
import { rolesAndSettings } from './journeys/06-roles-settings.ts';
import { limitsAndDelete } from './journeys/07-limits-delete.ts';
import { eventAccess } from './journeys/08-event-access.ts';
import { venueWifi } from './journeys/09-venue-wifi.ts';
import { timeZones } from './journeys/10-time-zones.ts';
import { liveAtScale } from './journeys/11-live-at-scale.ts';
import { email } from './journeys/12-email.ts';
import { guestList } from './journeys/13-guest-list.ts';
import { themes } from './journeys/14-themes.ts';
import { rsvpOptions } from './journeys/15-rsvp-options.ts';
import { rsvpAdmin } from './journeys/16-rsvp-admin.ts';
import { everyGuest } from './journeys/18-every-guest.ts';
import { oneAccount } from './journeys/19-one-account.ts';
import { eventLink } from './journeys/20-event-link.ts';
import { photoWall } from './journeys/21-photo-wall.ts';
import { seating } from './journeys/22-seating.ts';
import { datePoll } from './journeys/24-date-poll.ts';
import { guestGroups } from './journeys/23-guest-groups.ts';
import { deleteAccount } from './journeys/17-delete-account.ts';

/**
 * Longest first (their times in a CI run), so that the journeys playing side by side end close
 * together rather than one playing a long journey alone at the end.
 */
const JOURNEYS: [string, Journey][] = [
  ['03-photos', photos],
  ['14-themes', themes],
  ['13-guest-list', guestList],
  ['24-date-poll', datePoll],
  ['23-guest-groups', guestGroups],
  ['22-seating', seating],
  ['15-rsvp-options', rsvpOptions],
  ['17-delete-account', deleteAccount],
  ['04-travel', travel],
  ['06-roles-settings', rolesAndSettings],
  ['10-time-zones', timeZones],
  ['08-event-access', eventAccess],
  ['12-email', email],
  ['05-schedule', schedule],
  ['16-rsvp-admin', rsvpAdmin],
  ['19-one-account', oneAccount],
  ['11-live-at-scale', liveAtScale],
  ['21-photo-wall', photoWall],
  ['07-limits-delete', limitsAndDelete],
  ['20-event-link', eventLink],
  ['18-every-guest', everyGuest],
  ['02-invitations', invitations],
  ['09-venue-wifi', venueWifi],
  ['01-first-event', firstEvent],
];

/**
 * Journeys that follow a link the functions put in an e-mail or an event link as it is: it leads
 * to APP_ORIGIN (functions/.env.demo-gatherly), the stack's Vite dev server, so they play there.
 * The others play on the built app as production serves it (lib/built-app.ts): its service worker
 * is what 09 reloads offline with, and its production React runs a screen in about half the time.
 */
const ON_DEV_SERVER = new Set(['18-every-guest', '19-one-account']);

/** Journeys that switch the stack's function triggers off while they seed: they play alone. */
const ALONE = new Set(['11-live-at-scale']);

/**
 * How many journeys play at once. A journey waits between its steps (on the functions, on live
 * listeners), and the other uses that time (docs/decisions.md, "Journeys on the built app, two at
 * a time").
 */
const PARALLEL = Math.max(1, Number(process.env.E2E_PARALLEL ?? 2));

function selected(): [string, Journey][] {
  const only = process.env.E2E_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return only?.length
    ? JOURNEYS.filter(([name]) => only.some((o) => name.startsWith(o)))
    : JOURNEYS;
}

function printResults(results: JourneyResult[]) {
  console.log('\nJourneys');
  for (const r of results) {
    const time = `${(r.ms / 1000).toFixed(1)} s`;
    if (r.ok) console.log(`  PASS  ${r.journey}  (${r.steps} steps, ${time})`);
    else
      console.log(`  FAIL  ${r.journey}  at step "${r.failedStep}" (${time})\n        ${r.error}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed (run ${RUN_ID})`);
}

/**
 * The first visit to a server costs once (Vite transforms modules on first request; the Hosting
 * emulator reads the build): one throwaway visit (landing, then the popup relay's sign-in page)
 * keeps that out of the first journey's timings and popup waits.
 */
async function warmUp(browser: Browser, baseUrl: string): Promise<void> {
  const t0 = Date.now();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    await page.getByRole('button', { name: 'Sign In' }).first().waitFor({ timeout: 60_000 });
    await page.goto(baseUrl + '/invite/warm-up');
    await page
      .getByRole('heading', { name: /Invitation/ })
      .first()
      .waitFor({ timeout: 60_000 });
  } catch (err) {
    console.log(
      `warm-up visit failed (the journeys will show why): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
    );
  } finally {
    await context.close();
  }
  console.log(`warmed up ${baseUrl} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Plays `journeys` with at most `parallel` at a time, in their order; results in that order. */
async function playAll(
  journeys: [string, Journey][],
  play: (name: string, journey: Journey) => Promise<JourneyResult>,
  parallel: number,
): Promise<JourneyResult[]> {
  const results: JourneyResult[] = new Array<JourneyResult>(journeys.length);
  let next = 0;
  const worker = async () => {
    while (next < journeys.length) {
      const i = next++;
      const [name, journey] = journeys[i]!;
      results[i] = await play(name, journey);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, journeys.length) }, worker));
  return results;
}

async function main(): Promise<number> {
  const results: JourneyResult[] = [];
  let stack: Stack | null = null;
  let browser: Browser | null = null;
  let accessible = true;
  try {
    const t0 = Date.now();
    const journeys = selected();
    const built = journeys.some(([name]) => !ON_DEV_SERVER.has(name))
      ? buildWebForEmulators()
      : null;
    // Stop waiting on the build if the stack fails first (and never leave its rejection unheard).
    built?.catch(() => undefined);
    stack = await startStack();
    console.log(`stack ready at ${stack.baseUrl} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await built;
    browser = await launchBrowser();
    if (built) await warmUp(browser, BUILT_APP_URL);
    if (journeys.some(([name]) => ON_DEV_SERVER.has(name))) await warmUp(browser, stack.baseUrl);
    console.log(`warmed up the vote fold in ${((await warmVoteFold()) / 1000).toFixed(1)} s`);
    const devServer = stack.baseUrl;
    const play = async (name: string, journey: Journey) => {
      console.log(`▶ ${name}`);
      const baseUrl = ON_DEV_SERVER.has(name) ? devServer : BUILT_APP_URL;
      const result = await runJourney(browser!, baseUrl, name, journey);
      console.log(
        result.ok
          ? `✓ ${name} passed`
          : `✗ ${name} failed at "${result.failedStep}": ${result.error}`,
      );
      return result;
    };
    const alone = journeys.filter(([name]) => ALONE.has(name));
    const others = journeys.filter(([name]) => !ALONE.has(name));
    results.push(...(await playAll(alone, play, 1)), ...(await playAll(others, play, PARALLEL)));
  } catch (err) {
    console.error(`\nE2E run aborted: ${err instanceof Error ? err.message : String(err)}`);
    results.push({
      journey: '(setup)',
      ok: false,
      ms: 0,
      failedStep: 'start stack and browser',
      error: String(err),
      steps: 0,
    });
  } finally {
    printTimings();
    accessible = printA11y();
    printResults(results);
    await browser?.close().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    removeTempFiles();
  }
  // A serious or critical accessibility finding fails the run (and the journey that found it)
  // unless E2E_A11Y_REPORT_ONLY=1 (docs/decisions.md, "Accessibility checks").
  const a11yGate = A11Y_STRICT ? accessible : true;
  return results.every((r) => r.ok) && a11yGate ? 0 : 1;
}

process.exitCode = await main();
