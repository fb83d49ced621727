import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Firestore } from 'firebase-admin/firestore';

export const PROJECT_ID = 'demo-gatherly';
export const BUCKET = `${PROJECT_ID}.appspot.com`;

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  token: string;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned (alg none) ID token as the Auth emulator issues; admin accepts it in emulator mode. */
export function mintToken(uid: string, email: string, name: string, overrides: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    sub: uid,
    user_id: uid,
    email,
    email_verified: true,
    name,
    firebase: { identities: { email: [email] }, sign_in_provider: 'google.com' },
    ...overrides,
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

let counter = 0;
/** A fresh user with a unique uid and address (tests share one database). */
export function newUser(label = 'user'): TestUser {
  counter += 1;
  const id = `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.com`;
  const name = `${label} ${counter}`;
  return { uid: id, email, name, token: mintToken(id, email, name) };
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface Stack {
  baseUrl: string;
  db: Firestore;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: { as?: TestUser | null; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  stop(): Promise<void>;
}

/**
 * Starts the offline Firestore and Storage emulators on random ports (unless
 * GATHERLY_EMULATORS=official, where the environment already names running emulators), points
 * firebase-admin at them, and serves the exported `api` function over node http on a random port.
 */
export async function startStack(): Promise<Stack> {
  let stopEmulators: () => Promise<void> = async () => {};
  if (process.env.GATHERLY_EMULATORS !== 'official') {
    const { startEmulators } = await import('@gatherly/emulator/index');
    const emulators = await startEmulators({ firestorePort: 0, storagePort: 0, host: '127.0.0.1', logLevel: 'error' });
    process.env.FIRESTORE_EMULATOR_HOST = `${emulators.firestore.host}:${emulators.firestore.port}`;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `${emulators.storage.host}:${emulators.storage.port}`;
    stopEmulators = () => emulators.stop();
  }
  // Never contacted: with it set, verifyIdToken accepts unsigned emulator tokens locally.
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  process.env.APP_ORIGIN = 'http://app.test';

  const { api } = await import('../src/index.ts');
  const { db } = await import('../src/firebase.ts');
  const server: Server = createServer((req, res) => {
    void api(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    db: db(),
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.as) headers.authorization = `Bearer ${opts.as.token}`;
      let body: string | undefined;
      if (opts.rawBody !== undefined) body = opts.rawBody;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // non-JSON answers are kept as text so the assertion shows them
      }
      return { status: res.status, body: parsed as never };
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopEmulators();
    },
  };
}
