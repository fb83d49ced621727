// The live photo wall (docs/product.md, "Photo wall"): what a wall link opens, the answer of the
// public wall endpoint, and the pure rotation the wall screen runs (new uploads first, then the
// featured photos, the most voted and the rest). No Firebase here: the function projects stored
// photos into `WallPhoto`, the screen feeds `WallFeed`s into `wallReducer`.
import type { IsoDateString } from './entities/common.ts';
import type { ThemeColors, WallSettings } from './entities/events.ts';
import type { WallState } from './entities/photos.ts';

export type { WallSettings, WallState };

/** Wall links an event may have at once (Settings lists them all; a TV per room is plenty). */
export const MAX_WALL_LINKS = 10;

/** How long each photo stays, in seconds, unless the host sets another pace. */
export const DEFAULT_WALL_PACE_SECONDS = 8;
export const WALL_PACE_CHOICES = [5, 8, 12, 20] as const;

/** Photos the full answer carries: the newest, and the featured and most-voted beyond them. */
export const WALL_NEWEST = 60;
export const WALL_TOP = 20;
/** Changed photos one poll answers at most; the wall asks again at once when it got this many. */
export const WALL_CHANGES_PAGE = 50;
/** Photos the screen keeps in memory (it forgets the oldest plain ones beyond this). */
export const WALL_POOL_LIMIT = 200;
/** How often the screen asks for changes: new uploads appear within about 2 s. */
export const WALL_POLL_MS = 1500;
/** How often it reloads the full answer (vote ranks move slowly). */
export const WALL_REFRESH_MS = 60_000;

export const WALL_MESSAGES = {
  linkNotFound: 'This wall link is no longer valid. Ask the host for a new one.',
  linkLimit: `An event can have at most ${MAX_WALL_LINKS} wall links. Revoke one first.`,
  linkNotFoundAdmin: 'Wall link not found',
  caption: 'Scan to share your photos',
} as const;

export const DEFAULT_WALL_SETTINGS: Readonly<WallSettings> = Object.freeze({
  paceSeconds: DEFAULT_WALL_PACE_SECONDS,
  approveFirst: false,
});

export const WALL_STATES: readonly WallState[] = ['shown', 'pending', 'hidden'];

/** Whether a photo is on the wall (photos recorded before the wall existed are). */
export const isOnWall = (state: WallState | undefined) => state === undefined || state === 'shown';

/** The moderation queue's page and the wall state an admin may set. */
export const WALL_QUEUE_PAGE = 50;

/** Admins' wall page in Settings: the links and the settings. */
export interface WallAdminView {
  links: WallLinkSummary[];
  settings: WallSettings;
}

/** The approval queue: the oldest waiting photos first, and how many wait. */
export interface WallQueue {
  photos: WallPhoto[];
  count: number;
}
/** A wall link as admins see it in Settings (its secret is shown once, when created). */
export interface WallLinkSummary {
  /** The stored id: the SHA-256 of the secret, never the secret. */
  id: string;
  createdAt: IsoDateString;
  createdByName: string;
}

/** The answer to creating a wall link: its one showing of the URL with the secret. */
export interface WallLinkCreated {
  link: WallLinkSummary;
  url: string;
}

/** A photo as the wall shows it: the projected fields and nothing else. */
export interface WallPhoto {
  id: string;
  /** The display-size image (the upload's ≤2560 px copy; the thumbnail when that is larger than 4 MB). */
  imageUrl: string;
  /** The 480 px thumbnail ('' when none): the blurred backdrop and a quick first paint. */
  thumbUrl: string;
  uploaderName: string;
  caption: string;
  votes: number;
  featured: boolean;
  uploadedAt: IsoDateString;
}

/** The event as the wall shows it. */
export interface WallBranding {
  eventName: string;
  colors: ThemeColors;
  logoUrl: string;
  /** Where the corner QR code leads (the event link when on, else the gallery's upload sheet). */
  qrUrl: string;
  paceSeconds: number;
}

/**
 * One answer of GET /api/walls/{secret}. Without `since`: the full set (`full: true`). With it:
 * the photos changed after it that are shown, and the ids of those that left the wall.
 */
export interface WallFeed {
  wall: WallBranding;
  full: boolean;
  photos: WallPhoto[];
  removed: string[];
  /** Pass as `since` next time (milliseconds of the last change seen). */
  cursor: number;
  /** More changes wait: ask again at once. */
  more: boolean;
}

// ---- Rotation ------------------------------------------------------------------------------

export interface WallRotation {
  pool: Readonly<Record<string, WallPhoto>>;
  /** New uploads not shown yet, oldest first: they go before anything else. */
  fresh: readonly string[];
  /** The current round of the rotation and how far it went. */
  round: readonly string[];
  roundIndex: number;
  /** Shown before the current one, newest last (for "previous"), bounded. */
  history: readonly string[];
  current: string | null;
}

export const EMPTY_ROTATION: WallRotation = {
  pool: {},
  fresh: [],
  round: [],
  roundIndex: 0,
  history: [],
  current: null,
};

const HISTORY_LIMIT = 50;

export type WallAction =
  | { type: 'feed'; feed: Pick<WallFeed, 'full' | 'photos' | 'removed'> }
  | { type: 'next' }
  | { type: 'previous' }
  /** The upcoming photo's image cannot load (a deleted photo): pass over it, keep the current. */
  | { type: 'skip' };

