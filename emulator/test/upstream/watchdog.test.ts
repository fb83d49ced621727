// The upstream runner's time limit tells a client spinning in a loop (mocha's own timeouts never
// fire) from one waiting on the emulator, and names the test running.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BUSY_SHARE, watchChild } from '../../upstream/watchdog.ts';

const child = (source: string) => spawn(process.execPath, ['-e', source], { stdio: 'ignore' });

describe('upstream suite time limit', () => {
  it('stops a spinning child and calls it busy, naming the test running', async () => {
    const spinning = child('for (;;) {}');
    const startedAt = Date.now();
    const overrun = await watchChild(
      spinning,
      300,
      () => ({ title: 'Queries > spins', startedAt }),
      1500,
    );
    expect(spinning.signalCode).toBe('SIGKILL');
    expect(overrun?.share).toBeGreaterThanOrEqual(BUSY_SHARE);
    expect(overrun?.message).toMatch(/^stopped after 0 s: it was busy \(\d+ % of a core/);
    expect(overrun?.message).toMatch(/; the test running for \d+ s: "Queries > spins"$/);
  });

  it('stops a waiting child and calls it waiting', async () => {
    const waiting = child('setInterval(() => {}, 1000)');
    const overrun = await watchChild(waiting, 300, () => null, 1500);
    expect(waiting.signalCode).toBe('SIGKILL');
    expect(overrun?.share).toBeLessThan(BUSY_SHARE);
    expect(overrun?.message).toMatch(/^stopped after 0 s: it was waiting \(\d+ % of a core\)$/);
  });

  it('leaves a child that finishes in time alone', async () => {
    const quick = child('');
    expect(await watchChild(quick, 60_000, () => null)).toBeNull();
    expect(quick.exitCode).toBe(0);
  });
});
