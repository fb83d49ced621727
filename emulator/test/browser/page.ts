// Runs inside headless Chromium: the firebase browser SDK (WebChannel + REST for Firestore,
// XHR for Storage) against the offline emulators. run.ts drives it through window.harness.
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  increment,
  initializeFirestore,
  onSnapshot,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
  type Unsubscribe,
} from 'firebase/firestore';
import {
  connectStorageEmulator,
  getBytes,
  getDownloadURL,
  getStorage,
  ref,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';

interface HarnessConfig {
  projectId: string;
  uid: string;
  firestorePort: number;
  storagePort: number;
  /** Force the long-polling back channel instead of the default streaming one. */
  longPolling?: boolean;
}

let app: FirebaseApp | null = null;
let db: Firestore;
let storage: FirebaseStorage;
const listeners = new Map<string, Unsubscribe>();
/** Every snapshot a listener saw: value of `n` and the page clock when it arrived. */
const seen = new Map<
  string,
  Array<{ n: number | null; at: number; fromCache: boolean; pending: boolean }>
>();

const harness = {
  async init(config: HarnessConfig): Promise<void> {
    app = initializeApp(
      {
        projectId: config.projectId,
        apiKey: 'demo-key',
        storageBucket: `${config.projectId}.appspot.com`,
      },
      config.uid,
    );
    db = config.longPolling
      ? initializeFirestore(app, { experimentalForceLongPolling: true })
      : getFirestore(app);
    connectFirestoreEmulator(db, '127.0.0.1', config.firestorePort, {
      mockUserToken: { user_id: config.uid, sub: config.uid },
    });
    storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', config.storagePort, {
      mockUserToken: { user_id: config.uid, sub: config.uid },
    });
  },

  async write(path: string, data: Record<string, unknown>): Promise<void> {
    await setDoc(doc(db, path), { ...data, at: serverTimestamp() });
  },

  async update(path: string, data: Record<string, unknown>): Promise<void> {
    await updateDoc(doc(db, path), data);
  },

  async read(path: string): Promise<Record<string, unknown> | null> {
    const snap = await getDoc(doc(db, path));
    if (!snap.exists()) return null;
    const { at: _at, ...rest } = snap.data();
    return rest;
  },

  listen(path: string): void {
    seen.set(path, []);
    listeners.set(
      path,
      onSnapshot(doc(db, path), { includeMetadataChanges: false }, (snap) => {
        const n = snap.exists() ? (snap.get('n') as number) : null;
        seen.get(path)?.push({
          n,
          at: performance.now() + performance.timeOrigin,
          fromCache: snap.metadata.fromCache,
          pending: snap.metadata.hasPendingWrites,
        });
      }),
    );
  },

  seen(
    path: string,
  ): Array<{ n: number | null; at: number; fromCache: boolean; pending: boolean }> {
    return seen.get(path) ?? [];
  },

  /** Resolves when the listener on `path` has delivered `n` from the server; the arrival time. */
  waitFor(path: string, n: number, timeoutMs: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const start = Date.now();
      const check = (): void => {
        const hit = (seen.get(path) ?? []).find((s) => s.n === n && !s.pending);
        if (hit) return resolve(hit.at);
        if (Date.now() - start > timeoutMs)
          return reject(new Error(`no snapshot with n=${n} on ${path} within ${timeoutMs} ms`));
        setTimeout(check, 1);
      };
      check();
    });
  },

  now(): number {
    return performance.now() + performance.timeOrigin;
  },

  async transferIncrement(path: string, times: number): Promise<number> {
    const ref_ = doc(db, path);
    await Promise.all(
      Array.from({ length: times }, () =>
        runTransaction(db, async (tx) => {
          const snap = await tx.get(ref_);
          const current = snap.exists() ? (snap.get('count') as number) : 0;
          tx.set(ref_, { count: current + 1 }, { merge: true });
        }),
      ),
    );
    await updateDoc(ref_, { bumps: increment(1) });
    const final = await getDoc(ref_);
    return final.get('count') as number;
  },

  async denied(kind: 'read' | 'write' | 'upload', path: string): Promise<string> {
    try {
      if (kind === 'read') await getDoc(doc(db, path));
      else if (kind === 'write') await setDoc(doc(db, path), { x: 1 });
      else
        await uploadBytesResumable(ref(storage, path), new Uint8Array(10), {
          contentType: 'image/png',
        });
      return 'allowed';
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  },

  /**
   * Uploads a real PNG of about `approxBytes` (random pixels, so it barely compresses) made with
   * the browser's own encoder; returns progress events, timing and the image's digest.
   */
  async upload(
    path: string,
    approxBytes: number,
  ): Promise<{ progress: number[]; ms: number; digest: string; size: number }> {
    // Grow the canvas until the encoded PNG reaches the wanted size (PNG compresses a little).
    let blob: Blob | null = null;
    for (
      let side = Math.ceil(Math.sqrt(approxBytes / 4));
      !blob || blob.size < approxBytes;
      side = Math.ceil(side * 1.08)
    ) {
      blob = await noisePng(side);
    }
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const progress: number[] = [];
    const started = performance.now();
    const task = uploadBytesResumable(ref(storage, path), blob, { contentType: 'image/png' });
    task.on('state_changed', (s) => progress.push(s.bytesTransferred));
    await task;
    const ms = performance.now() - started;
    return { progress, ms, digest: await sha256(bytes), size: bytes.length };
  },

  async download(path: string): Promise<{ size: number; digest: string; viaUrl: string }> {
    const bytes = new Uint8Array(await getBytes(ref(storage, path)));
    const url = await getDownloadURL(ref(storage, path));
    const fetched = new Uint8Array(await (await fetch(url)).arrayBuffer());
    return { size: bytes.length, digest: await sha256(bytes), viaUrl: await sha256(fetched) };
  },

  async shutdown(): Promise<void> {
    for (const unsubscribe of listeners.values()) unsubscribe();
    if (app) await deleteApp(app);
  },
};

async function noisePng(side: number): Promise<Blob> {
  const canvas = new BrowserCanvas(side, side);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const pixels = context.createImageData(side, side);
  crypto.getRandomValues(pixels.data.subarray(0, 65536));
  for (let i = 65536; i < pixels.data.length; i += 65536) pixels.data.copyWithin(i, 0, 65536);
  for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
  for (let i = 0; i < pixels.data.length; i += 4099) pixels.data[i] = (i * 7) & 0xff;
  context.putImageData(pixels, 0, 0);
  return canvas.convertToBlob({ type: 'image/png' });
}

// The emulator workspace compiles without the DOM library; the few canvas members used here.
interface Canvas2D {
  createImageData(width: number, height: number): { data: Uint8ClampedArray };
  putImageData(image: { data: Uint8ClampedArray }, x: number, y: number): void;
}
const BrowserCanvas = (
  globalThis as unknown as {
    OffscreenCanvas: new (
      width: number,
      height: number,
    ) => {
      getContext(kind: '2d'): Canvas2D | null;
      convertToBlob(options: { type: string }): Promise<Blob>;
    };
  }
).OffscreenCanvas;

async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

(globalThis as unknown as { harness: typeof harness }).harness = harness;
export type Harness = typeof harness;
