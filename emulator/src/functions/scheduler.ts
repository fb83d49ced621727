// Runs scheduled functions (v2 `onSchedule`) on their schedules, as Cloud Scheduler does in
// production. firebase-tools' Functions emulator loads them but never runs them (it would need
// the Pub/Sub emulator, a Java program); a v2 scheduled function is an HTTP endpoint that Cloud
// Scheduler POSTs to with X-CloudScheduler-JobName / -ScheduleTime headers, so that is what the
// ticker does, through the Functions emulator's trigger endpoint.
//
// Schedules: unix-cron (5 fields) in the function's timeZone (default UTC, as for v2 functions),
// and App Engine's "every N minutes|hours" (N after the previous run started) and
// "every day|monday|... HH:MM". Any other syntax is reported and the function not scheduled.
// Failed runs are retried only as the function's retryConfig asks (Cloud Scheduler's default:
// no retries). Runs of one function never overlap: runs that fall due while one is still going
// are skipped, and the next is the first due after it ends.
import { Cron } from 'croner';

export interface RetryConfig {
  retryCount?: number | null;
  maxRetrySeconds?: number | null;
  minBackoffSeconds?: number | null;
  maxBackoffSeconds?: number | null;
  maxDoublings?: number | null;
}

export interface ScheduleSpec {
  schedule: string;
  timeZone?: string | null;
  retryConfig?: RetryConfig | null;
}

export interface ScheduledFunction {
  /** The Functions emulator's trigger key (`{region}-{name}-{generation}`). */
  key: string;
  name: string;
  region: string;
  spec: ScheduleSpec;
}

export type NextRun = (after: Date) => Date;

const days = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Compiles a schedule into "next run after"; throws naming the schedule when unsupported. */
export function compileSchedule(spec: ScheduleSpec): NextRun {
  const text = spec.schedule.trim();
  const timezone = spec.timeZone || 'UTC';
  const every = /^every (\d+) (minutes?|mins?|hours?|hrs?)(?: synchronized)?$/i.exec(text);
  if (every) {
    const n = Number(every[1]);
    const unitMs = /^h/i.test(every[2] ?? '') ? 3_600_000 : 60_000;
    if (n < 1) throw new Error(`Unsupported schedule "${text}"`);
    return (after) => new Date(after.getTime() + n * unitMs);
  }
  const daily = /^every (day|[a-z]+) (\d{1,2}):(\d{2})$/i.exec(text);
  let cron = text;
  if (daily) {
    const day = (daily[1] ?? '').toLowerCase();
    const dow = day === 'day' ? '*' : String(days.indexOf(day));
    if (dow === '-1') throw new Error(`Unsupported schedule "${text}"`);
    cron = `${Number(daily[3])} ${Number(daily[2])} * * ${dow}`;
  } else if (text.split(/\s+/).length !== 5) {
    throw new Error(
      `Unsupported schedule "${text}" (supported: unix-cron with 5 fields, "every N minutes|hours", "every day|<weekday> HH:MM")`,
    );
  }
  let job: Cron;
  try {
    job = new Cron(cron, { timezone, paused: true });
  } catch (err) {
    throw new Error(
      `Unsupported schedule "${text}" in time zone ${timezone}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  return (after) => {
    const next = job.nextRun(after);
    if (!next) throw new Error(`Schedule "${text}" has no next run`);
    return next;
  };
}

/** Cloud Scheduler's job id for a function, sent as X-CloudScheduler-JobName. */
export function jobName(fn: { name: string; region: string }): string {
  return `firebase-schedule-${fn.name}-${fn.region}`;
}

/**
 * One run of a scheduled function, as Cloud Scheduler's HTTP target makes it. Resolves with
 * whether the function succeeded (2xx).
 */
export async function invokeScheduledFunction(
  functionsEmulator: string,
  projectId: string,
  fn: { key: string; name: string; region: string },
  scheduleTime: Date,
): Promise<{ ok: boolean; detail: string }> {
  try {
    const res = await fetch(
      `http://${functionsEmulator}/functions/projects/${encodeURIComponent(projectId)}/triggers/${encodeURIComponent(fn.key)}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-CloudScheduler': 'true',
          'X-CloudScheduler-JobName': jobName(fn),
          'X-CloudScheduler-ScheduleTime': scheduleTime.toISOString(),
        },
        body: '{}',
      },
    );
    const text = (await res.text()).trim();
    return { ok: res.ok, detail: `HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ''}` };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
}

