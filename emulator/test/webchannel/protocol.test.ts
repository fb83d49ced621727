import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulators, type RunningEmulators } from '../../src/index.ts';

// The WebChannel wire protocol as the Firestore web SDK's closure client speaks it, driven with
// raw HTTP (the browser itself is exercised by `npm run test:browser`): handshake, streaming and
// long-poll back channels, acknowledgements, retransmitted maps, errors, terminate.

const projectId = 'demo-webchannel';
const database = `projects/${projectId}/databases/(default)`;
const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /open/{id} { allow read, write: if request.auth != null; }
    match /locked/{id} { allow read, write: if false; }
  }
}`;
let emulators: RunningEmulators;
let base: string;

function idToken(uid: string): string {
  const part = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid, iat: 1, exp: 9_999_999_999 })}.`;
}

function decodeFrames(text: string): { arrays: unknown[]; rest: string } {
  const arrays: unknown[] = [];
  let rest = text;
  for (;;) {
    const nl = rest.indexOf('\n');
    if (nl < 0) break;
    const size = Number(rest.slice(0, nl));
    if (rest.length < nl + 1 + size) break;
    arrays.push(JSON.parse(rest.slice(nl + 1, nl + 1 + size)));
    rest = rest.slice(nl + 1 + size);
  }
  return { arrays, rest };
}

type Entry = [number, unknown[]];

/** A WebChannel client session: handshake, forward POSTs, back-channel GETs. */
class Channel {
  sid = '';
  private rid = 5000;
  private mapId = 0;
  lastArrayId = 0;
  readonly received: Entry[] = [];
  private readonly waiters: Array<() => void> = [];
  private back: http.ClientRequest | null = null;

  constructor(private readonly kind: 'Listen' | 'Write') {}

  private url(params: Record<string, string>): string {
    const q = new URLSearchParams({ database, VER: '8', ...params, zx: 'x', t: '1' });
    return `${base}/google.firestore.v1.Firestore/${this.kind}/channel?${q}`;
  }

  private body(messages: unknown[], ofs: number, headers?: string): string {
    const parts = headers ? [`headers=${encodeURIComponent(headers)}`] : [];
    parts.push(`count=${messages.length}`, `ofs=${ofs}`);
    messages.forEach((m, i) =>
      parts.push(`req${i}___data__=${encodeURIComponent(JSON.stringify(m))}`),
    );
    return parts.join('&');
  }

  async open(first: unknown, uid: string): Promise<Response> {
    const res = await fetch(
      this.url({ RID: String(this.rid++), CVER: '22', 'X-HTTP-Session-Id': 'gsessionid' }),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: this.body(
          [first],
          this.mapId++,
          `X-Goog-Api-Client:gl-js/ fire/12\r\nContent-Type:text/plain\r\nAuthorization:Bearer ${idToken(uid)}\r\n`,
        ),
      },
    );
    const { arrays } = decodeFrames(await res.clone().text());
    const handshake = (arrays[0] as Entry[])[0];
    const payload = handshake?.[1] as [string, string];
    expect(payload[0]).toBe('c');
    this.sid = payload[1];
    return res;
  }

  /** Sends messages; `ofs` lets a test retransmit an earlier map id. */
  async send(messages: unknown[], ofs = this.mapId): Promise<unknown> {
    this.mapId = Math.max(this.mapId, ofs + messages.length);
    const res = await fetch(
      this.url({ SID: this.sid, RID: String(this.rid++), AID: String(this.lastArrayId) }),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: this.body(messages, ofs),
      },
    );
    expect(res.status).toBe(200);
    return decodeFrames(await res.text()).arrays[0];
  }

  /** Opens a back channel; CI=1 is a long poll that ends after one chunk. */
  startBack(longPoll: boolean): Promise<number> {
    return new Promise((resolve) => {
      this.back = http.get(
        this.url({
          SID: this.sid,
          RID: 'rpc',
          AID: String(this.lastArrayId),
          CI: longPoll ? '1' : '0',
          TYPE: 'xmlhttp',
        }),
        (res) => {
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const { arrays, rest } = decodeFrames(buffer + chunk);
            buffer = rest;
            for (const array of arrays as Entry[][]) {
              for (const entry of array) {
                this.lastArrayId = entry[0];
                this.received.push(entry);
              }
            }
            this.waiters.splice(0).forEach((w) => w());
          });
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
    });
  }

  stopBack(): void {
    this.back?.destroy();
  }

  /** Waits until a received stream message (not a noop) satisfies `match`. */
  async waitFor(
    match: (msg: Record<string, unknown>) => boolean,
    timeoutMs = 3000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const [, payload] of this.received) {
        const msg = payload[0];
        if (msg && typeof msg === 'object' && match(msg as Record<string, unknown>))
          return msg as Record<string, unknown>;
      }
      if (Date.now() > deadline)
        throw new Error(`no matching message; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  async terminate(): Promise<number> {
    const res = await fetch(
      this.url({ SID: this.sid, RID: String(this.rid++), TYPE: 'terminate' }),
    );
    return res.status;
  }
}

async function readDoc(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/v1/${database}/documents/${path}`, {
    headers: { authorization: 'Bearer owner' },
  });
  return (await res.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  emulators = await startEmulators({
    firestorePort: 0,
    storagePort: 0,
    logLevel: 'error',
    firestoreRules: rules,
  });
  base = `http://127.0.0.1:${emulators.firestore.port}`;
});

