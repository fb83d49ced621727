// A build served as production hosting serves it: over TLS with HTTP/2 (one connection, every
// file at once), the assets gzipped (level 9), the app's routes answered with index.html, and
// /api passed to the Functions emulator. The first screens are timed on it: over `vite preview`'s
// HTTP/1.1 a browser fetches at most six files at a time, so a screen of 30 files waits several
// round trips of the throttled connection that a phone on the real site never waits.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSED = new Set(['.html', '.js', '.css', '.svg', '.webmanifest']);
// Hop-by-hop headers HTTP/2 forbids, and what the proxy recomputes.
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
]);

/** A throwaway self-signed certificate for 127.0.0.1 (the browser context ignores its issuer). */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'gatherly-bench-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1']
        .concat(['-addext', 'subjectAltName=IP:127.0.0.1'])
        .concat(['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem')),
      cert: readFileSync(path.join(dir, 'cert.pem')),
    };
  } catch (error) {
    throw new Error(`openssl could not make the bench's TLS certificate: ${String(error)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Http2Server {
  url: string;
  close(): Promise<void>;
}

export async function serveBuildHttp2(
  outDir: string,
  port: number,
  apiOrigin: string,
): Promise<Http2Server> {
  const root = path.resolve(outDir);
  const gzipped = new Map<string, Buffer>();
  const server = http2.createSecureServer({ ...certificate(), allowHTTP1: true }, (req, res) => {
    const url = new URL(req.url, 'https://bench');
    if (url.pathname.startsWith('/api/')) {
      void proxy(req, res, apiOrigin + url.pathname + url.search);
      return;
    }
    let file = path.join(root, url.pathname);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile())
      file = path.join(root, 'index.html');
    const ext = path.extname(file);
    let body: Buffer = readFileSync(file);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    };
    if (COMPRESSED.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = gzipped.get(file) ?? gzipSync(body, { level: 9 });
      gzipped.set(file, body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function proxy(
  req: http2.Http2ServerRequest,
  res: http2.Http2ServerResponse,
  target: string,
): Promise<void> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk as Uint8Array));
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (!name.startsWith(':') && !DROPPED.has(name) && typeof value === 'string')
        headers.set(name, value);
    const answer = await fetch(target, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const out: Record<string, string> = {};
    // fetch has already decoded the body.
    answer.headers.forEach((value, name) => {
      if (!DROPPED.has(name) && name !== 'content-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out);
    res.end(body);
  } catch (error) {
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: `The bench's proxy could not reach the API: ${String(error)}` }),
    );
  }
}
