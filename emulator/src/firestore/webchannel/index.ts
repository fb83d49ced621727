import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeBearer } from '../../shared/auth.ts';
import { codeName } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { StreamFailure, StreamSession, StreamSessions } from '../streams.ts';
import { ChannelSession } from './session.ts';
import { frame, parseForwardBody, parseHeaderBlock } from './wire.ts';

// The browser transport: Firestore's Listen and Write streams over WebChannel at
// /google.firestore.v1.Firestore/{Listen,Write}/channel, bridged onto the same stream sessions
// the gRPC edge uses. See wire.ts for the format and session.ts for delivery.

export type ChannelKind = 'Listen' | 'Write';

/** What the Firestore server hands over: its stream sessions and logger (one object per server). */
export type WebChannelDeps = StreamSessions & { log?: Logger };

/** The open WebChannel sessions of each server, keyed by that server's deps object. */
const registries = new WeakMap<WebChannelDeps, WebChannelRegistry>();

function registryOf(deps: WebChannelDeps): WebChannelRegistry {
  let registry = registries.get(deps);
  if (!registry) {
    registry = new WebChannelRegistry();
    registries.set(deps, registry);
  }
  return registry;
}

/** Closes every WebChannel session of a server (call on shutdown). */
export function closeWebChannels(deps: WebChannelDeps): void {
  registries.get(deps)?.closeAll();
  registries.delete(deps);
}

/** Sessions idle this long with no back channel (the tab went away silently) are closed. */
const IDLE_MS = 90_000;
const MAX_FORWARD_BODY = 32 * 1024 * 1024;

/** A stream session taking messages as parsed JSON (their shape is the stream's to check). */
interface ChannelStream {
  request(msg: unknown): void;
  close(): void;
}

interface Channel {
  session: ChannelSession;
  stream: ChannelStream;
  kind: ChannelKind;
}

function untyped<T>(stream: StreamSession<T>): ChannelStream {
  return { request: (msg) => stream.request(msg as T), close: () => stream.close() };
}

export class WebChannelRegistry {
  private readonly channels = new Map<string, Channel>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), 15_000);
    this.sweeper.unref();
  }

  get(sid: string): Channel | undefined {
    return this.channels.get(sid);
  }

  add(channel: Channel): void {
    this.channels.set(channel.session.sid, channel);
  }

  delete(sid: string): void {
    this.channels.delete(sid);
  }

  get size(): number {
    return this.channels.size;
  }

  closeAll(): void {
    for (const channel of [...this.channels.values()]) closeChannel(channel);
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const channel of [...this.channels.values()]) {
      if (!channel.session.hasBackChannel && channel.session.lastActivity < cutoff)
        closeChannel(channel);
    }
  }
}

function closeChannel(channel: Channel): void {
  channel.stream.close();
  channel.session.close();
}

/** CORS for the channel requests: the SDK's XHRs are cross-origin and send credentials. */
export function webChannelCorsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin
    ? {
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'X-HTTP-Session-Id, X-Client-Wire-Protocol',
        vary: 'Origin',
      }
    : { 'access-control-allow-origin': '*' };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_FORWARD_BODY) {
        reject(new Error('WebChannel request body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...webChannelCorsHeaders(req),
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
    'content-length': String(Buffer.byteLength(body)),
    ...extra,
  });
  res.end(body);
}

/** The closure client treats a 400 whose text contains "Unknown SID" as a dead session. */
function unknownSid(req: IncomingMessage, res: ServerResponse): void {
  send(req, res, 400, 'Unknown SID');
}

