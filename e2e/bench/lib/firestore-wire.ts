// What a page receives from Firestore, read off the wire with the Chrome DevTools Protocol: every
// response body from the Firestore origin, streamed as it arrives (Network.streamResourceContent,
// so WebChannel back channels that stay open are counted too), and the documents inside them,
// parsed from the WebChannel frames (Listen) and the REST answers (aggregations, queries).
import { gzipSync } from 'node:zlib';
import type { CDPSession } from 'playwright-core';

/** Everything counted for one screen open. */
export interface FirestoreTraffic {
  /** Response body bytes from the Firestore origin as received (headers not included). */
  bytes: number;
  /** The same bodies gzip-compressed (what a compressing front end would send, roughly). */
  gzipBytes: number;
  /** HTTP requests to the Firestore origin. */
  requests: number;
  /** Documents delivered by Listen (each document change = one billed read in production). */
  listenDocuments: number;
  /** Documents in REST answers (runQuery, batchGet, get). */
  restDocuments: number;
  /** Listen targets the page opened (queries and document gets). */
  listenTargets: number;
  /** Aggregation queries run and the counts they returned. */
  aggregations: number[];
  /** Listen documents per collection id, with the JSON size of their messages. */
  byCollection: Record<string, { documents: number; bytes: number }>;
}

/** Production document reads: one per document received, aggregations one per 1,000 index entries (min. 1). */
export function billedReads(t: FirestoreTraffic): number {
  const aggregationReads = t.aggregations.reduce(
    (n, count) => n + Math.max(1, Math.ceil(count / 1000)),
    0,
  );
  return t.listenDocuments + t.restDocuments + aggregationReads;
}

/**
 * WebChannel back-channel body: chunks `<length>\n<JSON>` (length in UTF-16 code units), each
 * JSON a list of `[arrayId, payload]`. A trailing partial chunk (a stream still open) is ignored.
 */
export function webChannelPayloads(body: string): unknown[] {
  const payloads: unknown[] = [];
  let at = 0;
  while (at < body.length) {
    const newline = body.indexOf('\n', at);
    if (newline < 0) break;
    const length = Number(body.slice(at, newline));
    if (!Number.isInteger(length) || length < 0) break;
    const start = newline + 1;
    if (start + length > body.length) break;
    const chunk: unknown = JSON.parse(body.slice(start, start + length));
    if (Array.isArray(chunk)) {
      for (const entry of chunk) {
        if (Array.isArray(entry) && Array.isArray(entry[1]))
          payloads.push(...(entry[1] as unknown[]));
      }
    }
    at = start + length;
  }
  return payloads;
}

/** Document changes in Listen messages, per collection id (`events/e/photos/p` → photos). */
export function listenDocuments(
  payloads: readonly unknown[],
): Map<string, { documents: number; bytes: number }> {
  const out = new Map<string, { documents: number; bytes: number }>();
  for (const p of payloads) {
    if (typeof p !== 'object' || p === null || !('documentChange' in p)) continue;
    const name =
      (p as { documentChange?: { document?: { name?: string } } }).documentChange?.document?.name ??
      '';
    const segments = name.split('/');
    const collection = segments[segments.length - 2] ?? '?';
    const entry = out.get(collection) ?? { documents: 0, bytes: 0 };
    entry.documents++;
    entry.bytes += JSON.stringify(p).length;
    out.set(collection, entry);
  }
  return out;
}

/** The forward channel's form body: the stream messages it carries (`reqN___data__`). */
export function forwardMessages(formBody: string): unknown[] {
  const params = new URLSearchParams(formBody);
  const out: unknown[] = [];
  for (const [name, value] of params) {
    if (!/^req\d+___data__$/.test(name)) continue;
    try {
      out.push(JSON.parse(value));
    } catch {
      // Not JSON: not a stream message we count.
    }
  }
  return out;
}