function retryDelayMs(config: RetryConfig, attempt: number): number {
  const min = (config.minBackoffSeconds ?? 5) * 1000;
  const max = (config.maxBackoffSeconds ?? 3600) * 1000;
  const doublings = Math.min(attempt - 1, config.maxDoublings ?? 5);
  return Math.min(max, min * 2 ** doublings);
}

export interface SchedulerOptions {
  functionsEmulator: string;
  projectId: string;
  /** The scheduled functions currently loaded (re-read every tick: code reloads change them). */
  functions: () => ScheduledFunction[];
  log: (message: string) => void;
  tickMs?: number;
  /** The clock (tests drive it). */
  now?: () => Date;
  /** Only log each function's key; run nothing on schedule. */
  paused?: boolean;
}

interface Entry {
  fn: ScheduledFunction;
  next: NextRun;
  due: Date;
  running: boolean;
}

/** The ticker: fires every loaded scheduled function when its next run is due. */
export class Scheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly unscheduled = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SchedulerOptions) {}

  private stopped = false;

  start(): void {
    this.refresh(this.now());
    this.timer = setInterval(() => void this.runDue(), this.options.tickMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private refresh(now: Date): void {
    const current = new Map(this.options.functions().map((fn) => [fn.key, fn]));
    for (const key of this.entries.keys()) if (!current.has(key)) this.entries.delete(key);
    for (const [key, fn] of current) {
      if (this.entries.has(key) || this.unscheduled.has(key)) continue;
      if (this.options.paused) {
        this.unscheduled.add(key);
        this.options.log(`loaded ${fn.name} as ${key} (not run on its schedule)`);
        continue;
      }
      try {
        const next = compileSchedule(fn.spec);
        const due = next(now);
        this.entries.set(key, { fn, next, due, running: false });
        this.options.log(
          `scheduled ${fn.name} as ${key}: "${fn.spec.schedule}" (${fn.spec.timeZone || 'UTC'}), next run ${due.toISOString()}`,
        );
      } catch (err) {
        this.unscheduled.add(key);
        this.options.log(
          `not scheduling ${fn.name}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }

  /** Starts every run that is due; resolves when those runs have ended. */
  runDue(): Promise<void> {
    const now = this.now();
    this.refresh(now);
    const runs: Promise<void>[] = [];
    for (const entry of this.entries.values()) {
      if (entry.running || now < entry.due) continue;
      const scheduleTime = entry.due;
      entry.running = true;
      runs.push(
        this.run(entry.fn, scheduleTime).finally(() => {
          entry.running = false;
          entry.due = entry.next(new Date(Math.max(this.now().getTime(), scheduleTime.getTime())));
        }),
      );
    }
    return Promise.all(runs).then(() => undefined);
  }

  private async run(fn: ScheduledFunction, scheduleTime: Date): Promise<void> {
    const config = fn.spec.retryConfig ?? {};
    const retries = config.retryCount ?? 0;
    const deadline = config.maxRetrySeconds
      ? scheduleTime.getTime() + config.maxRetrySeconds * 1000
      : Infinity;
    for (let attempt = 1; ; attempt++) {
      const result = await invokeScheduledFunction(
        this.options.functionsEmulator,
        this.options.projectId,
        fn,
        scheduleTime,
      );
      if (result.ok) {
        this.options.log(`ran ${fn.name} (schedule time ${scheduleTime.toISOString()})`);
        return;
      }
      if (attempt > retries || Date.now() >= deadline || this.stopped) {
        this.options.log(
          `${fn.name} failed (${result.detail}) after ${attempt} attempt${attempt > 1 ? 's' : ''}; next run as scheduled`,
        );
        return;
      }
      const delay = retryDelayMs(config, attempt);
      this.options.log(`${fn.name} failed (${result.detail}); retrying in ${delay / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