export async function handleWebChannel(
  req: IncomingMessage,
  res: ServerResponse,
  kind: ChannelKind,
  deps: WebChannelDeps,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const q = url.searchParams;
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, {
      ...webChannelCorsHeaders(req),
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-max-age': '3600',
    });
    res.end();
    return;
  }
  const sid = q.get('SID');
  try {
    if (q.get('TYPE') === 'terminate') {
      const channel = sid ? registryOf(deps).get(sid) : undefined;
      if (channel) {
        deps.log?.debug(`webchannel ${kind} ${sid} terminated by client`);
        closeChannel(channel);
      }
      if (method === 'POST') await readBody(req);
      send(req, res, 200, '');
      return;
    }
    if (q.has('$req')) {
      // fastHandshake (handshake in a GET) is a WebChannel option the Firestore SDK does not use.
      send(req, res, 501, 'WebChannel fast handshake ($req) is not supported by the emulator');
      return;
    }
    if (method === 'GET') {
      const channel = sid ? registryOf(deps).get(sid) : undefined;
      if (!channel || q.get('RID') !== 'rpc') return unknownSid(req, res);
      channel.session.lastActivity = Date.now();
      res.writeHead(200, {
        ...webChannelCorsHeaders(req),
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
        'x-content-type-options': 'nosniff',
      });
      res.flushHeaders();
      const timeout = q.get('TO');
      deps.log?.debug(
        `webchannel ${kind} ${sid} back channel ${q.get('CI') === '1' ? 'long-poll' : 'streaming'} AID=${q.get('AID') ?? ''}`,
      );
      channel.session.attachBackChannel(
        res,
        q.get('CI') !== '1',
        Number(q.get('AID') ?? '-1'),
        timeout ? Number(timeout) : null,
      );
      return;
    }
    if (method !== 'POST') {
      send(req, res, 405, `WebChannel: ${method} is not supported`);
      return;
    }
    const body = parseForwardBody(await readBody(req));
    if (!sid) {
      handshake(req, res, kind, deps, q, body);
      return;
    }
    const channel = registryOf(deps).get(sid);
    if (!channel) return unknownSid(req, res);
    const session = channel.session;
    session.lastActivity = Date.now();
    session.acknowledge(Number(q.get('AID') ?? '-1'));
    deliver(channel, body.maps, deps);
    // [backchannel present, last array id sent, bytes not yet acknowledged]
    send(
      req,
      res,
      200,
      frame(JSON.stringify([1, session.lastSentArrayId, session.outstandingBytes])),
    );
  } catch (err) {
    deps.log?.warn(`webchannel ${kind}: ${(err as Error).message}`);
    if (!res.headersSent) send(req, res, 500, (err as Error).message);
    else res.destroy();
  }
}

function handshake(
  req: IncomingMessage,
  res: ServerResponse,
  kind: ChannelKind,
  deps: WebChannelDeps,
  q: URLSearchParams,
  body: ReturnType<typeof parseForwardBody>,
): void {
  const database = q.get('database') ?? firstDatabase(body.maps);
  const match = /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(database ?? '');
  if (!match) {
    send(req, res, 400, 'WebChannel handshake without a database (projects/{p}/databases/{d})');
    return;
  }
  const ctx = {
    projectId: match[1] ?? '',
    databaseId: match[2] ?? '',
    // Headers come encoded in the body (encodeInitMessageHeaders) or, with the
    // httpHeadersOverwriteParam option, in the $httpHeaders URL parameter.
    auth: decodeBearer(
      body.headers['authorization'] ??
        parseHeaderBlock(q.get('$httpHeaders') ?? '')['authorization'],
    ),
  };
  const sid = randomBytes(12).toString('base64url');
  const session = new ChannelSession(sid, () => registryOf(deps).delete(sid));
  const onMessage = (msg: unknown): void => session.enqueue([msg]);
  const onFail = (error: StreamFailure): void => {
    // The SDK reads `error.status` from a message and then closes the channel itself.
    session.enqueue([
      { error: { code: error.code, message: error.message, status: codeName(error.code) } },
    ]);
  };
  const stream =
    kind === 'Listen'
      ? untyped(deps.createListenSession(ctx, onMessage, onFail))
      : untyped(deps.createWriteSession(ctx, onMessage, onFail));
  const channel: Channel = { session, stream, kind };
  registryOf(deps).add(channel);
  deps.log?.debug(`webchannel ${kind} ${sid} opened for ${database}`);

  const headers: Record<string, string> = {};
  // The SDK asks for an HTTP session id (httpSessionIdParam) to route later requests.
  if (q.get('X-HTTP-Session-Id'))
    headers['x-http-session-id'] = randomBytes(8).toString('base64url');
  // ["c", sid, hostPrefix, negotiated version, server version, server keepalive ms]
  send(req, res, 200, frame(JSON.stringify([[0, ['c', sid, '', 8, 14, 30_000]]])), headers);
  deliver(channel, body.maps, deps);
}

function firstDatabase(maps: Array<{ data: string | null }>): string | null {
  for (const map of maps) {
    if (!map.data) continue;
    try {
      const parsed = JSON.parse(map.data) as { database?: unknown };
      if (typeof parsed.database === 'string') return parsed.database;
    } catch {
      return null;
    }
  }
  return null;
}

/** Hands each new forward message to the stream; retransmitted map ids are skipped. */
function deliver(
  channel: Channel,
  maps: Array<{ mapId: number; data: string | null }>,
  deps: WebChannelDeps,
): void {
  for (const map of maps) {
    if (map.mapId <= channel.session.lastMapId) continue;
    channel.session.lastMapId = map.mapId;
    if (map.data === null) continue;
    let message: unknown;
    try {
      message = JSON.parse(map.data);
    } catch {
      deps.log?.warn(`webchannel ${channel.kind}: message is not JSON`);
      continue;
    }
    channel.stream.request(message);
  }
}
