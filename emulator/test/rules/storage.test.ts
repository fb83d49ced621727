// Storage request evaluation: object paths under /b/{bucket}/o, size and contentType checks,
// custom metadata, cross-service firestore.get()/exists(), list at a prefix.

import { describe, expect, it } from 'vitest';
import {
  evaluateStorage,
  type StorageObjectMeta,
  type StorageRulesRequest,
} from '../../src/rules/index.ts';
import type { DocumentSource } from '../../src/shared/value.ts';
import { EMPTY, compile, doc, source } from './helpers.ts';

const rules = compile(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function isMember(eventId) {
      return firestore.exists(/databases/(default)/documents/events/$(eventId)/members/$(request.auth.uid));
    }
    function role(eventId) {
      return firestore.get(/databases/(default)/documents/events/$(eventId)/members/$(request.auth.uid)).data.role;
    }
    match /users/{uid}/{allPaths=**} {
      allow read, write: if request.auth != null && request.auth.uid == uid;
    }
    match /events/{eventId}/photos/{ownerId}/{file} {
      allow get: if isMember(eventId);
      allow list: if isMember(eventId);
      allow create: if request.auth.uid == ownerId
        && isMember(eventId)
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.metadata.get('caption', '').size() <= 20
        && bucket == 'demo.appspot.com'
        && request.resource.name == 'events/' + eventId + '/photos/' + ownerId + '/' + file;
      allow update: if false;
      allow delete: if request.auth.uid == ownerId || role(eventId) == 'organizer'
        || resource.timeCreated < request.time - duration.value(30, 'd');
    }
    match /banners/{eventId} {
      allow write: if request.resource.size <= 1024 && request.resource.contentType in ['image/png', 'image/jpeg'];
      allow read: if get(/databases/(default)/documents/x/y) != null;
    }
    match /folders/{folder} {
      allow list: if folder == 'shared';
    }
  }
}`);

const members: DocumentSource = source([
  doc('events/e1/members/alice', { role: 'guest' }),
  doc('events/e1/members/olga', { role: 'organizer' }),
]);
const alice = { uid: 'alice', token: {} };
const NOW = new Date('2024-06-01T00:00:00Z');

function meta(name: string, overrides: Partial<StorageObjectMeta> = {}): StorageObjectMeta {
  return {
    name,
    bucket: 'demo.appspot.com',
    size: 1000,
    contentType: 'image/jpeg',
    metadata: {},
    timeCreated: new Date('2024-05-30T00:00:00Z'),
    updated: new Date('2024-05-30T00:00:00Z'),
    ...overrides,
  };
}

function req(
  method: StorageRulesRequest['method'],
  path: string,
  extra: Partial<StorageRulesRequest> = {},
): StorageRulesRequest {
  return {
    method,
    bucket: 'demo.appspot.com',
    path,
    auth: alice,
    time: NOW,
    resource: null,
    requestResource: null,
    ...extra,
  };
}

const ok = (r: StorageRulesRequest, fsSource: DocumentSource = members) =>
  evaluateStorage(rules, r, fsSource).allowed;
const PHOTO = 'events/e1/photos/alice/a.jpg';

describe('user folders with a recursive wildcard', () => {
  it('owner reads and writes anything under their folder', () => {
    expect(ok(req('get', 'users/alice/avatar.png'))).toBe(true);
    expect(
      ok(
        req('create', 'users/alice/a/b/c.txt', { requestResource: meta('users/alice/a/b/c.txt') }),
      ),
    ).toBe(true);
  });
  it('others and signed-out users cannot', () => {
    expect(ok(req('get', 'users/bob/avatar.png'))).toBe(false);
    expect(ok(req('get', 'users/alice/avatar.png', { auth: null }))).toBe(false);
  });
  it('list of the owner folder (prefix path)', () =>
    expect(ok(req('list', 'users/alice/'))).toBe(true));
});

describe('uploads: size, contentType, metadata, firestore.exists()', () => {
  it('a member uploading a small image to their own folder is allowed', () => {
    expect(ok(req('create', PHOTO, { requestResource: meta(PHOTO) }))).toBe(true);
  });
  it('5 MiB or more is denied', () => {
    expect(
      ok(req('create', PHOTO, { requestResource: meta(PHOTO, { size: 5 * 1024 * 1024 }) })),
    ).toBe(false);
    expect(
      ok(req('create', PHOTO, { requestResource: meta(PHOTO, { size: 5 * 1024 * 1024 - 1 }) })),
    ).toBe(true);
  });
  it('non-image content type is denied', () => {
    expect(
      ok(
        req('create', PHOTO, { requestResource: meta(PHOTO, { contentType: 'application/pdf' }) }),
      ),
    ).toBe(false);
  });
  it('custom metadata is readable', () => {
    expect(
      ok(
        req('create', PHOTO, { requestResource: meta(PHOTO, { metadata: { caption: 'short' } }) }),
      ),
    ).toBe(true);
    expect(
      ok(
        req('create', PHOTO, {
          requestResource: meta(PHOTO, { metadata: { caption: 'x'.repeat(21) } }),
        }),
      ),
    ).toBe(false);
  });
  it('uploading into someone else’s folder is denied', () => {
    const p = 'events/e1/photos/bob/a.jpg';
    expect(ok(req('create', p, { requestResource: meta(p) }))).toBe(false);
  });
  it('non-members are denied via firestore.exists()', () => {
    const p = 'events/e2/photos/alice/a.jpg';
    expect(ok(req('create', p, { requestResource: meta(p) }))).toBe(false);
  });
  it('updates are denied by an explicit false', () => {
    const d = evaluateStorage(
      rules,
      req('update', PHOTO, { resource: meta(PHOTO), requestResource: meta(PHOTO) }),
      members,
    );
    expect(d).toEqual({ allowed: false, reason: "false for 'update' @ L23" });
  });
  it('contentType in a list and size bound on banners', () => {
    expect(
      ok(
        req('create', 'banners/e1', {
          requestResource: meta('banners/e1', { contentType: 'image/png', size: 1024 }),
        }),
      ),
    ).toBe(true);
    expect(
      ok(
        req('create', 'banners/e1', {
          requestResource: meta('banners/e1', { contentType: 'image/gif', size: 10 }),
        }),
      ),
    ).toBe(false);
    expect(
      ok(
        req('create', 'banners/e1', {
          requestResource: meta('banners/e1', { contentType: 'image/png', size: 1025 }),
        }),
      ),
    ).toBe(false);
  });
});

describe('reads, deletes and firestore.get()', () => {
  it('members can read photos', () => {
    expect(ok(req('get', PHOTO, { resource: meta(PHOTO) }))).toBe(true);
    expect(ok(req('get', PHOTO, { resource: meta(PHOTO) }), EMPTY)).toBe(false);
  });
  it('owner deletes own photo (request.resource is null on delete)', () => {
    expect(ok(req('delete', PHOTO, { resource: meta(PHOTO) }))).toBe(true);
  });
  it('organizer deletes any photo via firestore.get().data.role', () => {
    expect(
      ok(req('delete', PHOTO, { auth: { uid: 'olga', token: {} }, resource: meta(PHOTO) })),
    ).toBe(true);
  });
  it('a guest cannot delete another member’s recent photo', () => {
    const p = 'events/e1/photos/olga/b.jpg';
    expect(ok(req('delete', p, { resource: meta(p) }))).toBe(false);
  });
  it('resource.timeCreated compares with request.time - duration', () => {
    const p = 'events/e1/photos/olga/b.jpg';
    expect(
      ok(
        req('delete', p, { resource: meta(p, { timeCreated: new Date('2024-01-01T00:00:00Z') }) }),
      ),
    ).toBe(true);
  });
  it('get() (Firestore-only) is an error in Storage rules', () => {
    const d = evaluateStorage(rules, req('get', 'banners/e1'), members);
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/get\(\) is only available in Firestore rules; use firestore.get\(\)/);
  });
});

describe('list', () => {
  it('list of a prefix is granted by rules on the objects directly under it', () => {
    expect(ok(req('list', 'events/e1/photos/alice/'))).toBe(true);
    expect(ok(req('list', 'events/e2/photos/alice/'))).toBe(false);
  });
  it('list granted at the prefix path itself', () => {
    expect(ok(req('list', 'folders/shared'))).toBe(true);
    expect(ok(req('list', 'folders/private'))).toBe(false);
  });
  it('Firestore rules do not apply to Storage', () => {
    const fsRules = compile(
      `rules_version = '2'; service cloud.firestore { match /databases/{d}/documents { match /{p=**} { allow read; } } }`,
    );
    expect(evaluateStorage(fsRules, req('get', 'x'), members).allowed).toBe(false);
  });
});

describe('object names with empty segments', () => {
  it('an empty segment is a segment: "banners//x" is three segments, not "banners/x"', () => {
    const name = 'banners//x';
    const write = req('create', name, {
      requestResource: meta(name, { contentType: 'image/png' }),
    });
    expect(ok(write)).toBe(false); // no rule matches /banners/{eventId}/{...}
    expect(
      ok(
        req('create', 'banners/x', {
          requestResource: meta('banners/x', { contentType: 'image/png' }),
        }),
      ),
    ).toBe(true);
  });
  it('a wildcard matches an empty segment', () => {
    expect(ok(req('get', 'events/e1/photos//a.jpg'))).toBe(true); // ownerId == ''
    expect(
      ok(
        req('create', 'events/e1/photos//a.jpg', {
          requestResource: meta('events/e1/photos//a.jpg'),
        }),
      ),
    ).toBe(false); // ownerId '' is not alice
  });
});
