import type { IncomingMessage, ServerResponse } from 'node:http';

/** An error the API answers with its status and `{ error: message }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** The answer to a passing failure: the web app retries idempotent calls after it. */
export const BUSY_ERROR =
  'Gatherly is busy right now: many people are changing this at once. Please try again in a moment.';
/** A backend that did not answer in time (Firestore after its retries, Auth): ask again. */
export const busy = () => new HttpError(503, BUSY_ERROR);

/**
 * What a route handler answers: JSON (`body`), or for the pages people open from an e-mail
 * (unsubscribe) a self-contained HTML page (`html`).
 */
export type Reply =
  | { status?: number; body: object }
  | { status?: number; html: string }
  | { status?: number; download: Download };

/** A file the browser saves: written straight into the response as it is produced. */
export interface Download {
  fileName: string;
  contentType: string;
  write(out: NodeJS.WritableStream): Promise<void>;
}

/**
 * The request as both runtimes hand it over: Cloud Functions (express, body already parsed,
 * `rawBody` kept) and a bare node `http` server in tests (body still in the stream).
 */
export type ApiIncoming = IncomingMessage & { rawBody?: Buffer; body?: unknown };

const MAX_BODY_BYTES = 256 * 1024;

async function readRaw(req: ApiIncoming): Promise<Buffer> {
  if (Buffer.isBuffer(req.rawBody)) return req.rawBody;
  if (req.readableEnded) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** The JSON body, or undefined when the request has none. */
export async function readJsonBody(req: ApiIncoming): Promise<unknown> {
  const raw = await readRaw(req);
  if (raw.length > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
  const text = raw.toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
}

/** Writes a JSON answer with only node's own response API, so it works under express too. */
export function sendJson(res: ServerResponse, status: number, body: object): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

/**
 * Streams a download. Once bytes have gone out a failure can only cut the response short (the
 * browser then reports the download as failed); nothing is buffered whole.
 */
export async function sendDownload(
  res: ServerResponse,
  status: number,
  download: Download,
): Promise<void> {
  res.statusCode = status;
  res.setHeader('Content-Type', download.contentType);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${download.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`,
  );
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  try {
    await download.write(res);
  } catch (err) {
    res.destroy(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}

/** A self-contained page: inline styles only, forms post back to this origin, never framed. */
export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}
