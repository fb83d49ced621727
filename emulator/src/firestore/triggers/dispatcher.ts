// Delivers committed document changes to the Functions emulator's registered triggers, the way
// production Firestore + Eventarc do: after the commit, asynchronously, one event per matching
// trigger, at least once. A function that fails (throws, rejects, times out) gets the same
// event again, with exponential backoff, only if it opted into retries; otherwise the event is
// dropped and the failure logged. Delivery failures of the emulators themselves (the Functions
// emulator not reachable yet) are always retried. See README.md, "Triggers".
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Caller } from '../../shared/auth.ts';
import type { Timestamp } from '../../shared/value.ts';
import type { Logger } from '../log.ts';
import type { DocumentChange } from '../store.ts';
import { changeKind, type CommittedChange, eventRequest } from './events.ts';
import { ManifestRetryPolicy, type RetryPolicy } from './retry-policy.ts';
import { type TriggerRegistration, TriggerRegistrations } from './registrations.ts';

export interface RetrySchedule {
  /** First retry delay; each further retry doubles it up to maxBackoffMs. */
  minBackoffMs: number;
  maxBackoffMs: number;
  /** An event still failing this long after its commit is dropped. */
  maxAgeMs: number;
}

/** Production's schedule for 2nd gen functions: 10 s doubling to 600 s, for up to 24 hours. */
export const PRODUCTION_RETRY: RetrySchedule = {
  minBackoffMs: 10_000,
  maxBackoffMs: 600_000,
  maxAgeMs: 24 * 60 * 60 * 1000,
};

interface Delivery {
  registration: TriggerRegistration;
  change: CommittedChange;
  attempt: number;
  committedAt: number;
}

type Outcome =
  | { kind: 'ok' }
  | { kind: 'gone' }
  | { kind: 'failed'; detail: string }
  | { kind: 'unreachable'; detail: string };

const FUNCTION_TIMEOUT_MS = 10 * 60 * 1000;

export class TriggerDispatcher {
  readonly registrations = new TriggerRegistrations();
  /** host:port of the Functions emulator (the official emulator's --functions_emulator). */
  functionsEmulator: string | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly log: Logger,
    private readonly schedule: RetrySchedule = PRODUCTION_RETRY,
    private readonly policy: RetryPolicy = new ManifestRetryPolicy(log),
  ) {}

  /** Called after every commit with the changes it applied. */
  committed(
    projectId: string,
    databaseId: string,
    caller: Caller,
    changes: DocumentChange[],
    commitTime: Timestamp,
  ): void {
    if (this.registrations.size === 0 || this.stopped) return;
    for (const { path, before, after } of changes) {
      const kind = changeKind(before, after);
      const triggers = this.registrations.matching(projectId, databaseId, path, kind);
      if (triggers.length === 0) continue;
      const change: CommittedChange = {
        projectId,
        databaseId,
        path,
        kind,
        before,
        after,
        commitTime,
        caller,
        eventId: randomUUID(),
      };
      for (const registration of triggers)
        this.start({ registration, change, attempt: 1, committedAt: Date.now() });
    }
  }

  /** Resolves once no delivery is running or waiting for a retry (tests, benchmarks). */
  idle(): Promise<void> {
    if (this.inFlight === 0 && this.timers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.settle();
  }

  private settle(): void {
    if (this.inFlight !== 0 || this.timers.size !== 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private start(delivery: Delivery): void {
    this.inFlight++;
    void this.deliver(delivery).finally(() => {
      this.inFlight--;
      this.settle();
    });
  }

  private later(delivery: Delivery, why: string): void {
    const age = Date.now() - delivery.committedAt;
    const what = describe(delivery);
    if (age >= this.schedule.maxAgeMs) {
      this.log.warn(`${what}: ${why}; giving up after ${delivery.attempt} attempts`);
      return;
    }
    const delay = Math.min(
      this.schedule.maxBackoffMs,
      this.schedule.minBackoffMs * 2 ** Math.min(delivery.attempt - 1, 30),
    );
    this.log.warn(`${what}: ${why}; retrying in ${formatDelay(delay)}`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopped) return this.settle();
      // A newer registration of the same function (code reload) takes over its events.
      const current = this.registrations
        .list(delivery.registration.projectId)
        .find((r) => r.key === delivery.registration.key);
      if (!current) return this.settle();
      this.start({ ...delivery, attempt: delivery.attempt + 1 });
    }, delay);
    this.timers.add(timer);
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const target = this.functionsEmulator;
    if (target === null) {
      this.later(delivery, 'no Functions emulator is connected to this Firestore emulator');
      return;
    }
    const outcome = await post(
      target,
      `/functions/projects/${encodeURIComponent(delivery.change.projectId)}/triggers/${encodeURIComponent(delivery.registration.key)}`,
      eventRequest(delivery.registration, delivery.change),
    );
    const what = describe(delivery);
    switch (outcome.kind) {
      case 'ok':
        this.log.debug(`${what}: delivered`);
        return;
      case 'gone':
        // The Functions emulator no longer has this trigger (its function was removed).
        this.registrations.remove(delivery.registration.key);
        this.log.info(`${what}: the Functions emulator no longer has this trigger; unregistered`);
        return;
      case 'unreachable':
        this.later(delivery, `the Functions emulator is not reachable (${outcome.detail})`);
        return;
      case 'failed':
        if (
          await this.policy.retries(target, delivery.change.projectId, delivery.registration.key)
        ) {
          this.later(delivery, `the function failed (${outcome.detail})`);
        } else {
          this.log.warn(
            `${what}: the function failed (${outcome.detail}); not retried, as the function does not opt into retries (retry: true)`,
          );
        }
    }
  }
}

function describe(delivery: Delivery): string {
  return `trigger ${delivery.registration.key} (${delivery.change.kind} ${delivery.change.path}, attempt ${delivery.attempt})`;
}

function formatDelay(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

function post(
  host: string,
  path: string,
  request: { headers: Record<string, string>; body: string },
): Promise<Outcome> {
  const [hostname, port] = splitHost(host);
  return new Promise((resolve) => {
    const req = http.request(
      {
        hostname,
        port,
        path,
        method: 'POST',
        headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
        timeout: FUNCTION_TIMEOUT_MS,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < 2000) text += chunk;
        });
        res.on('error', (err) => resolve({ kind: 'failed', detail: err.message }));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ kind: 'ok' });
          else if (status === 404 && /does not exist/.test(text)) resolve({ kind: 'gone' });
          else
            resolve({
              kind: 'failed',
              detail: `HTTP ${status}${text.trim() ? `: ${text.trim().slice(0, 300)}` : ''}`,
            });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      // Refused / reset before any answer: the Functions emulator is down or restarting.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'EHOSTUNREACH')
        resolve({ kind: 'unreachable', detail: err.code });
      else resolve({ kind: 'failed', detail: err.message });
    });
    req.end(request.body);
  });
}

function splitHost(host: string): [string, number] {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(host);
  if (!match) return [host, 80];
  return [match[1] ?? host, Number(match[2])];
}
