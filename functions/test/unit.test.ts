import { describe, expect, it } from 'vitest';
import { defineApi, endpoint, type Params } from '@gatherly/domain/api/contract';
import { createRouter, apiPath, route } from '../src/router.ts';
import { invitationIdFor } from '../src/services/members.ts';
import { newSecret } from '../src/secrets.ts';
import { isBannerObjectPath } from '@gatherly/domain/event-settings';
import { parseJson, parseJsonBody } from '@gatherly/domain/api/json-body';
import type { ParseResult } from '@gatherly/domain/schemas';
import type { AnySchema, InferType } from 'yup';
import {
  createCarpoolRequestSchema,
  createEventRequestSchema,
  eventUpdateFieldSchemas,
  inviteRequestSchema,
  rsvpSchema,
} from '@gatherly/domain/schemas';
import { BUSY_ERROR, HttpError } from '../src/http.ts';
import { startOfUtcDay } from '../src/tiers.ts';
import { toJson } from '../src/serialize.ts';
import { Timestamp } from 'firebase-admin/firestore';

describe('apiPath', () => {
  it('strips the Hosting prefix and the Functions emulator prefix', () => {
    expect(apiPath('/api/events')).toBe('/events');
    expect(apiPath('/demo-gatherly/us-central1/api/api/events/e1?x=1')).toBe('/events/e1');
    expect(apiPath('/api')).toBe('/');
    expect(apiPath('/events')).toBe('/events');
    expect(apiPath('/api/invitations/apiapi')).toBe('/invitations/apiapi');
    expect(apiPath('/apis/x')).toBe('/apis/x');
  });
});

describe('router', () => {
  it('answers unknown routes 404, wrong methods 405, both as { error }', async () => {
    const TEST_API = defineApi({
      ping: endpoint<{ ok: boolean }>()({
        method: 'GET',
        path: '/ping',
        access: 'public',
      }),
      thing: endpoint<{ id: string }>()({
        method: 'GET',
        path: '/things/:thingId',
        access: 'public',
      }),
    });
    const handle = createRouter([
      route(TEST_API.ping, async () => ({ body: { ok: true } })),
      route(TEST_API.thing, async ({ params }) => ({ body: { id: params.thingId } })),
    ]);
    const call = async (method: string, url: string) => {
      const { Readable } = await import('node:stream');
      const req = Object.assign(Readable.from([]), { method, url, headers: {} });
      let status = 0;
      let payload = '';
      const res = {
        statusCode: 0,
        setHeader() {},
        end(p: string) {
          status = this.statusCode;
          payload = p;
        },
      };
      await handle(req as never, res as never);
      return { status, body: JSON.parse(payload) as Record<string, unknown> };
    };
    expect(await call('GET', '/api/ping')).toEqual({ status: 200, body: { ok: true } });
    expect((await call('POST', '/api/ping')).status).toBe(405);
    const missing = await call('GET', '/api/nope');
    expect(missing.status).toBe(404);
    expect(typeof missing.body.error).toBe('string');
    // Reserved Firestore ids and encoded slashes never reach a handler.
    expect((await call('GET', '/api/__x__')).status).toBe(404);
    expect((await call('GET', '/api/things/a%2Fb')).status).toBe(404);
    expect(await call('GET', '/api/things/t%20%C3%A9')).toEqual({
      status: 200,
      body: { id: 't é' },
    });
    // Line terminators and control characters: refused at once, before any lookup.
    for (const bad of ['a%0Ab', 'a%0D', '%E2%80%A8x', 'x%E2%80%A9', '%00', '%7F']) {
      expect(await call('GET', `/api/things/${bad}`)).toEqual({
        status: 400,
        body: { error: 'Invalid id in the request path' },
      });
    }
  });

  it('answers 503 with Retry-After for a backend that passes, 500 for anything else', async () => {
    const API = defineApi({
      fail: endpoint<{ ok: boolean }>()({ method: 'GET', path: '/fail/:kind', access: 'public' }),
    });
    const failures: Record<string, unknown> = {
      contention: Object.assign(new Error('10 ABORTED'), { code: 10 }),
      reset: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      bug: new TypeError('x is undefined'),
    };
    const handle = createRouter([
      route(API.fail, async ({ params }) => {
        throw failures[params.kind];
      }),
    ]);
    const { Readable } = await import('node:stream');
    const call = async (kind: string) => {
      const req = Object.assign(Readable.from([]), { method: 'GET', url: `/api/fail/${kind}` });
      const headers: Record<string, string> = {};
      const res = {
        statusCode: 0,
        payload: '',
        setHeader(name: string, value: string) {
          headers[name.toLowerCase()] = value;
        },
        end(p: string) {
          this.payload = p;
        },
      };
      await handle(Object.assign(req, { headers: {} }) as never, res as never);
      return { status: res.statusCode, retryAfter: headers['retry-after'], body: res.payload };
    };
    const busy = { status: 503, retryAfter: '1', body: JSON.stringify({ error: BUSY_ERROR }) };
    expect(await call('contention')).toEqual(busy);
    expect(await call('reset')).toEqual(busy);
    expect(await call('bug')).toMatchObject({ status: 500, retryAfter: undefined });
  });

  it('types route params from the path pattern', () => {
    const params: Params<'/events/:eventId/members/:userId/role'> = { eventId: 'e', userId: 'u' };
    // @ts-expect-error a name the pattern does not have
    const wrong: Params<'/events/:eventId'> = { eventId: 'e', photoId: 'p' };
    expect([params.eventId, params.userId, wrong.eventId]).toEqual(['e', 'u', 'e']);
  });
});

