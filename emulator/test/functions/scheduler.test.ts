// The scheduled-function ticker: schedule syntax and time zones, and runs with a driven clock
// against a stand-in for the Functions emulator's trigger endpoint (the end-to-end run inside
// the real Functions emulator is in triggers.test.ts).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compileSchedule,
  type ScheduledFunction,
  Scheduler,
} from '../../src/functions/scheduler.ts';

describe('schedules', () => {
  it('unix-cron runs in the function time zone, across a DST change', () => {
    const next = compileSchedule({ schedule: '0 9 * * *', timeZone: 'Europe/Berlin' });
    // Berlin is UTC+2 in summer and UTC+1 from 25 Oct 2026.
    expect(next(new Date('2026-10-24T08:00:00Z')).toISOString()).toBe('2026-10-25T08:00:00.000Z');
    expect(next(new Date('2026-10-25T08:00:00Z')).toISOString()).toBe('2026-10-26T08:00:00.000Z');
  });

  it('defaults to UTC, as for 2nd gen functions', () => {
    const next = compileSchedule({ schedule: '*/15 * * * *' });
    expect(next(new Date('2026-11-22T10:07:00Z')).toISOString()).toBe('2026-11-22T10:15:00.000Z');
  });

  it('App Engine forms: every N minutes/hours after the previous run, every day/weekday at a time', () => {
    expect(compileSchedule({ schedule: 'every 5 minutes' })(new Date(0)).getTime()).toBe(300_000);
    expect(compileSchedule({ schedule: 'every 2 hours' })(new Date(0)).getTime()).toBe(7_200_000);
    const daily = compileSchedule({ schedule: 'every day 03:30', timeZone: 'America/New_York' });
    expect(daily(new Date('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-11-22T08:30:00.000Z');
    const monday = compileSchedule({ schedule: 'every monday 09:00' });
    expect(monday(new Date('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-11-23T09:00:00.000Z');
  });

  it('names a schedule it cannot run', () => {
    expect(() => compileSchedule({ schedule: '1st monday of sep,oct,nov 17:00' })).toThrow(
      /Unsupported schedule "1st monday of sep,oct,nov 17:00"/,
    );
  });
});

describe('the ticker', () => {
  let server: Server | null = null;
  afterEach(() => server?.close());

  async function functionsEmulator(answer: () => number) {
    const calls: { url: string; headers: IncomingHttpHeaders }[] = [];
    server = createServer((req, res) => {
      calls.push({ url: req.url ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => {
        res.writeHead(answer());
        res.end();
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { host: `127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
  }

  const nightly: ScheduledFunction = {
    key: 'us-central1-nightly-0',
    name: 'nightly',
    region: 'us-central1',
    spec: { schedule: '0 3 * * *', timeZone: 'UTC' },
  };

  it('fires when due, with Cloud Scheduler headers, and then waits for the next time', async () => {
    const fake = await functionsEmulator(() => 200);
    let now = new Date('2026-11-22T02:59:00Z');
    const logs: string[] = [];
    const scheduler = new Scheduler({
      functionsEmulator: fake.host,
      projectId: 'demo-x',
      functions: () => [nightly],
      log: (m) => logs.push(m),
      now: () => now,
    });
    await scheduler.runDue();
    expect(fake.calls).toHaveLength(0);
    expect(logs[0]).toMatch(
      /scheduled nightly as us-central1-nightly-0: "0 3 \* \* \*" \(UTC\), next run 2026-11-22T03:00:00.000Z/,
    );
    now = new Date('2026-11-22T03:00:00.500Z');
    await scheduler.runDue();
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.url).toBe('/functions/projects/demo-x/triggers/us-central1-nightly-0');
    expect(fake.calls[0]?.headers['x-cloudscheduler-jobname']).toBe(
      'firebase-schedule-nightly-us-central1',
    );
    expect(fake.calls[0]?.headers['x-cloudscheduler-scheduletime']).toBe(
      '2026-11-22T03:00:00.000Z',
    );
    now = new Date('2026-11-22T12:00:00Z');
    await scheduler.runDue();
    expect(fake.calls).toHaveLength(1);
    now = new Date('2026-11-23T03:00:01Z');
    await scheduler.runDue();
    expect(fake.calls).toHaveLength(2);
    scheduler.stop();
  });

  it('retries a failed run only as its retryConfig asks', async () => {
    let failures = 2;
    const fake = await functionsEmulator(() => (failures-- > 0 ? 500 : 200));
    const run = async (fn: ScheduledFunction) => {
      let now = new Date('2026-11-22T02:00:00Z');
      const scheduler = new Scheduler({
        functionsEmulator: fake.host,
        projectId: 'demo-x',
        functions: () => [fn],
        log: () => undefined,
        now: () => now,
      });
      await scheduler.runDue();
      now = new Date('2026-11-22T03:00:00Z');
      await scheduler.runDue();
      scheduler.stop();
    };
    await run({
      ...nightly,
      spec: { ...nightly.spec, retryConfig: { retryCount: 3, minBackoffSeconds: 0.01 } },
    });
    expect(fake.calls).toHaveLength(3); // two failures, then success
    // Cloud Scheduler's default: no retries, the failure waits for the next scheduled run.
    failures = 1;
    await run(nightly);
    expect(fake.calls).toHaveLength(4);
  });
});
