/**
 * The contract, the router and docs/api.md agree (docs/api.md, "The contract"): the router
 * serves each endpoint of `API` once, the "Routes" table lists exactly them, and "Functions
 * besides `api`" names every exported function.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API } from '@gatherly/domain/api/endpoints';
import { REQUEST_BODIES } from '@gatherly/domain/api/request-bodies';
import { apiRoutes } from '../src/app.ts';
import * as exported from '../src/index.ts';

const apiDoc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

/** The lines of one `## Heading` section of docs/api.md. */
function section(heading: string): string {
  const start = apiDoc.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/api.md has a "## ${heading}" section`).toBeGreaterThan(-1);
  const end = apiDoc.indexOf('\n## ', start + 1);
  return apiDoc.slice(start, end === -1 ? undefined : end);
}

const key = (e: { method: string; path: string; access: string }) =>
  `${e.method} ${e.path} ${e.access}`;

describe('the API contract', () => {
  it('the router serves every endpoint of the contract once, and nothing else', () => {
    const served = apiRoutes.map((r) => r.endpoint);
    expect(new Set(served).size).toBe(served.length);
    expect(new Set(served)).toEqual(new Set(Object.values(API)));
  });

  it('no two endpoints share a method and path', () => {
    const routes = Object.values(API).map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('GETs declare no body; every declared body has its run-time check', () => {
    const gets = Object.entries(API)
      .filter(([, e]) => e.body !== null && e.method === 'GET')
      .map(([name]) => name);
    expect(gets).toEqual([]);
    const withBody = Object.entries(API)
      .filter(([, e]) => e.body !== null)
      .map(([name]) => name);
    expect(Object.keys(REQUEST_BODIES).sort()).toEqual(withBody.sort());
  });

  it('docs/api.md lists every route with its access', () => {
    const rows = section('Routes')
      .split('\n')
      .map((line) =>
        /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*`\/api([^`]*)`\s*\|\s*(\w+)\s*\|/.exec(line),
      )
      .filter((m) => m !== null)
      .map(([, method, path, access]) => ({
        method: method!,
        path: path!.replace(/\{([A-Za-z]+)\}/g, ':$1'),
        access: access!,
      }));
    expect(rows.map(key)).toEqual(Object.values(API).map(key));
  });

  it('docs/api.md names every exported function', () => {
    const named = new Set(
      [...section('Functions besides `api`').matchAll(/\*\*`(\w+)`\*\*/g)].map((m) => m[1]),
    );
    named.add('api');
    expect(Object.keys(exported).sort()).toEqual([...named].sort());
  });
});
