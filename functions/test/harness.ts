import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Firestore } from 'firebase-admin/firestore';
import type { DataAccess } from '../src/db.ts';

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
export function mintToken(
  uid: string,
  email: string,
  name: string,
  overrides: Record<string, unknown> = {},
): string {
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

interface AuthEmulatorModule {
  createApp(
    projectId: string,
  ): Promise<{ listen(port: number, host: string, cb: () => void): Server }>;
}

/** firebase-tools' Auth emulator on a random port, in this process. */
export async function startAuthEmulator(): Promise<{ host: string; stop: () => Promise<void> }> {
  // firebase-tools ships no types for its emulator internals; createApp is the Auth emulator's server.
  const mod = createRequire(import.meta.url)(
    'firebase-tools/lib/emulator/auth/server.js',
  ) as AuthEmulatorModule;
  const app = await mod.createApp(PROJECT_ID);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
  /** The functions' own typed references over `db`. */
  store: DataAccess;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: {
      as?: TestUser | null;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
    },
  ): Promise<Reply<T>>;
  stop(): Promise<void>;
}

/**
 * Starts the offline Firestore and Storage emulators on random ports (unless
 * GATHERLY_EMULATORS=official, where the environment already names running emulators), points
 * firebase-admin at them, and serves the exported `api` function over node http on a random port.
 */
export async function startStack(options: { authEmulatorHost?: string } = {}): Promise<Stack> {
  let stopEmulators: () => Promise<void> = async () => {};
  if (process.env.GATHERLY_EMULATORS !== 'official') {
    const { startEmulators } = await import('@gatherly/emulator/index');
    const emulators = await startEmulators({
      firestorePort: 0,
      storagePort: 0,
      host: '127.0.0.1',
      logLevel: 'error',
      firestoreIndexes: fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url)),
    });
    process.env.FIRESTORE_EMULATOR_HOST = `${emulators.firestore.host}:${emulators.firestore.port}`;
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = `${emulators.storage.host}:${emulators.storage.port}`;
    stopEmulators = () => emulators.stop();
  }
  // In emulator mode verifyIdToken accepts unsigned tokens but asks the Auth emulator whether the
  // user exists and is enabled, so a real one runs (firebase-tools' own, offline). Test files get
  // the shared one from the global setup; scripts start their own.
  let stopAuth: () => Promise<void> = async () => {};
  if (options.authEmulatorHost) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = options.authEmulatorHost;
  } else {
    const auth = await startAuthEmulator();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
    stopAuth = auth.stop;
  }
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  process.env.APP_ORIGIN = 'http://app.test';

  const { api } = await import('../src/index.ts');
  const { db, auth, store } = await import('../src/firebase.ts');
  /**
   * Test users exist in the Auth emulator before their first call, as after a real sign-in.
   * The creation is shared, so a user's concurrent first calls all wait for the account.
   */
  const registered = new Map<string, Promise<unknown>>();
  const register = (user: TestUser) => {
    let created = registered.get(user.uid);
    if (!created) {
      created = auth().createUser({
        uid: user.uid,
        email: user.email,
        displayName: user.name,
        emailVerified: true,
      });
      registered.set(user.uid, created);
    }
    return created;
  };
  const server: Server = createServer((req, res) => {
    // The exported function takes express types; it only uses node's own request/response API.
    void api(
      req as unknown as Parameters<typeof api>[0],
      res as unknown as Parameters<typeof api>[1],
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    db: db(),
    store: store(),
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.as) {
        await register(opts.as);
        headers.authorization = `Bearer ${opts.as.token}`;
      }
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
      await stopAuth();
    },
  };
}
