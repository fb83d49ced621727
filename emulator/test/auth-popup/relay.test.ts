import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GAPI_SHIM_PATH,
  startAuthPopupRelay,
  type AuthPopupRelay,
} from '../../src/auth-popup/relay.ts';

// Stands in for the Auth emulator's HTTP surface: the relay must forward everything unchanged
// except the helper iframe, whose internet gapi script it swaps for the offline shim.
let upstream: http.Server;
// The account picker's shape: internet stylesheets and widget script around its own code.
const HANDLER_PAGE = [
  '<link href="https://cdn.example/widgets.min.css" rel="stylesheet">',
  '<link href="https://fonts.example/css2?family=Roboto&display=swap" rel="stylesheet">',
  '<style>body { margin: 0 }</style>',
  '<script src="https://cdn.example/widgets.min.js"></script>',
  '<script>window.widgets && widgets.attach();</script>',
].join('\n');
let relay: AuthPopupRelay;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url?.startsWith('/emulator/auth/iframe')) {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '200' });
      res.end('<script src="https://apis.google.com/js/api.js"></script>'.padEnd(200, ' '));
      return;
    }
    if (req.url?.startsWith('/emulator/auth/handler')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(HANDLER_PAGE);
      return;
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const { port } = upstream.address() as AddressInfo;
  relay = await startAuthPopupRelay({ authEmulatorUrl: `http://127.0.0.1:${port}` });
});

afterAll(async () => {
  await relay.stop();
  await new Promise((r) => upstream.close(r));
});

describe('auth popup relay', () => {
  it('serves the gapi shim', async () => {
    const res = await fetch(relay.url + GAPI_SHIM_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    const text = await res.text();
    expect(text).toContain('getParentIframe');
    expect(text).toContain('CROSS_ORIGIN_IFRAMES_FILTER');
  });

  it('rewrites the helper iframe to load the shim instead of the internet script', async () => {
    const res = await fetch(relay.url + '/emulator/auth/iframe?apiKey=k&appName=a');
    const html = await res.text();
    expect(html).toContain(`src="${GAPI_SHIM_PATH}"`);
    expect(html).not.toContain('apis.google.com');
  });

  it("drops the account picker's internet stylesheets and script, keeping its own code", async () => {
    const res = await fetch(relay.url + '/emulator/auth/handler?apiKey=k&authType=signInViaPopup');
    const html = await res.text();
    expect(html).not.toContain('https://');
    expect(html).toContain('<style>body { margin: 0 }</style>');
    expect(html).toContain('<script>window.widgets && widgets.attach();</script>');
  });

  it('forwards other requests with method, path, body and status unchanged', async () => {
    const res = await fetch(
      relay.url + '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x',
      {
        method: 'POST',
        body: '{"a":1}',
      },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(await res.json()).toEqual({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x',
      body: '{"a":1}',
    });
  });
});
