// The events the Firestore emulator sends decode, in the real firebase-functions SDK, into the
// snapshots a deployed function gets (the end-to-end test in triggers.test.ts runs them inside the
// Functions emulator; this one checks every value type and the update mask quickly).
import { initializeApp } from 'firebase-admin/app';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { GeoPoint, Timestamp } from 'firebase-admin/firestore';
import * as v1 from 'firebase-functions/v1';
import { onDocumentDeleted, onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FsDocument } from '../../src/shared/value.ts';
import {
  changedFieldPaths,
  type CommittedChange,
  eventRequest,
} from '../../src/firestore/triggers/events.ts';
import {
  parseEventarcRegistration,
  parseLegacyRegistration,
} from '../../src/firestore/triggers/registrations.ts';

const PROJECT = 'demo-payload';

beforeAll(() => {
  process.env.GCLOUD_PROJECT = PROJECT;
  initializeApp({ projectId: PROJECT });
});

const ts = (seconds: number, nanos = 0) => ({ seconds, nanos });

const before: FsDocument = {
  path: 'items/i1',
  createTime: ts(1_700_000_000, 1_000_000),
  updateTime: ts(1_700_000_000, 1_000_000),
  fields: {
    name: { stringValue: 'old' },
    same: { integerValue: 7n },
    map: { mapValue: { fields: { a: { integerValue: 1n }, b: { stringValue: 'x' } } } },
    gone: { booleanValue: true },
  },
};

const after: FsDocument = {
  path: 'items/i1',
  createTime: before.createTime,
  updateTime: ts(1_700_000_100, 500_000_000),
  fields: {
    name: { stringValue: 'new' },
    same: { integerValue: 7n },
    map: { mapValue: { fields: { a: { integerValue: 2n }, b: { stringValue: 'x' } } } },
    big: { integerValue: 9_007_199_254_740_993n },
    pi: { doubleValue: 3.25 },
    nan: { doubleValue: NaN },
    nil: { nullValue: null },
    when: { timestampValue: ts(1_800_000_000, 123_000_000) },
    bytes: { bytesValue: new Uint8Array([0, 255, 7]) },
    ref: { referenceValue: `projects/${PROJECT}/databases/(default)/documents/users/u1` },
    geo: { geoPointValue: { latitude: 48.1, longitude: 11.6 } },
    list: { arrayValue: { values: [{ integerValue: 1n }, { stringValue: 'two' }] } },
    'odd.key': { stringValue: 'dots' },
  },
};

function change(b: FsDocument | null, a: FsDocument | null): CommittedChange {
  return {
    projectId: PROJECT,
    databaseId: '(default)',
    path: 'items/i1',
    kind: b && a ? 'updated' : b ? 'deleted' : 'created',
    before: b,
    after: a,
    commitTime: a?.updateTime ?? ts(1_700_000_200),
    caller: 'owner',
    eventId: 'event-1',
  };
}

/** What the functions runtime hands a v2 function: ce-* headers as attributes, raw bytes as data. */
function rawCloudEvent(headers: Record<string, string>, body: string) {
  const event: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers))
    if (name.startsWith('ce-')) event[name.slice(3)] = value;
  event.data = Buffer.from(body, 'base64');
  return event;
}

