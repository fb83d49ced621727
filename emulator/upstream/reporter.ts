// The mocha reporter the runner gives every upstream suite: it records each test's final state
// (after mocha's retries), its retry count and its error as results.ts `TestResult`s, and hands
// the list to `sink` when the run ends. Kept as source text because it runs inside the suites'
// own mocha: in Node as a CommonJS reporter module, in Chromium inside the test page. It also
// says which test is running (`onBegin`), for the runner's time limit (watchdog.ts).

/** A JavaScript function expression `(runner, sink, onEach?, onBegin?) => void`. */
export const RECORDER_SOURCE = String.raw`function recordResults(runner, sink, onEach, onBegin) {
  const results = [];
  const push = (result) => {
    results.push(result);
    if (onEach) onEach(result);
  };
  const titleOf = (test) => test.titlePath().join(' > ');
  if (onBegin) runner.on('test', (test) => onBegin(titleOf(test)));
  const errorOf = (err) => {
    if (!err) return 'unknown error';
    const message = err.message || String(err);
    const code = err.code !== undefined ? '[' + err.code + '] ' : '';
    return code + message;
  };
  runner.on('pass', (test) => {
    push({ title: titleOf(test), state: 'passed', retries: test.currentRetry() });
  });
  runner.on('pending', (test) => {
    push({ title: titleOf(test), state: 'pending', retries: 0 });
  });
  runner.on('fail', (test, err) => {
    // A failing hook fails the tests it guards; record it under the hook's title.
    push({
      title: titleOf(test),
      state: 'failed',
      retries: typeof test.currentRetry === 'function' ? test.currentRetry() : 0,
      error: errorOf(err),
    });
  });
  runner.once('end', () => sink(results));
}`;

/**
 * A CommonJS mocha reporter that writes the results to `--reporter-option output=FILE`, and the
 * title of the test running to FILE.current.
 */
export const NODE_REPORTER_MODULE = `'use strict';
const fs = require('node:fs');
const recordResults = ${RECORDER_SOURCE};
const MARK = { passed: '.', failed: 'F', pending: ',' };
module.exports = function UpstreamReporter(runner, options) {
  // The runner passes its own stdout as fd 3 (the suite's stdout and stderr go to a log).
  const progress = (text) => {
    try {
      fs.writeSync(3, text);
    } catch {
      process.stdout.write(text);
    }
  };
  recordResults(
    runner,
    (results) => {
      fs.writeFileSync(options.reporterOption.output, JSON.stringify(results));
      progress('\\n');
    },
    (result) => progress(MARK[result.state]),
    (title) => fs.writeFileSync(options.reporterOption.output + '.current', title),
  );
};
`;