const newestFirst = (a: WallPhoto, b: WallPhoto) =>
  b.uploadedAt.localeCompare(a.uploadedAt) || a.id.localeCompare(b.id);

/** One round: featured (newest first), then the most voted, then the rest (newest first). */
export function rotationRound(photos: readonly WallPhoto[]): string[] {
  const featured = photos.filter((p) => p.featured).sort(newestFirst);
  const voted = photos
    .filter((p) => !p.featured && p.votes > 0)
    .sort((a, b) => b.votes - a.votes || newestFirst(a, b))
    .slice(0, WALL_TOP);
  const taken = new Set([...featured, ...voted].map((p) => p.id));
  const rest = photos.filter((p) => !taken.has(p.id)).sort(newestFirst);
  return [...featured, ...voted, ...rest].map((p) => p.id);
}

/** The pool within its limit: featured photos stay, the oldest others go first. */
function bounded(pool: Record<string, WallPhoto>, keep: string | null): Record<string, WallPhoto> {
  const all = Object.values(pool);
  if (all.length <= WALL_POOL_LIMIT) return pool;
  const evictable = all
    .filter((p) => !p.featured && p.id !== keep)
    .sort(newestFirst)
    .reverse();
  const out = { ...pool };
  for (const p of evictable.slice(0, all.length - WALL_POOL_LIMIT)) delete out[p.id];
  return out;
}

function advance(state: WallRotation): WallRotation {
  const history = state.current
    ? [...state.history, state.current].slice(-HISTORY_LIMIT)
    : state.history;
  const [fresh, ...restFresh] = state.fresh;
  if (fresh !== undefined) return { ...state, fresh: restFresh, history, current: fresh };
  let { round, roundIndex } = state;
  if (roundIndex >= round.length) {
    round = rotationRound(Object.values(state.pool)).filter(
      (id) => id !== state.current || Object.keys(state.pool).length === 1,
    );
    roundIndex = 0;
  }
  while (roundIndex < round.length && !state.pool[round[roundIndex] ?? '']) roundIndex += 1;
  const current = round[roundIndex] ?? null;
  if (current === null) return { ...state, round: [], roundIndex: 0, current: null };
  return { ...state, round, roundIndex: roundIndex + 1, history, current };
}

/**
 * The photo `next` would show (the screen loads its image ahead and moves on once it has), also
 * across the end of a round; null when there is none.
 */
export function upcoming(state: WallRotation): WallPhoto | null {
  const id = advance(state).current;
  return id === null ? null : (state.pool[id] ?? null);
}

/** The wall's state after a feed answer or a control (pure: the screen holds it in a reducer). */
export function wallReducer(state: WallRotation, action: WallAction): WallRotation {
  switch (action.type) {
    case 'next':
      return advance(state);
    case 'skip': {
      // The photo stays in the pool (the next round tries it again; a full answer drops it
      // when it is gone); the one on screen stays.
      const passed = advance(state);
      if (passed.current === null) return state;
      return { ...passed, history: state.history, current: state.current };
    }
    case 'previous': {
      const previous = state.history.at(-1);
      if (previous === undefined) return state;
      // The photo left is shown again next, so "previous" then "next" returns to it.
      const fresh = state.current ? [state.current, ...state.fresh] : state.fresh;
      return { ...state, history: state.history.slice(0, -1), fresh, current: previous };
    }
    case 'feed': {
      const { full, photos, removed } = action.feed;
      const gone = new Set(removed);
      const incoming = new Map(photos.map((p) => [p.id, p]));
      if (full) {
        // Whatever the full answer no longer carries has left the wall or aged out of it; the
        // photo on screen finishes its turn (a busy minute ages it out while it is shown).
        for (const id of Object.keys(state.pool))
          if (!incoming.has(id) && id !== state.current) gone.add(id);
      }
      const pool: Record<string, WallPhoto> = {};
      for (const [id, p] of Object.entries(state.pool)) if (!gone.has(id)) pool[id] = p;
      // A full answer also carries uploads made since the last poll (its cursor trails the
      // clock): those newer than anything the wall has are new too, the rest are known ones
      // coming back (ranks moved, the pool's bound dropped them).
      const newest = Object.values(state.pool).reduce(
        (max, p) => (p.uploadedAt > max ? p.uploadedAt : max),
        '',
      );
      const newcomers: string[] = [];
      for (const p of photos) {
        const isNew = !pool[p.id] && state.current !== null && (!full || p.uploadedAt > newest);
        if (isNew) newcomers.push(p.id);
        pool[p.id] = p;
      }
      newcomers.sort((a, b) =>
        (pool[a]?.uploadedAt ?? '').localeCompare(pool[b]?.uploadedAt ?? ''),
      );
      const keep = (id: string) => !gone.has(id) && pool[id] !== undefined;
      const fresh = [
        ...state.fresh.filter(keep),
        ...newcomers.filter((id) => !state.fresh.includes(id)),
      ];
      let next: WallRotation = {
        pool: bounded(pool, state.current),
        fresh,
        round: state.round,
        roundIndex: state.roundIndex,
        history: state.history.filter(keep),
        current: state.current,
      };
      next = { ...next, fresh: next.fresh.filter((id) => next.pool[id] !== undefined) };
      if (next.current === null || !next.pool[next.current]) {
        next = advance({ ...next, current: null });
      }
      return next;
    }
  }
}