describe('v2 CloudEvents', () => {
  it('an update decodes into before/after snapshots with every value type', async () => {
    const registration = parseEventarcRegistration(PROJECT, 'us-central1-f-0', {
      eventType: 'google.cloud.firestore.document.v1.updated',
      database: '(default)',
      namespace: '(default)',
      document: { value: 'items/{itemId}', matchType: 'PATH_PATTERN' },
    });
    const request = eventRequest(registration, change(before, after));
    expect(request.headers['content-type']).toBe('application/protobuf');
    let seen: { before: DocumentSnapshot; after: DocumentSnapshot } | undefined;
    let params: Record<string, string> | undefined;
    const fn = onDocumentUpdated('items/{itemId}', (event) => {
      seen = event.data;
      params = event.params;
    });
    await fn(rawCloudEvent(request.headers, request.body) as never);
    expect(params).toEqual({ itemId: 'i1' });
    expect(seen?.before.data()).toEqual({
      name: 'old',
      same: 7,
      map: { a: 1, b: 'x' },
      gone: true,
    });
    const data = seen?.after.data() ?? {};
    expect(data.name).toBe('new');
    expect(data.big).toBe(Number(9_007_199_254_740_993n)); // the SDK reads integers as numbers
    expect(data.pi).toBe(3.25);
    expect(Number.isNaN(data.nan)).toBe(true);
    expect(data.nil).toBeNull();
    expect((data.when as Timestamp).isEqual(new Timestamp(1_800_000_000, 123_000_000))).toBe(true);
    expect([...(data.bytes as Uint8Array)]).toEqual([0, 255, 7]);
    expect(data.ref.path).toBe('users/u1');
    expect((data.geo as GeoPoint).isEqual(new GeoPoint(48.1, 11.6))).toBe(true);
    expect(data.list).toEqual([1, 'two']);
    expect(data['odd.key']).toBe('dots');
    expect(seen?.after.updateTime?.isEqual(new Timestamp(1_700_000_100, 500_000_000))).toBe(true);
    expect(seen?.after.createTime?.isEqual(new Timestamp(1_700_000_000, 1_000_000))).toBe(true);
    expect(seen?.after.ref.path).toBe('items/i1');
  });

  it('a delete decodes into the last version; the written view has no after', async () => {
    const registration = parseEventarcRegistration(PROJECT, 'us-central1-g-0', {
      eventType: 'google.cloud.firestore.document.v1.deleted',
      database: '(default)',
      namespace: '(default)',
      document: { value: 'items/i1', matchType: 'EXACT' },
    });
    const request = eventRequest(registration, change(before, null));
    let snapshot: DocumentSnapshot | undefined;
    await onDocumentDeleted('items/i1', (event) => {
      snapshot = event.data;
    })(rawCloudEvent(request.headers, request.body) as never);
    expect(snapshot?.exists).toBe(true);
    expect(snapshot?.get('name')).toBe('old');
  });

  it('the update mask lists changed fields, nested maps field by field', () => {
    expect(changedFieldPaths(before.fields, after.fields)).toEqual([
      '`odd.key`',
      'big',
      'bytes',
      'geo',
      'gone',
      'list',
      'map.a',
      'name',
      'nan',
      'nil',
      'pi',
      'ref',
      'when',
    ]);
  });

  it('headers percent-encode what is not printable ASCII (CloudEvents HTTP binding)', () => {
    const registration = parseEventarcRegistration(PROJECT, 'us-central1-f-0', {
      eventType: 'google.cloud.firestore.document.v1.created',
      document: { value: 'items/{id}', matchType: 'PATH_PATTERN' },
    });
    const odd = { ...after, path: 'items/a b%ü' };
    const request = eventRequest(registration, { ...change(null, odd), path: odd.path });
    expect(request.headers['ce-document']).toBe('items/a%20b%25%C3%BC');
  });
});

describe('v1 legacy events', () => {
  it('onUpdate gets the change and params', async () => {
    const registration = parseLegacyRegistration(PROJECT, 'us-central1-h-0', {
      eventTrigger: {
        eventType: 'providers/cloud.firestore/eventTypes/document.update',
        resource: `projects/${PROJECT}/databases/(default)/documents/items/{id}`,
        service: 'firestore.googleapis.com',
      },
    });
    const body = JSON.parse(eventRequest(registration, change(before, after)).body) as {
      data: unknown;
      resource: { name: string };
    };
    let seen: { before: unknown; after: unknown; params: unknown } | undefined;
    const fn = v1.firestore.document('items/{id}').onUpdate((c, context) => {
      seen = { before: c.before.data(), after: c.after.get('name'), params: context.params };
    });
    // What the functions runtime does with a legacy event: data apart, resource.name lifted.
    const { data, ...context } = body;
    await fn(data, { ...context, resource: body.resource.name } as never);
    expect(seen).toEqual({
      before: { name: 'old', same: 7, map: { a: 1, b: 'x' }, gone: true },
      after: 'new',
      params: { id: 'i1' },
    });
  });
});
