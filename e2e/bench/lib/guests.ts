// The people of the API benches (bench:reception, bench:wall): accounts made in the Auth
// emulator with the admin SDK, each signed in with the client Auth SDK (a custom token) and
// calling the real /api with its ID token, as a phone does; events created through the API and
// memberships written as an accepted invitation writes them.
import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken, type Auth } from 'firebase/auth';
import type { MemberRole } from '@gatherly/domain/entities/members';
import { memberSearchTokens } from '@gatherly/domain/search';
import { dataAccess } from '../../../functions/src/db.ts';
import type { Outcome } from './op-stats.ts';

export const PROJECT_ID = 'demo-gatherly';
export const BUCKET = `${PROJECT_ID}.appspot.com`;
export const HOST = '127.0.0.1';
// The fixed ports of `npm start` (firebase.json).
export const FIRESTORE = `${HOST}:8080`;
export const STORAGE_PORT = 9199;
const AUTH = `${HOST}:9099`;

/** Points the admin SDK at `npm start`'s emulators (call before any admin app is made). */
export function useEmulators(): void {
  Object.assign(process.env, {
    // The Functions emulator gives a new worker process 30 s to start; on a loaded 2-core
    // machine a trigger's first worker can take longer, and its events then fail. `npm start`
    // inherits it.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '120',
    // The Functions emulator runs each concurrent call or trigger event in a worker process of
    // its own, unbounded by default: a room of calls on 2 cores became a storm of process
    // starts. Six at a time keeps workers warm and reused; the rest queue in the emulator.
    FUNCTIONS_EMULATOR_PARALLEL: process.env.FUNCTIONS_EMULATOR_PARALLEL ?? '6',
    FIRESTORE_EMULATOR_HOST: FIRESTORE,
    FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${STORAGE_PORT}`,
    FIREBASE_AUTH_EMULATOR_HOST: AUTH,
    // firebase-admin would otherwise probe for a cloud metadata server.
    METADATA_SERVER_DETECTION: 'none',
  });
}

/** Paths of the /api routes the benches call (one place, for when routes move). */
export const API = {
  login: '/api/auth/login',
  events: '/api/events',
  photos: (e: string) => `/api/events/${e}/photos`,
  vote: (e: string, p: string) => `/api/events/${e}/photos/${p}/vote`,
  carpools: (e: string) => `/api/events/${e}/carpools`,
  join: (e: string, c: string) => `/api/events/${e}/carpools/${c}/join`,
  rsvp: (e: string, s: string) => `/api/events/${e}/schedule/${s}/rsvp`,
  capacity: (e: string, s: string) => `/api/events/${e}/schedule/${s}/capacity`,
  subscription: '/api/user/subscription',
  wallLinks: (e: string) => `/api/events/${e}/wall-links`,
};

export interface Guest {
  index: number;
  uid: string;
  name: string;
  app: FirebaseApp;
  auth: Auth;
}

/** A call the API refused or that got no answer (status 0), with the server's sentence. */
export class CallError extends Error {
  constructor(readonly outcome: Outcome) {
    super(`${outcome.status}: ${outcome.message}`);
  }
}

/** One /api call as `guest`, with their ID token; the parsed answer, or a CallError. */
export async function api<T>(
  baseUrl: string,
  guest: Guest,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const token = await guest.auth.currentUser!.getIdToken();
  let res: Response;
  try {
    res = await fetch(baseUrl + apiPath, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (err) {
    // Node's "fetch failed" says why only in its cause (a reset, a refused connection).
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : null;
    const why = cause ? ` (${'code' in cause ? String(cause.code) : cause.message})` : '';
    const message = err instanceof Error ? err.message : String(err);
    throw new CallError({ status: 0, message: message + why });
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (!res.ok) {
    const message =
      parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string'
        ? parsed.error
        : text.slice(0, 120);
    throw new CallError({ status: res.status, message });
  }
  return parsed as T;
}

async function signIn(baseUrl: string, index: number, uid: string, token: string, name: string) {
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId: PROJECT_ID, storageBucket: BUCKET },
    `guest-${index}-${randomUUID()}`,
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${AUTH}`, { disableWarnings: true });
  await signInWithCustomToken(auth, token);
  const guest: Guest = { index, uid, name, app, auth };
  await api(baseUrl, guest, 'POST', API.login);
  return guest;
}

/**
 * `n` new accounts `{prefix}-{k}` named `name(k)`, signed in and logged in through the API, four
 * at a time (the local Functions emulator starts a worker per concurrent call). `from`: the
 * first one's `index` (distinct across groups, for distinct images and app names).
 */
export async function createPeople(
  admin: App,
  baseUrl: string,
  prefix: string,
  n: number,
  from: number,
  name: (k: number) => string,
): Promise<Guest[]> {
  const adminAuth = getAdminAuth(admin);
  const out: Guest[] = [];
  for (let i = 0; i < n; i += 4) {
    const chunk = Array.from({ length: Math.min(4, n - i) }, (_, j) => i + j);
    out.push(
      ...(await Promise.all(
        chunk.map(async (k) => {
          const uid = `${prefix}-${k}`;
          const displayName = name(k);
          await adminAuth.createUser({ uid, email: `${uid}@example.com`, displayName });
          const token = await adminAuth.createCustomToken(uid);
          return signIn(baseUrl, from + k, uid, token, displayName);
        }),
      )),
    );
  }
  return out;
}

/** Makes `host` an Enterprise subscriber (what a purchase writes), for the Enterprise limits. */
export async function makeEnterprise(admin: App, host: Guest): Promise<void> {
  await getAdminFirestore(admin)
    .doc(`users/${host.uid}`)
    .set({ subscriptionTier: 'enterprise' }, { merge: true });
}

/** An event created through the API by `host` (its creator), starting within the hour. */
export async function createEvent(baseUrl: string, host: Guest, name: string): Promise<string> {
  const res = await api<{ event: { id: string } }>(baseUrl, host, 'POST', API.events, {
    name,
    description: 'After the first dance',
    location: 'The barn',
    startDate: new Date(Date.now() + 3600_000).toISOString(),
    endDate: new Date(Date.now() + 8 * 3600_000).toISOString(),
    timeZone: 'Europe/Lisbon',
  });
  return res.event.id;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Memberships as invitation accepts write them (the invitation flow is not what is measured),
 * and the member count. Ten at a time, a second apart: each member starts its feed trigger, and
 * the local Functions emulator starts a worker process per trigger running at once (a batch of
 * 200 is a storm of process starts that a loaded 2-core machine does not survive).
 */
export async function addAttendees(admin: App, eventId: string, list: Guest[]): Promise<void> {
  const db = getAdminFirestore(admin);
  const store = dataAccess(db);
  for (let i = 0; i < list.length; i += 10) {
    if (i > 0) await sleep(1000);
    const batch = db.batch();
    for (const g of list.slice(i, i + 10)) {
      const role: MemberRole = 'attendee';
      batch.set(db.doc(`events/${eventId}/members/${g.uid}`), {
        id: g.uid,
        eventId,
        userId: g.uid,
        role,
        joinedAt: Timestamp.now(),
        user: { displayName: g.name, email: `${g.uid}@example.com`, photoURL: '' },
        searchTokens: memberSearchTokens(g.name, `${g.uid}@example.com`),
      });
    }
    await batch.commit();
  }
  await db.runTransaction(async (tx) => {
    const stats = (await tx.get(store.stats.members(eventId))).data();
    if (!stats) throw new Error('no stats/members');
    tx.set(store.stats.members(eventId), {
      ...stats,
      total: stats.total + list.length,
      attendee: stats.attendee + list.length,
    });
  });
}