/** A body check as the router answers it: the value, or a 400 with the first problem. */
function orBadRequest<T>(parsed: ParseResult<T>): T {
  if (!parsed.ok) throw new HttpError(400, parsed.errors[0] ?? 'Invalid request');
  return parsed.value;
}
const validate = <S extends AnySchema>(schema: S, value: unknown, path?: string): InferType<S> =>
  orBadRequest(parseJson(schema, value, path));
const validateBody = <S extends AnySchema>(schema: S, body: unknown): InferType<S> =>
  orBadRequest(parseJsonBody(schema, body));

describe('validation', () => {
  const status = (fn: () => unknown) => {
    try {
      fn();
      return 200;
    } catch (e) {
      return e instanceof HttpError ? `${e.status} ${e.message}` : 'other';
    }
  };
  it('refuses wrong JSON types the form schema would cast', () => {
    expect(status(() => validateBody(createEventRequestSchema, { name: 123 }))).toBe(
      '400 name must be text',
    );
    expect(
      status(() =>
        validateBody(createCarpoolRequestSchema, {
          departureTime: '2027-01-01T10:00:00Z',
          maxSeats: '4',
        }),
      ),
    ).toBe('400 maxSeats must be a number');
    expect(status(() => validateBody(createEventRequestSchema, [1]))).toBe(
      '400 Request body must be a JSON object',
    );
    expect(status(() => validateBody(createEventRequestSchema, null))).toBe(
      '400 Request body must be a JSON object',
    );
  });
  it("uses the schema's messages", () => {
    expect(status(() => validateBody(createEventRequestSchema, { name: ' ' }))).toBe(
      '400 Event name is required',
    );
    expect(
      status(() => validateBody(inviteRequestSchema, { userEmail: 'nope', role: 'admin' })),
    ).toBe('400 Please enter a valid email address');
    expect(
      status(() => validateBody(inviteRequestSchema, { userEmail: 'a@b.co', role: 'creator' })),
    ).toBe('400 Please select a role');
    expect(
      status(() =>
        validateBody(createCarpoolRequestSchema, {
          departureTime: '2027-01-01T10:00:00Z',
          maxSeats: 9,
        }),
      ),
    ).toBe('400 Seats cannot be more than 8');
  });
  it('casts what the schema normalises', () => {
    const v = validateBody(inviteRequestSchema, {
      userEmail: ' Bob@Example.COM ',
      role: 'admin',
    });
    expect(v).toEqual({ userEmail: 'bob@example.com', role: 'admin', groupIds: [] });
  });
  it('refuses unknown keys on every schema (docs/decisions.md, "Unknown keys")', () => {
    expect(
      status(() => validateBody(inviteRequestSchema, { userEmail: 'a@b.co', role: 'admin', x: 1 })),
    ).toBe('400 Unknown field: x');
    expect(status(() => validateBody(createEventRequestSchema, { name: 'x', colour: 'red' }))).toBe(
      '400 Unknown field: colour',
    );
    // The spec's client sends adminId and createdBy: accepted, and never used.
    const v = validate(createEventRequestSchema, { name: 'x', startDate: '', createdBy: 'evil' });
    expect(v.name).toBe('x');
  });
  it('refuses keys named like built-in object members instead of crashing', () => {
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const top = JSON.parse(`{"name":"Party","${key}":1}`) as object;
      expect(status(() => validateBody(createEventRequestSchema, top))).toBe(
        `400 Unknown field: ${key}`,
      );
      const nested = JSON.parse(`{"name":"Party","themeColors":{"${key}":2}}`) as object;
      expect(status(() => validateBody(createEventRequestSchema, nested))).toBe(
        `400 Unknown field: themeColors.${key}`,
      );
    }
  });
  it('refuses unknown keys at any depth, whatever the key', () => {
    expect(status(() => validateBody(rsvpSchema, { status: 'going', note: 'x' }))).toBe(
      '400 Unknown field: note',
    );
    expect(
      status(() => validateBody(rsvpSchema, JSON.parse('{"status":"going","__proto__":1}'))),
    ).toBe('400 Unknown field: __proto__');
    const banner = {
      style: 'contained',
      autoRotate: true,
      rotateInterval: 4000,
      customBannerImage: null,
    };
    expect(
      status(() =>
        validate(
          eventUpdateFieldSchemas.bannerSettings,
          { ...banner, constructor: 1 },
          'bannerSettings',
        ),
      ),
    ).toBe('400 Unknown field: bannerSettings.constructor');
    expect(validate(eventUpdateFieldSchemas.bannerSettings, banner, 'bannerSettings')).toEqual(
      banner,
    );
  });
});

