import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { A11Y_STRICT, a11yFindings } from './a11y.ts';
import { Person, SCREENSHOT_DIR, type PersonOptions } from './session.ts';

/** What a journey gets: people to play it, and named steps so a failure says where it broke. */
export interface JourneyContext {
  readonly journey: string;
  /**
   * A new person with their own browser context and an e-mail unique to this run, or
   * `options.email` for an account seeded beforehand (the scale journey's).
   */
  person(name: string, options?: PersonOptions): Promise<Person>;
  step<T>(name: string, action: () => Promise<T>): Promise<T>;
  /** Prints a line of the journey's own (a figure it measured), named for the journey. */
  log(line: string): void;
}

export type Journey = (ctx: JourneyContext) => Promise<void>;

export class StepFailure extends Error {
  constructor(
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(`${step}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StepFailure';
  }
}

export interface JourneyResult {
  journey: string;
  ok: boolean;
  ms: number;
  failedStep?: string;
  error?: string;
  steps: number;
}

/** Unique per run so a journey can run again on the same (seeded, long-lived) stack. */
export const RUN_ID = Date.now().toString(36);

export function emailFor(name: string): string {
  const local = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${local}.${RUN_ID}@gatherly-e2e.test`;
}

/** Runs one journey with its own people; every context is closed afterwards, pass or fail. */
export async function runJourney(
  browser: Browser,
  baseUrl: string,
  journey: string,
  play: Journey,
): Promise<JourneyResult> {
  // Screens from an earlier run (a stale FAILED-*.png above all) would mislead.
  rmSync(path.join(SCREENSHOT_DIR, journey), { recursive: true, force: true });
  const people: Person[] = [];
  let current = '(setup)';
  let steps = 0;
  const t0 = Date.now();
  const ctx: JourneyContext = {
    journey,
    async person(name, options) {
      const p = await Person.open(
        browser,
        baseUrl,
        journey,
        name,
        options?.email ?? emailFor(`${name} ${journey.slice(0, 2)}`),
        options,
      );
      people.push(p);
      return p;
    },
    log(line) {
      console.log(`  ${journey}   ${line}`);
    },
    async step(name, action) {
      current = name;
      steps += 1;
      console.log(`  ${journey} · ${name}`);
      try {
        return await action();
      } catch (err) {
        throw err instanceof StepFailure ? err : new StepFailure(name, err);
      }
    },
  };
  try {
    await play(ctx);
    // The journey plays to its end so every screen is scanned; a serious or critical finding on
    // any of them then fails it (lib/a11y.ts). Journeys play side by side: its own are those
    // found on its screens.
    const found = a11yFindings.filter((f) => f.where.startsWith(`${journey}/`));
    if (A11Y_STRICT && found.length > 0) {
      return {
        journey,
        ok: false,
        ms: Date.now() - t0,
        failedStep: 'accessibility scan',
        error: `${found.length} serious or critical finding(s) (${[...new Set(found.map((f) => f.rule))].join(', ')}), listed under "Accessibility"`,
        steps,
      };
    }
    return { journey, ok: true, ms: Date.now() - t0, steps };
  } catch (err) {
    const failure = err instanceof StepFailure ? err : new StepFailure(current, err);
    // What each person saw when it broke, for the report.
    for (const p of people) await p.shootFailure().catch(() => undefined);
    const cause = oneLine(
      failure.cause instanceof Error ? failure.cause.message : String(failure.cause),
    );
    return {
      journey,
      ok: false,
      ms: Date.now() - t0,
      failedStep: failure.step,
      error: cause,
      steps,
    };
  } finally {
    for (const p of people) await p.close().catch(() => undefined);
  }
}

// ANSI colour codes start with ESC, a control character; matching it is the point here.
// eslint-disable-next-line no-control-regex
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;

/** Playwright messages carry ANSI colours and a call log: keep the message and what it waited for. */
function oneLine(message: string): string {
  const lines = message
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const waited = lines.find((l) => l.startsWith('- waiting for'));
  return [lines[0], waited?.replace(/^- /, '')].filter(Boolean).join(' — ');
}
