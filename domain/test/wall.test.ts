import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROTATION,
  WALL_POOL_LIMIT,
  rotationRound,
  upcoming,
  wallReducer,
  type WallAction,
  type WallPhoto,
  type WallRotation,
} from '../src/wall.ts';

const photo = (id: string, minute: number, extra: Partial<WallPhoto> = {}): WallPhoto => ({
  id,
  imageUrl: `https://img.test/${id}`,
  thumbUrl: '',
  uploaderName: 'Ana',
  caption: '',
  votes: 0,
  featured: false,
  uploadedAt: new Date(Date.UTC(2026, 5, 1, 20, minute)).toISOString(),
  ...extra,
});

const full = (photos: WallPhoto[]): WallAction => ({
  type: 'feed',
  feed: { full: true, photos, removed: [] },
});
const changes = (photos: WallPhoto[], removed: string[] = []): WallAction => ({
  type: 'feed',
  feed: { full: false, photos, removed },
});
const run = (state: WallRotation, ...actions: WallAction[]) => actions.reduce(wallReducer, state);
const next = { type: 'next' } as const;
const previous = { type: 'previous' } as const;

/** The ids shown by `n` presses of next after `state`. */
function shown(state: WallRotation, n: number): string[] {
  const out: string[] = [];
  let s = state;
  for (let i = 0; i < n; i += 1) {
    s = wallReducer(s, next);
    out.push(s.current ?? '-');
  }
  return out;
}

describe('rotationRound', () => {
  it('puts featured first (newest first), then the most voted, then the rest newest first', () => {
    const order = rotationRound([
      photo('old', 1),
      photo('feat-old', 2, { featured: true }),
      photo('voted-2', 3, { votes: 2 }),
      photo('new', 9),
      photo('feat-new', 8, { featured: true, votes: 9 }),
      photo('voted-5', 4, { votes: 5 }),
    ]);
    expect(order).toEqual(['feat-new', 'feat-old', 'voted-5', 'voted-2', 'new', 'old']);
  });
});

describe('wallReducer', () => {
  it('starts on the first photo of a round and cycles through all of them', () => {
    const s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2, { featured: true })]));
    expect(s.current).toBe('b');
    expect(shown(s, 3)).toEqual(['a', 'b', 'a']);
  });

  it('shows a new upload next, before the rest of the round, oldest new first', () => {
    let s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2), photo('c', 3)]));
    expect(s.current).toBe('c');
    s = run(s, changes([photo('n2', 12), photo('n1', 11)]));
    expect(s.current).toBe('c');
    expect(shown(s, 4)).toEqual(['n1', 'n2', 'b', 'a']);
  });

  it('shows an upload first carried by the periodic full answer as new, not old ones back', () => {
    let s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2), photo('c', 3)]));
    // The full answer every minute carries a photo uploaded since the last poll, and an older
    // one back in the top voted.
    s = run(
      s,
      full([photo('a', 1), photo('b', 2), photo('c', 3), photo('n', 12), photo('old', 0)]),
    );
    expect(s.fresh).toEqual(['n']);
    expect(s.pool['old']).toBeDefined();
    expect(shown(s, 1)).toEqual(['n']);
  });

  it('takes a removed photo off at once, even the one on screen, and out of history', () => {
    let s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2), photo('c', 3)]), next);
    expect(s.current).toBe('b');
    s = run(s, changes([], ['b', 'c']));
    expect(s.current).toBe('a');
    expect(s.pool['b']).toBeUndefined();
    expect(run(s, previous).current).toBe('a');
  });

  it('drops what a full answer no longer carries, the photo on screen after its turn', () => {
    let s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2), photo('c', 3)]));
    expect(s.current).toBe('c');
    s = run(s, full([photo('a', 1), photo('b', 2)]), full([photo('a', 1)]));
    expect(s.current).toBe('c');
    expect(Object.keys(s.pool).sort()).toEqual(['a', 'c']);
    s = run(s, next);
    expect(s.current).toBe('a');
    s = run(s, full([photo('a', 1)]));
    expect(Object.keys(s.pool)).toEqual(['a']);
  });

  it('goes back with previous and forward again to the same photo', () => {
    const s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2), photo('c', 3)]), next, next);
    expect(s.current).toBe('a');
    const back = run(s, previous);
    expect(back.current).toBe('b');
    expect(run(back, next).current).toBe('a');
    expect(run(EMPTY_ROTATION, previous)).toBe(EMPTY_ROTATION);
  });

  it('updates votes and featured in place without showing the photo as new', () => {
    let s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2)]));
    s = run(s, changes([photo('a', 1, { featured: true })]));
    expect(s.fresh).toEqual([]);
    expect(s.pool['a']?.featured).toBe(true);
  });

  it('keeps its memory bounded, featured photos and the one on screen kept', () => {
    let s = run(EMPTY_ROTATION, full([photo('feat', 0, { featured: true })]));
    const many = Array.from({ length: WALL_POOL_LIMIT + 50 }, (_, i) =>
      photo(`p${String(i).padStart(3, '0')}`, 1 + i),
    );
    for (const p of many) s = run(s, changes([p]));
    expect(Object.keys(s.pool)).toHaveLength(WALL_POOL_LIMIT);
    expect(s.pool['feat']).toBeDefined();
    expect(s.pool['p249']).toBeDefined();
    expect(s.pool['p000']).toBeUndefined();
    expect(s.fresh.every((id) => s.pool[id] !== undefined)).toBe(true);
  });

  it('tells the photo next shows, across the end of a round too', () => {
    let s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2), photo('c', 3)]));
    expect(upcoming(s)?.id).toBe('b');
    s = run(s, next, next);
    expect(s.current).toBe('a');
    expect(upcoming(s)?.id).toBe(run(s, next).current);
    expect(upcoming(s)?.id).toBe('c');
    s = run(s, changes([photo('n', 9)]));
    expect(upcoming(s)?.id).toBe('n');
    expect(upcoming(EMPTY_ROTATION)).toBeNull();
  });

  it('passes over a photo whose image cannot load, keeping the one on screen and the photo', () => {
    let s = run(EMPTY_ROTATION, full([photo('a', 1), photo('b', 2), photo('c', 3)]));
    s = run(s, changes([photo('n1', 11), photo('n2', 12)]));
    expect(s.current).toBe('c');
    const skip = { type: 'skip' } as const;
    s = run(s, skip);
    expect(s.current).toBe('c');
    expect(s.history).toEqual([]);
    expect(s.pool['n1']).toBeDefined();
    expect(upcoming(s)?.id).toBe('n2');
    // The rest of the round, then n1 again in the next one.
    expect(shown(s, 5)).toEqual(['n2', 'b', 'a', 'n2', 'n1']);
    expect(run(EMPTY_ROTATION, skip)).toBe(EMPTY_ROTATION);
  });

  it('is empty with nothing to show', () => {
    expect(run(EMPTY_ROTATION, full([]), next).current).toBeNull();
  });
});
