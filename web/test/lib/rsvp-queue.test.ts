import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RsvpRequest } from '@gatherly/domain/api/requests';
import type { RsvpState, RsvpStatus } from '@gatherly/domain/rsvp-options';
import { getToasts, resetToasts } from '../../src/lib/toast-store.ts';
import {
  parseEntry,
  requestOf,
  RsvpQueue,
  type QueuedRsvp,
  type RsvpQueueOptions,
  type RsvpTarget,
} from '../../src/features/schedule/rsvp-queue.ts';
import { resetWriteQueue, type TrackedWrite } from '../../src/lib/offline/write-queue.ts';

/** An API error as lib/api.ts throws it: status 0 = no answer. */
class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const target = (itemId: string, eventId = 'e1', uid = 'u1'): RsvpTarget => ({
  uid,
  eventId,
  itemId,
  title: `Item ${itemId}`,
});

/** The shell's count of changes waiting, as the queue feeds it. */
function fakeIndicator() {
  let waiting = 0;
  const outcomes: string[] = [];
  const track = (ack: Promise<unknown>): TrackedWrite => {
    let queued = false;
    let done = false;
    void ack.then(
      () => {
        if (queued && !done) waiting--;
        done = true;
        outcomes.push('synced');
      },
      (err: unknown) => {
        if (queued && !done) waiting--;
        done = true;
        outcomes.push(`refused: ${(err as Error).message}`);
      },
    );
    return {
      markQueued() {
        if (queued || done) return;
        queued = true;
        waiting++;
      },
      forget() {
        if (queued && !done) waiting--;
        done = true;
      },
    };
  };
  return { track, waiting: () => waiting, outcomes };
}

function setup(overrides: Partial<RsvpQueueOptions> = {}) {
  let online = false;
  const sent: Array<Pick<QueuedRsvp, 'itemId' | 'status'>> = [];
  /** The request bodies sent, in order. */
  const bodies: RsvpRequest[] = [];
  let answer: (entry: QueuedRsvp) => Promise<unknown> = async () => null;
  const indicator = fakeIndicator();
  const options: RsvpQueueOptions = {
    storage: localStorage,
    send: async (entry) => {
      sent.push({ itemId: entry.itemId, status: entry.status });
      bodies.push(requestOf(entry));
      const state = await answer(entry);
      // A test's server may answer with the state it gave (a Going put on the waitlist).
      return typeof state === 'string' ? (state as RsvpState) : null;
    },
    isOnline: () => online,
    isNoAnswer: (err) => err instanceof FakeApiError && err.status === 0,
    track: indicator.track,
    queueAfterMs: 2500,
    ...overrides,
  };
  const queue = new RsvpQueue(options);
  return {
    queue,
    options,
    sent,
    bodies,
    indicator,
    setOnline: (value: boolean) => (online = value),
    answerWith: (fn: (entry: QueuedRsvp) => Promise<unknown>) => (answer = fn),
  };
}

/** The chips' answers (status and whether they wait), by item. */
const statuses = (queue: RsvpQueue, uid = 'u1', eventId = 'e1') =>
  Object.fromEntries(
    [...queue.answersFor(uid, eventId)].map(([id, a]) => [
      id,
      { status: a.status, pending: a.pending },
    ]),
  );

afterEach(() => {
  resetToasts();
  resetWriteQueue();
  vi.useRealTimers();
});

