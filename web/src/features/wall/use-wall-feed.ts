// The wall's live data: polls the wall endpoint (changes every WALL_POLL_MS, the full answer
// every WALL_REFRESH_MS) into the domain's rotation reducer. A failed poll keeps what the wall
// has (offline at the venue) and tries again; a refused link stops with the server's sentence.
import { useEffect, useReducer, useState } from 'react';
import {
  EMPTY_ROTATION,
  WALL_POLL_MS,
  WALL_REFRESH_MS,
  wallReducer,
  type WallAction,
  type WallBranding,
  type WallRotation,
} from '@gatherly/domain/wall';
import { ApiError } from '../../lib/api.ts';
import { loadWallFeed, type WallSource } from './data.ts';

/** Between tries while the network is down. */
const RETRY_MS = 3000;

export type WallConnection = 'loading' | 'live' | 'offline' | { gone: string };

export interface WallFeedState {
  rotation: WallRotation;
  dispatch: (action: WallAction) => void;
  branding: WallBranding | null;
  connection: WallConnection;
}

const keyOf = (source: WallSource) =>
  source.kind === 'link' ? `link:${source.secret}` : `event:${source.eventId}`;

export function useWallFeed(source: WallSource): WallFeedState {
  const [rotation, dispatch] = useReducer(wallReducer, EMPTY_ROTATION);
  const [branding, setBranding] = useState<WallBranding | null>(null);
  const [connection, setConnection] = useState<WallConnection>('loading');
  const key = keyOf(source);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cursor: number | null = null;
    let fullAt = 0;
    const poll = async () => {
      const full = cursor === null || Date.now() - fullAt >= WALL_REFRESH_MS;
      try {
        const feed = await loadWallFeed(source, full ? null : cursor);
        if (stopped) return;
        if (full) fullAt = Date.now();
        cursor = feed.cursor;
        setBranding((old) => (old && sameBranding(old, feed.wall) ? old : feed.wall));
        dispatch({ type: 'feed', feed });
        setConnection('live');
        timer = setTimeout(() => void poll(), feed.more ? 0 : WALL_POLL_MS);
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 403)) {
          setConnection({ gone: err.message });
          return;
        }
        // Offline, unreachable or busy: keep showing what we have and ask again.
        setConnection(err instanceof ApiError && err.status === 0 ? 'offline' : 'live');
        timer = setTimeout(() => void poll(), RETRY_MS);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // The source is identified by its key; a new object with the same key is the same wall.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by `key` (see above)
  }, [key]);

  return { rotation, dispatch, branding, connection };
}

function sameBranding(a: WallBranding, b: WallBranding): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
