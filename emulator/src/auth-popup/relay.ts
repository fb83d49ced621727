import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through proxy in front of the firebase-tools Auth emulator that makes its Google
 * popup sign-in work without internet: the emulator's helper iframe and the web SDK both load
 * Google's gapi script from the internet, so the relay serves an offline shim at
 * /__offline/gapi.js and rewrites the helper iframe to use it; the popup's account picker
 * loads its stylesheets, fonts and widget script from the internet, so the relay drops those
 * (its own script runs without them). Every other request is forwarded unchanged. Point the
 * web SDK's connectAuthEmulator at the relay and load the shim in the page (see web/src/lib)
 * before signInWithPopup.
 */
export const GAPI_SHIM_PATH = '/__offline/gapi.js';
const GAPI_URL = 'https://apis.google.com/js/api.js';
const shim = readFileSync(new URL('./gapi-shim.js', import.meta.url), 'utf8');

// Without a network, resolving an internet host can take 15–30 s before it fails, and the
// page's load (which the popup flow waits for) waits with it.
const INTERNET_ASSET =
  /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>|<script\b[^>]*\bsrc="https?:\/\/[^"]*"[^>]*><\/script>/g;

/** How the relay rewrites the emulator page at `path`; null forwards it as is. */
export function offlineRewrite(path: string): ((html: string) => string) | null {
  if (path.startsWith('/emulator/auth/iframe'))
    return (html) => html.replace(GAPI_URL, GAPI_SHIM_PATH);
  if (path.startsWith('/emulator/auth/handler')) return (html) => html.replace(INTERNET_ASSET, '');
  return null;
}

export interface AuthPopupRelay {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startAuthPopupRelay(opts: {
  authEmulatorUrl: string;
  host?: string;
  port?: number;
}): Promise<AuthPopupRelay> {
  const upstream = new URL(opts.authEmulatorUrl);
  const server = http.createServer((req, res) => {
    if (req.url === GAPI_SHIM_PATH) {
      res.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'access-control-allow-origin': '*',
      });
      res.end(shim);
      return;
    }
    const rewrite = req.method === 'GET' ? offlineRewrite(req.url ?? '') : null;
    const headers = { ...req.headers, host: upstream.host };
    if (rewrite) delete headers['accept-encoding'];
    const proxied = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers,
      },
      (up) => {
        if (!rewrite) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const html = rewrite(Buffer.concat(chunks).toString('utf8'));
          const { 'content-length': _len, ...rest } = up.headers;
          res.writeHead(up.statusCode ?? 502, rest);
          res.end(html);
        });
      },
    );
    proxied.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `Auth emulator unreachable: ${err.message}` }));
    });
    req.pipe(proxied);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    port,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