/** Counts of a REST answer: documents (runQuery/batchGet/get) and aggregation results. */
export function restAnswer(
  url: string,
  body: string,
): { documents: number; aggregations: number[] } {
  const result = { documents: 0, aggregations: [] as number[] };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return result;
  }
  const items = Array.isArray(json) ? json : [json];
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const o = item as Record<string, unknown>;
    if (url.includes(':runAggregationQuery')) {
      const fields = (
        o.result as { aggregateFields?: Record<string, { integerValue?: string }> } | undefined
      )?.aggregateFields;
      for (const v of Object.values(fields ?? {}))
        result.aggregations.push(Number(v.integerValue ?? 0));
    } else if ('document' in o || 'found' in o) {
      result.documents++;
    } else if (/\/documents\/[^:]+$/.test(new URL(url).pathname) && 'fields' in o) {
      result.documents++;
    }
  }
  return result;
}

interface RequestRecord {
  url: string;
  kind: 'listen' | 'write' | 'rest' | 'other';
  chunks: Buffer[];
  /** Sum of Network.dataReceived encodedDataLength (lags behind on streams still open). */
  encodedBytes: number;
  /** Content-Encoding of the response ('' = identity: body bytes are the bytes received). */
  encoding: string;
  finished: boolean;
  /** Resolves true once the body streams to dataReceived, false when the request had finished. */
  streaming: Promise<boolean>;
}

function kindOf(url: string): RequestRecord['kind'] {
  if (url.includes('/google.firestore.v1.Firestore/Listen/channel')) return 'listen';
  if (url.includes('/google.firestore.v1.Firestore/Write/channel')) return 'write';
  if (url.includes('/v1/projects/')) return 'rest';
  return 'other';
}

/**
 * Records one page's network from before navigation: Firestore traffic in full, and the time of
 * the last activity on any origin (for "network quiet").
 */
export class WireRecorder {
  private readonly requests = new Map<string, RequestRecord>();
  private targets = 0;
  /** Body reads still under way (CDP answers arrive after the events). */
  private readonly bodyReads = new Set<Promise<unknown>>();
  /** Epoch ms of the last request start, data chunk or finish on any origin. */
  lastActivity = Date.now();

  private constructor(
    private readonly cdp: CDPSession,
    private readonly firestoreOrigin: string,
  ) {}

  static async attach(cdp: CDPSession, firestoreOrigin: string): Promise<WireRecorder> {
    const recorder = new WireRecorder(cdp, firestoreOrigin);
    recorder.listen();
    await cdp.send('Network.enable', {
      maxTotalBufferSize: 256 * 1024 * 1024,
      maxResourceBufferSize: 128 * 1024 * 1024,
    });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    return recorder;
  }

  private isFirestore(url: string): boolean {
    return url.startsWith(this.firestoreOrigin);
  }

  private listen(): void {
    const touch = () => (this.lastActivity = Date.now());
    this.cdp.on('Network.requestWillBeSent', (e) => {
      touch();
      const url = e.request.url;
      if (!this.isFirestore(url)) return;
      this.requests.set(e.requestId, {
        url,
        kind: kindOf(url),
        chunks: [],
        encodedBytes: 0,
        encoding: '',
        finished: false,
        streaming: Promise.resolve(false),
      });
      if (kindOf(url) === 'listen' && e.request.postData) {
        for (const m of forwardMessages(e.request.postData)) {
          if (typeof m === 'object' && m !== null && 'addTarget' in m) this.targets++;
        }
      }
    });
    this.cdp.on('Network.responseReceived', (e) => {
      touch();
      const received = this.requests.get(e.requestId);
      if (!received) return;
      const headers = Object.entries(e.response.headers);
      received.encoding =
        headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '';
      // Streams the body to dataReceived from here on; what arrived already comes back buffered.
      received.streaming = this.cdp
        .send('Network.streamResourceContent', { requestId: e.requestId })
        .then((r) => {
          if (r.bufferedData) received.chunks.unshift(Buffer.from(r.bufferedData, 'base64'));
          return true;
        })
        // Already finished: loadingFinished reads the whole body instead.
        .catch(() => false);
      this.track(received.streaming);
    });
    this.cdp.on('Network.dataReceived', (e) => {
      touch();
      const rec = this.requests.get(e.requestId);
      if (!rec) return;
      rec.encodedBytes += e.encodedDataLength;
      if (e.data) rec.chunks.push(Buffer.from(e.data, 'base64'));
    });
    this.cdp.on('Network.loadingFinished', (e) => {
      touch();
      const rec = this.requests.get(e.requestId);
      if (!rec) return;
      rec.finished = true;
      this.track(
        rec.streaming.then(async (streamed) => {
          if (streamed) return;
          try {
            const r = await this.cdp.send('Network.getResponseBody', { requestId: e.requestId });
            rec.chunks.push(Buffer.from(r.body, r.base64Encoded ? 'base64' : 'utf8'));
          } catch {
            // No body (a CORS preflight).
          }
        }),
      );
    });
    this.cdp.on('Network.loadingFailed', touch);
  }