describe('the device RSVP queue', () => {
  it('offline, stores the answer on the device, shows it at once and counts it as waiting', async () => {
    const { queue, sent, indicator } = setup();
    queue.setUser('u1');
    await expect(queue.answer(target('s1'), { status: 'going' })).resolves.toBe('queued');
    expect(sent).toEqual([]);
    expect(statuses(queue)).toEqual({ s1: { status: 'going', pending: true } });
    expect(indicator.waiting()).toBe(1);
    const stored = Object.keys(localStorage).filter((k) => k.startsWith('gatherly.rsvpQueue/'));
    expect(stored).toEqual(['gatherly.rsvpQueue/u1/e1/s1']);
    expect(JSON.parse(localStorage.getItem(stored[0]!)!)).toMatchObject({
      uid: 'u1',
      eventId: 'e1',
      itemId: 's1',
      status: 'going',
    });
  });

  it('a newer answer to the same item replaces the queued one (one change waiting)', async () => {
    const { queue, sent, indicator, setOnline } = setup();
    queue.setUser('u1');
    await queue.answer(target('s1'), { status: 'going' });
    await queue.answer(target('s1'), { status: 'not_going' });
    expect(indicator.waiting()).toBe(1);
    expect(statuses(queue)).toEqual({ s1: { status: 'not_going', pending: true } });
    setOnline(true);
    await queue.flush();
    expect(sent).toEqual([{ itemId: 's1', status: 'not_going' }]);
    expect(indicator.waiting()).toBe(0);
    expect(indicator.outcomes).toEqual(['synced']);
    expect(queue.pendingCount()).toBe(0);
  });

  it('replays in the order answered, one at a time, and drains the device', async () => {
    const { queue, sent, setOnline, answerWith } = setup();
    queue.setUser('u1');
    await queue.answer(target('s2'), { status: 'maybe' });
    await queue.answer(target('s1'), { status: 'going' });
    await queue.answer(target('s3', 'e2'), { status: 'not_going' });
    await queue.answer(target('s2'), { status: 'going' }); // replaces s2 and moves it last
    let inFlight = 0;
    answerWith(async () => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
    });
    setOnline(true);
    await queue.flush();
    expect(sent).toEqual([
      { itemId: 's1', status: 'going' },
      { itemId: 's3', status: 'not_going' },
      { itemId: 's2', status: 'going' },
    ]);
    expect(Object.keys(localStorage).some((k) => k.startsWith('gatherly.rsvpQueue/'))).toBe(false);
  });

  it('survives a reload: a new queue over the same storage counts and sends what was left', async () => {
    const first = setup();
    first.queue.setUser('u1');
    await first.queue.answer(target('s1'), { status: 'going' });
    await first.queue.answer(target('s2'), { status: 'maybe' });

    const reloaded = setup();
    expect(statuses(reloaded.queue)).toEqual({
      s1: { status: 'going', pending: true },
      s2: { status: 'maybe', pending: true },
    });
    reloaded.queue.setUser('u1'); // the signed-in person is known again (offline)
    expect(reloaded.indicator.waiting()).toBe(2);
    expect(reloaded.sent).toEqual([]);
    reloaded.setOnline(true);
    await reloaded.queue.flush();
    expect(reloaded.sent).toEqual([
      { itemId: 's1', status: 'going' },
      { itemId: 's2', status: 'maybe' },
    ]);
    expect(reloaded.indicator.waiting()).toBe(0);
  });

  it('on app start online, sends what an earlier visit left at once', async () => {
    const first = setup();
    first.queue.setUser('u1');
    await first.queue.answer(target('s1'), { status: 'going' });
    const started = setup();
    started.setOnline(true);
    started.queue.setUser('u1');
    await started.queue.flush();
    expect(started.sent).toEqual([{ itemId: 's1', status: 'going' }]);
    expect(started.queue.pendingCount()).toBe(0);
  });

  it('a 4xx drops the answer with a sentence, and the chip returns to the server’s answer', async () => {
    const { queue, indicator, setOnline, answerWith } = setup();
    queue.setUser('u1');
    await queue.answer(target('s1'), { status: 'going' });
    await queue.answer(target('s2'), { status: 'maybe' });
    answerWith(async (entry) => {
      if (entry.itemId === 's1') throw new FakeApiError(404, 'Schedule item not found');
      return null;
    });
    setOnline(true);
    await queue.flush();
    expect(indicator.outcomes).toEqual([
      'refused: Your RSVP "Going" to Item s1 was not saved: Schedule item not found',
      'synced',
    ]);
    expect(indicator.waiting()).toBe(0);
    // s2 was confirmed: it shows until the live listener has it; s1 is gone.
    expect(statuses(queue)).toEqual({ s2: { status: 'maybe', pending: false } });
    expect(queue.pendingCount()).toBe(0);
  });

  it('with the real write queue, a refused answer toasts a sentence and no "All changes synced"', async () => {
    const { queue, setOnline, answerWith } = setup({ track: undefined });
    queue.setUser('u1');
    await queue.answer(target('s1'), { status: 'going' });
    answerWith(async () => {
      throw new FakeApiError(403, 'You are not a member of this event.');
    });
    setOnline(true);
    await queue.flush();
    await vi.waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({
      title: 'A change made offline was not saved',
      description:
        'Your RSVP "Going" to Item s1 was not saved: You are not a member of this event.',
      status: 'error',
    });
  });

  it('no answer (lost connection) keeps everything queued for the next try', async () => {
    const { queue, sent, indicator, setOnline, answerWith } = setup();
    queue.setUser('u1');
    await queue.answer(target('s1'), { status: 'going' });
    await queue.answer(target('s2'), { status: 'going' });
    answerWith(async () => {
      throw new FakeApiError(0, 'No answer');
    });
    setOnline(true);
    await queue.flush();
    expect(sent).toHaveLength(1);
    expect(queue.pendingCount()).toBe(2);
    expect(indicator.waiting()).toBe(2);
    answerWith(async () => null);
    await queue.flush();
    expect(queue.pendingCount()).toBe(0);
    expect(indicator.waiting()).toBe(0);
  });

  it('online: saved when the server answers, without counting as waiting', async () => {
    const { queue, indicator, setOnline } = setup();
    setOnline(true);
    queue.setUser('u1');
    await expect(queue.answer(target('s1'), { status: 'maybe' })).resolves.toBe('saved');
    expect(indicator.waiting()).toBe(0);
    expect(statuses(queue)).toEqual({ s1: { status: 'maybe', pending: false } });
  });

  it('online, a request with no answer within 2.5 s counts as queued, never a spinner', async () => {
    vi.useFakeTimers();
    const onSlowAnswer = vi.fn();
    const { queue, indicator, setOnline, answerWith } = setup({ onSlowAnswer });
    setOnline(true);
    queue.setUser('u1');
    let finish!: () => void;
    answerWith(() => new Promise<void>((resolve) => (finish = resolve)));
    const outcome = queue.answer(target('s1'), { status: 'going' });
    expect(statuses(queue)).toEqual({ s1: { status: 'going', pending: false } });
    await vi.advanceTimersByTimeAsync(2500);
    await expect(outcome).resolves.toBe('queued');
    expect(statuses(queue)).toEqual({ s1: { status: 'going', pending: true } });
    expect(onSlowAnswer).toHaveBeenCalled();
    expect(indicator.waiting()).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(indicator.waiting()).toBe(0);
    expect(indicator.outcomes).toEqual(['synced']);
  });

  it('online, a refusal rejects the answer for the screen to say why (no queue toast)', async () => {
    const { queue, indicator, setOnline, answerWith } = setup();
    setOnline(true);
    queue.setUser('u1');
    answerWith(async () => {
      throw new FakeApiError(404, 'Schedule item not found');
    });
    await expect(queue.answer(target('s1'), { status: 'going' })).rejects.toThrow(
      'Schedule item not found',
    );
    expect(indicator.outcomes).toEqual([]);
    expect(statuses(queue)).toEqual({});
  });

  it('sends only the signed-in person’s answers and counts only theirs', async () => {
    const first = setup();
    first.queue.setUser('u1');
    await first.queue.answer(target('s1'), { status: 'going' });
    const next = setup();
    next.setOnline(true);
    next.queue.setUser('u2');
    await next.queue.flush();
    expect(next.sent).toEqual([]);
    expect(next.indicator.waiting()).toBe(0);
    expect(statuses(next.queue, 'u1')).toEqual({ s1: { status: 'going', pending: true } });
    next.queue.setUser('u1');
    await next.queue.flush();
    expect(next.sent).toEqual([{ itemId: 's1', status: 'going' }]);
  });

  it('ignores stored entries it cannot read', () => {
    localStorage.setItem('gatherly.rsvpQueue/u1/e1/s1', '{"status":"perhaps"}');
    localStorage.setItem('gatherly.rsvpQueue/u1/e1/s2', 'not json');
    const { queue } = setup();
    expect(statuses(queue)).toEqual({});
    expect(localStorage.length).toBe(0);
  });

  it('re-renders listeners when answers change', async () => {
    const { queue } = setup();
    const listener = vi.fn();
    queue.subscribe(listener);
    const before = queue.getVersion();
    await queue.answer(target('s1'), { status: 'going' satisfies RsvpStatus });
    expect(listener).toHaveBeenCalled();
    expect(queue.getVersion()).toBeGreaterThan(before);
  });
  it('carries the whole request: a party, answers and the wish to wait survive a reload and replay as given', async () => {
    const first = setup();
    first.queue.setUser('u1');
    const party: RsvpRequest = {
      status: 'going',
      guests: [
        { name: 'Sam Lee', child: false },
        { name: 'Kit Lee', child: true },
      ],
      answers: { diet: 'Vegetarian', needs: ['Step-free access'] },
      waitlist: true,
    };
    await expect(first.queue.answer(target('s1'), party)).resolves.toBe('queued');
    expect(first.queue.answersFor('u1', 'e1').get('s1')).toEqual({
      status: 'going',
      guests: party.guests,
      pending: true,
    });
    const stored = JSON.parse(localStorage.getItem('gatherly.rsvpQueue/u1/e1/s1')!) as unknown;
    expect(stored).toMatchObject({ uid: 'u1', itemId: 's1', ...party });

    const reloaded = setup();
    reloaded.queue.setUser('u1');
    expect(reloaded.queue.answersFor('u1', 'e1').get('s1')?.guests).toEqual(party.guests);
    reloaded.setOnline(true);
    await reloaded.queue.flush();
    expect(reloaded.bodies).toEqual([party]);
  });

  it('a plain answer sends the status alone (no empty party or answers)', async () => {
    const { queue, bodies, setOnline } = setup();
    setOnline(true);
    queue.setUser('u1');
    await queue.answer(target('s1'), { status: 'maybe' });
    expect(bodies).toEqual([{ status: 'maybe' }]);
  });

  it('online, a Going the server puts on the waitlist says so, and the chip shows it until the listener has it', async () => {
    const { queue, setOnline, answerWith } = setup();
    setOnline(true);
    queue.setUser('u1');
    answerWith(async () => 'waitlisted');
    const guests = [{ name: 'Sam Lee', child: false }];
    await expect(queue.answer(target('s1'), { status: 'going', guests })).resolves.toBe(
      'waitlisted',
    );
    expect(queue.answersFor('u1', 'e1').get('s1')).toEqual({
      status: 'waitlisted',
      guests,
      pending: false,
    });
  });

  it('online, a party that does not fit rejects with the 409 for the form to offer the waitlist', async () => {
    const { queue, setOnline, answerWith, indicator } = setup();
    setOnline(true);
    queue.setUser('u1');
    answerWith(async () => {
      throw new FakeApiError(409, 'Only 2 spots left for 3 people');
    });
    const refused = queue.answer(target('s1'), {
      status: 'going',
      guests: [
        { name: 'A', child: false },
        { name: 'B', child: false },
      ],
    });
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: 'Only 2 spots left for 3 people',
    });
    expect(statuses(queue)).toEqual({});
    expect(indicator.outcomes).toEqual([]);
  });

  it('a party refused while replaying is dropped with the server’s sentence', async () => {
    const { queue, indicator, setOnline, answerWith } = setup();
    queue.setUser('u1');
    await queue.answer(target('s1'), {
      status: 'going',
      guests: [
        { name: 'A', child: false },
        { name: 'B', child: false },
      ],
    });
    answerWith(async () => {
      throw new FakeApiError(409, 'Only 2 spots left for 3 people');
    });
    setOnline(true);
    await queue.flush();
    expect(indicator.outcomes).toEqual([
      'refused: Your RSVP "Going" to Item s1 was not saved: Only 2 spots left for 3 people',
    ]);
    expect(queue.pendingCount()).toBe(0);
  });

  it('reads stored entries field by field: older status-only entries stay, malformed parties go', () => {
    const base = { uid: 'u1', eventId: 'e1', itemId: 's1', title: 'Dinner', seq: 1 };
    const read = (v: unknown) => parseEntry(JSON.stringify(v));
    expect(read({ ...base, status: 'going' })).toEqual({ ...base, status: 'going' });
    expect(
      read({ ...base, status: 'going', guests: [{ name: 'Sam', child: true }], waitlist: false }),
    ).toEqual({
      ...base,
      status: 'going',
      guests: [{ name: 'Sam', child: true }],
      waitlist: false,
    });
    expect(read({ ...base, status: 'going', answers: { diet: 'Vegan', music: ['Jazz'] } })).toEqual(
      { ...base, status: 'going', answers: { diet: 'Vegan', music: ['Jazz'] } },
    );
    for (const bad of [
      { ...base, status: 'waitlisted' },
      { ...base, status: 'going', guests: 'Sam' },
      { ...base, status: 'going', guests: [{ name: 7, child: false }] },
      { ...base, status: 'going', guests: [{ name: 'Sam' }] },
      { ...base, status: 'going', answers: ['Vegan'] },
      { ...base, status: 'going', answers: { diet: 3 } },
      { ...base, status: 'going', answers: { music: ['Jazz', null] } },
      { ...base, status: 'going', waitlist: 'yes' },
      { ...base, seq: '1', status: 'going' },
      ['going'],
      null,
    ])
      expect(read(bad), JSON.stringify(bad)).toBeNull();
    // Fields it does not know are not carried into the request.
    expect(read({ ...base, status: 'maybe', admin: true })).toEqual({ ...base, status: 'maybe' });
  });
});
