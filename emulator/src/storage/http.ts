import type { IncomingMessage, ServerResponse } from 'node:http';

// Small HTTP helpers shared by the Storage API handlers.

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, `Request body larger than ${limit} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function parseJsonObject(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** CORS for browsers on another origin (the Vite dev server, test pages). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = header(req, 'origin');
  return {
    'access-control-allow-origin': origin ?? '*',
    ...(origin ? { 'access-control-allow-credentials': 'true', vary: 'Origin' } : {}),
    'access-control-expose-headers': [
      'X-Goog-Upload-URL',
      'X-Goog-Upload-Status',
      'X-Goog-Upload-Size-Received',
      'X-Goog-Upload-Chunk-Granularity',
      'X-Goog-Upload-Control-URL',
      'Content-Range',
      'Range',
      'Location',
      'ETag',
      'X-Goog-Hash',
      'Content-Disposition',
    ].join(', '),
  };
}

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders(req),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...extra,
  });
  res.end(text);
}

export function sendEmpty(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, { ...corsHeaders(req), 'content-length': '0', ...extra });
  res.end();
}

/** Absolute base URL of this server as the client addressed it (for upload and media links). */
export function baseUrlOf(req: IncomingMessage): string {
  return `http://${header(req, 'host') ?? '127.0.0.1'}`;
}
