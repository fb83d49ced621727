import { describe, expect, it } from 'vitest';
import { createRouter, apiPath, publicRoute, type Params } from '../src/router.ts';
import { invitationIdFor } from '../src/services/members.ts';
import { newSecret } from '../src/secrets.ts';
import { isBannerObjectPath } from '@gatherly/domain/event-settings';
import { validate, validateBody } from '../src/validate.ts';
import {
  createCarpoolRequestSchema,
  createEventRequestSchema,
  eventUpdateFieldSchemas,
  inviteRequestSchema,
  rsvpSchema,
} from '@gatherly/domain/schemas';
import { HttpError } from '../src/http.ts';
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
    const handle = createRouter([
      publicRoute({
        method: 'GET',
        pattern: '/ping',
        handle: async () => ({ body: { ok: true } }),
      }),
      publicRoute({
        method: 'GET',
        pattern: '/things/:thingId',
        handle: async ({ params }) => ({ body: { id: params.thingId } }),
      }),
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

  it('types route params from the path pattern', () => {
    const params: Params<'/events/:eventId/members/:userId/role'> = { eventId: 'e', userId: 'u' };
    // @ts-expect-error a name the pattern does not have
    const wrong: Params<'/events/:eventId'> = { eventId: 'e', photoId: 'p' };
    expect([params.eventId, params.userId, wrong.eventId]).toEqual(['e', 'u', 'e']);
  });
});

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
  it('casts what the schema normalises and strips unknown keys', () => {
    const v = validateBody(inviteRequestSchema, {
      userEmail: ' Bob@Example.COM ',
      role: 'admin',
      extra: 1,
    });
    expect(v).toEqual({ userEmail: 'bob@example.com', role: 'admin' });
    expect(
      validate(createEventRequestSchema, { name: 'x', startDate: '', createdBy: 'evil' }),
    ).not.toHaveProperty('createdBy');
  });
  it('strips keys named like built-in object members instead of crashing', () => {
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']) {
      const body = JSON.parse(`{"name":"Party","${key}":1,"themeColors":{"${key}":2}}`) as object;
      const v = validateBody(createEventRequestSchema, body);
      expect(v.name).toBe('Party');
      expect(Object.hasOwn(v, key)).toBe(false);
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    }
  });
  it('refuses unknown keys where the schema says noUnknown (writes the rules also take)', () => {
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