afterAll(async () => {
  await emulators.stop();
});

describe('WebChannel transport', () => {
  it('handshakes, streams Write responses, acknowledges and ignores retransmitted maps', async () => {
    const channel = new Channel('Write');
    const handshake = await channel.open({ database }, 'alice');
    expect(handshake.headers.get('x-http-session-id')).toBeTruthy();
    void channel.startBack(false);
    const opened = await channel.waitFor((m) => typeof m['streamToken'] === 'string');
    const increment = {
      streamToken: opened['streamToken'],
      writes: [
        {
          transform: {
            document: `${database}/documents/open/counter`,
            fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
          },
        },
      ],
    };
    const ack = (await channel.send([increment])) as number[];
    expect(ack[0]).toBe(1);
    await channel.waitFor((m) => Array.isArray(m['writeResults']));
    // The same map id again (a client retry) must not apply twice.
    await channel.send([increment], 1);
    await new Promise((r) => setTimeout(r, 100));
    const doc = await readDoc('open/counter');
    expect(doc['fields']).toEqual({ n: { integerValue: '1' } });
    channel.stopBack();
    expect(await channel.terminate()).toBe(200);
    const afterTerminate = await fetch(
      `${base}/google.firestore.v1.Firestore/Write/channel?${new URLSearchParams({ database, VER: '8', SID: channel.sid, RID: '1', AID: '0' })}`,
      { method: 'POST', body: 'count=0' },
    );
    expect(afterTerminate.status).toBe(400);
    expect(await afterTerminate.text()).toContain('Unknown SID');
  });

  it('delivers Listen snapshots over long polls, resending what was not acknowledged', async () => {
    const writer = new Channel('Write');
    await writer.open({ database }, 'alice');
    void writer.startBack(false);
    const token = (await writer.waitFor((m) => typeof m['streamToken'] === 'string'))[
      'streamToken'
    ];

    const listener = new Channel('Listen');
    await listener.open(
      {
        database,
        addTarget: { targetId: 2, documents: { documents: [`${database}/documents/open/live`] } },
      },
      'bob',
    );
    // First long poll: the target's initial state arrives and the response ends.
    expect(await listener.startBack(true)).toBe(200);
    await listener.waitFor(
      (m) =>
        (m['targetChange'] as { targetChangeType?: string } | undefined)?.targetChangeType ===
        'CURRENT',
    );

    const polled = listener.startBack(true);
    await writer.send([
      {
        streamToken: token,
        writes: [
          {
            update: {
              name: `${database}/documents/open/live`,
              fields: { n: { integerValue: '7' } },
            },
          },
        ],
      },
    ]);
    await polled;
    const change = await listener.waitFor((m) => m['documentChange'] !== undefined);
    expect(change['documentChange']).toMatchObject({
      document: { fields: { n: { integerValue: '7' } } },
      targetIds: [2],
    });

    // A back channel that claims an older AID gets the unacknowledged arrays again.
    const before = listener.received.length;
    listener.lastArrayId -= 1;
    await listener.startBack(true);
    expect(listener.received.length).toBeGreaterThan(before);
    writer.stopBack();
    await writer.terminate();
    await listener.terminate();
  });

  it('reports a denied write as an error message the SDK understands', async () => {
    const channel = new Channel('Write');
    await channel.open({ database }, 'alice');
    void channel.startBack(false);
    const token = (await channel.waitFor((m) => typeof m['streamToken'] === 'string'))[
      'streamToken'
    ];
    await channel.send([
      {
        streamToken: token,
        writes: [{ update: { name: `${database}/documents/locked/x`, fields: {} } }],
      },
    ]);
    const error = await channel.waitFor((m) => m['error'] !== undefined);
    expect(error['error']).toMatchObject({ code: 7, status: 'PERMISSION_DENIED' });
    channel.stopBack();
    await channel.terminate();
  });

  it('answers an unknown session with the closure client\'s "Unknown SID"', async () => {
    const res = await fetch(
      `${base}/google.firestore.v1.Firestore/Listen/channel?${new URLSearchParams({ database, VER: '8', RID: 'rpc', SID: 'nope', AID: '0', CI: '0', TYPE: 'xmlhttp' })}`,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Unknown SID');
  });
});
