// `npm run check`: the linter beside the type checks and the format check. Each runs on one core,
// and ESLint's typed rules take about as long as the other two together (104 s against 78 + 22 s
// on a 2-core machine), so side by side they end about when the linter does. ESLint's own
// `--concurrency 2` was slower there (124 s): each of its workers builds the whole TypeScript
// program again. Each script's output is printed whole when it ends, so the two never interleave.
import { spawn } from 'node:child_process';

/** Lanes run side by side; the scripts of one lane run in order and stop at the first failure. */
const LANES = [['lint'], ['typecheck', 'format:check']];

function runScript(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    let reported = false;
    // A child that cannot start emits 'error' and may still emit 'close': report once.
    const report = (ok: boolean, why = '') => {
      if (reported) return;
      reported = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${script}: ${ok ? 'passed' : `failed${why}`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    };
    child.on('error', (err) => report(false, ` (${err.message})`));
    child.on('close', (code) => report(code === 0));
  });
}

async function runLane(scripts: string[]): Promise<boolean> {
  for (const script of scripts) if (!(await runScript(script))) return false;
  return true;
}

const results = await Promise.all(LANES.map(runLane));
process.exitCode = results.every(Boolean) ? 0 : 1;
