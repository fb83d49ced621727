// Warm-call latency of the api function, served in-process against the offline emulators:
//   npx tsx functions/bench/latency.ts [calls]
// Prints p50/p95/max per endpoint after a warm-up, so cold starts are not measured.
import {
  createEvent,
  eventWithRoles,
  grantApiAccess,
  login,
  seedSchedule,
} from '../test/fixtures.ts';
import { newUser, startStack, type Stack, type TestUser } from '../test/harness.ts';

const CALLS = Number(process.argv[2] ?? 200);

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

async function measure(
  stack: Stack,
  label: string,
  method: string,
  path: string,
  as: TestUser,
  body?: unknown,
) {
  for (let i = 0; i < 10; i++) await stack.call(method, path, { as, body });
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const start = process.hrtime.bigint();
    const res = await stack.call(method, path, { as, body });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.status >= 400) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${label.padEnd(34)} p50 ${f(percentile(times, 50))} ms  p95 ${f(percentile(times, 95))} ms  max ${f(times.at(-1) ?? 0)} ms`,
  );
}

const stack = await startStack();
try {
  const { eventId, attendee } = await eventWithRoles(stack);
  // The measured reads are API routes: an API client's tier includes API access.
  await grantApiAccess(stack, attendee);
  const other = newUser('bench');
  await login(stack, other);
  await createEvent(stack, other);
  const itemId = await seedSchedule(stack.store, eventId);
  console.log(`${CALLS} sequential warm calls per endpoint (offline emulators, in-process server)`);
  await measure(stack, 'GET /api/events/{id}', 'GET', `/api/events/${eventId}`, attendee);
  await measure(stack, 'GET /api/events', 'GET', '/api/events', attendee);
  await measure(
    stack,
    'GET /api/events/{id}/schedule',
    'GET',
    `/api/events/${eventId}/schedule`,
    attendee,
  );
  await measure(
    stack,
    'PUT /api/events/{e}/schedule/{id}/rsvp (tx)',
    'PUT',
    `/api/events/${eventId}/schedule/${itemId}/rsvp`,
    attendee,
    { status: 'going' },
  );
  await measure(stack, 'GET /api/user/subscription', 'GET', '/api/user/subscription', attendee);
} finally {
  await stack.stop();
}