describe('invitations', () => {
  it('tokens (invitations, sign-in links, event links) carry 256 random bits, URL-safe', () => {
    const tokens = new Set(Array.from({ length: 200 }, newSecret));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
  it('one invitation id per address', () => {
    expect(invitationIdFor('a@b.co')).toBe(invitationIdFor('a@b.co'));
    expect(invitationIdFor('a@b.co')).not.toBe(invitationIdFor('b@b.co'));
  });
});

describe('helpers', () => {
  it('banner paths stay inside the event folder', () => {
    expect(isBannerObjectPath('e1', 'events/e1/banner/a.jpg')).toBe(true);
    expect(isBannerObjectPath('e1', 'events/e2/banner/a.jpg')).toBe(false);
    expect(isBannerObjectPath('e1', 'events/e1/banner/')).toBe(false);
    expect(isBannerObjectPath('e1', 'events/e1/banner/..')).toBe(false);
    expect(isBannerObjectPath('e1', 'events/e1/banner/../../e2/x')).toBe(false);
    expect(isBannerObjectPath('e1', 'events/e1/banner/sub/a.jpg')).toBe(false);
  });
  it('daily caps reset at UTC midnight', () => {
    expect(startOfUtcDay(new Date('2027-03-04T23:59:59.999Z')).toISOString()).toBe(
      '2027-03-04T00:00:00.000Z',
    );
  });
  it('serialises Timestamps as ISO strings, deeply', () => {
    const t = Timestamp.fromDate(new Date('2027-01-02T03:04:05.000Z'));
    expect(toJson({ a: t, b: [t], c: { d: t } })).toEqual({
      a: '2027-01-02T03:04:05.000Z',
      b: ['2027-01-02T03:04:05.000Z'],
      c: { d: '2027-01-02T03:04:05.000Z' },
    });
  });
});