  private track(read: Promise<unknown>): void {
    this.bodyReads.add(read);
    void read.finally(() => this.bodyReads.delete(read));
  }

  /** Waits for the body reads already asked for. */
  async settled(): Promise<void> {
    while (this.bodyReads.size > 0) await Promise.all([...this.bodyReads]);
  }

  /** Resolves once nothing happened on the network for `quietMs`; returns the last activity time. */
  async waitForQuiet(quietMs: number, timeoutMs: number): Promise<number> {
    const giveUp = Date.now() + timeoutMs;
    for (;;) {
      const idle = Date.now() - this.lastActivity;
      if (idle >= quietMs) return this.lastActivity;
      if (Date.now() > giveUp)
        throw new Error(`the network was not quiet for ${quietMs} ms within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, Math.min(250, quietMs - idle)));
    }
  }

  /** One line per Firestore request (BENCH_DEBUG). */
  describe(): string[] {
    return [...this.requests.values()].map((rec) => {
      const u = new URL(rec.url);
      const body = Buffer.concat(rec.chunks);
      const params = ['TYPE', 'RID', 'CI', 'AID']
        .map((k) => `${k}=${u.searchParams.get(k) ?? ''}`)
        .join(' ');
      return `${rec.kind.padEnd(6)} ${u.pathname.split('/').pop()} ${params} encoded=${rec.encodedBytes} body=${body.length}${rec.encoding ? ` ${rec.encoding}` : ''}${rec.finished ? '' : ' (open)'}`;
    });
  }

  traffic(): FirestoreTraffic {
    const t: FirestoreTraffic = {
      bytes: 0,
      gzipBytes: 0,
      requests: this.requests.size,
      listenDocuments: 0,
      restDocuments: 0,
      listenTargets: this.targets,
      aggregations: [],
      byCollection: {},
    };
    for (const rec of this.requests.values()) {
      const body = Buffer.concat(rec.chunks);
      // Uncompressed (the emulator never compresses): the body is exactly what was received.
      // Chromium's per-chunk encoded lengths lag on streams that are still open, so they are
      // used only for compressed responses.
      t.bytes += rec.encoding && rec.encoding !== 'identity' ? rec.encodedBytes : body.length;
      if (body.length > 0) t.gzipBytes += gzipSync(body).length;
      const text = body.toString('utf8');
      if (rec.kind === 'listen') {
        for (const [collection, n] of listenDocuments(webChannelPayloads(text))) {
          t.listenDocuments += n.documents;
          const entry = (t.byCollection[collection] ??= { documents: 0, bytes: 0 });
          entry.documents += n.documents;
          entry.bytes += n.bytes;
        }
      } else if (rec.kind === 'rest') {
        const answer = restAnswer(rec.url, text);
        t.restDocuments += answer.documents;
        t.aggregations.push(...answer.aggregations);
      }
    }
    return t;
  }
}
