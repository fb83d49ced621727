// A time limit for one upstream suite's child process, and what the child was doing when it ran
// out: a client spinning on its own (a synchronous loop: mocha's per-test timeouts never fire)
// looks like 100 % CPU with no test finishing, a client waiting on the emulator like ~0 %. The
// runner reports which, with the test that was running (emulator/README.md, "The query.test.ts
// spin").
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU time (user + system) of a process and its reaped children so far, in ms; null if gone. */
export function cpuTimeMs(pid: number): number | null {
  try {
    // /proc/<pid>/stat: the command may hold spaces, so fields count from after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of the file (utime, stime, cutime, cstime) are 12-15 here, in clock ticks.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** The share of one core a process used over `sampleMs` (0..1, more with threads); null if gone. */
export async function cpuShare(pid: number, sampleMs: number): Promise<number | null> {
  const before = cpuTimeMs(pid);
  const started = Date.now();
  await new Promise((done) => setTimeout(done, sampleMs));
  const after = cpuTimeMs(pid);
  if (before === null || after === null) return null;
  return (after - before) / (Date.now() - started);
}

/**
 * A client waiting on the emulator uses ~0 % of a core; a spinning one all it gets, which on a
 * loaded 2-core machine (load 10) is still ~20 %.
 */
export const BUSY_SHARE = 0.1;

/** The test a suite is running, and since when (ms since the epoch). */
export interface RunningTest {
  title: string;
  startedAt: number;
}

export interface Overrun {
  /** A sentence for the run's summary. */
  message: string;
  /** Share of one core the child used while it was sampled. */
  share: number | null;
}

/**
 * Kills `child` (and its process group) if it is still running after `limitMs`, saying whether
 * it was busy or waiting and which test was running (`currentTest`). Resolves when the child
 * exits: with the overrun, or null if it finished in time.
 */
export function watchChild(
  child: ChildProcess,
  limitMs: number,
  currentTest: () => RunningTest | null,
  sampleMs = 5000,
): Promise<Overrun | null> {
  return new Promise((resolve) => {
    let overdue = false;
    let overrun: Overrun | null = null;
    const timer = setTimeout(() => {
      overdue = true;
      void (async () => {
        const pid = child.pid;
        const share = pid === undefined ? null : await cpuShare(pid, sampleMs);
        const test = currentTest();
        const doing =
          share === null
            ? 'it exited while sampled'
            : share >= BUSY_SHARE
              ? `it was busy (${Math.round(share * 100)} % of a core: computing in the client, not waiting on the emulator)`
              : `it was waiting (${Math.round(share * 100)} % of a core)`;
        const running = test
          ? `; the test running for ${Math.round((Date.now() - test.startedAt) / 1000)} s: "${test.title}"`
          : '';
        overrun = {
          share,
          message: `stopped after ${Math.round(limitMs / 1000)} s: ${doing}${running}`,
        };
        child.kill('SIGKILL');
      })();
    }, limitMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(
        overrun ??
          (overdue
            ? { share: null, message: `finished only after ${Math.round(limitMs / 1000)} s` }
            : null),
      );
    });
  });
}
