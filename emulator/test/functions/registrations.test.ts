import { describe, expect, it } from 'vitest';
import {
  compileDocumentPattern,
  functionOfKey,
  parseEventarcRegistration,
  parseLegacyRegistration,
  TriggerRegistrations,
} from '../../src/firestore/triggers/registrations.ts';

describe('document patterns (Eventarc path patterns)', () => {
  const cases: [string, string, boolean][] = [
    ['events/{eventId}', 'events/e1', true],
    ['events/{eventId}', 'events/e1/photos/p1', false],
    ['events/{eventId}/photos/{photoId}', 'events/e1/photos/p1', true],
    ['events/{eventId}/photos/{photoId}', 'events/e1/flights/f1', false],
    ['events/*/photos/*', 'events/e1/photos/p1', true],
    ['events/{rest=**}', 'events/e1', true],
    ['events/{rest=**}', 'events/e1/photos/p1', true],
    ['events/**', 'events/e1/photos/p1/votes/u1', true],
    ['users/{uid}', 'events/u1', false],
    ['{col}/{doc}', 'anything/x', true],
  ];
  for (const [pattern, path, expected] of cases) {
    it(`${pattern} ${expected ? 'matches' : 'does not match'} ${path}`, () => {
      expect(compileDocumentPattern(pattern, false)(path)).toBe(expected);
    });
  }

  it('EXACT is literal', () => {
    expect(compileDocumentPattern('events/e1', true)('events/e1')).toBe(true);
    expect(compileDocumentPattern('events/e1', true)('events/e2')).toBe(false);
  });

  it('rejects partial wildcards loudly', () => {
    expect(() => compileDocumentPattern('events/e*', false)).toThrow(
      /Unsupported document pattern/,
    );
  });
});

describe('registrations', () => {
  const v2 = (key: string, eventType: string, document: string) =>
    parseEventarcRegistration('p', key, {
      eventType,
      database: '(default)',
      namespace: '(default)',
      document: { value: document, matchType: 'PATH_PATTERN' },
    });

  it('written hears created, updated and deleted; the others only their own', () => {
    const registrations = new TriggerRegistrations();
    registrations.add(
      v2('us-central1-w-0', 'google.cloud.firestore.document.v1.written', 'a/{id}'),
    );
    registrations.add(
      v2('us-central1-c-0', 'google.cloud.firestore.document.v1.created', 'a/{id}'),
    );
    registrations.add(
      v2('us-central1-d-0', 'google.cloud.firestore.document.v1.deleted.withAuthContext', 'a/{id}'),
    );
    const keys = (kind: 'created' | 'updated' | 'deleted') =>
      registrations
        .matching('p', '(default)', 'a/x', kind)
        .map((r) => r.key)
        .sort();
    expect(keys('created')).toEqual(['us-central1-c-0', 'us-central1-w-0']);
    expect(keys('updated')).toEqual(['us-central1-w-0']);
    expect(keys('deleted')).toEqual(['us-central1-d-0', 'us-central1-w-0']);
    expect(registrations.matching('other', '(default)', 'a/x', 'created')).toEqual([]);
    expect(registrations.matching('p', 'second', 'a/x', 'created')).toEqual([]);
  });

  it('a newer generation of a function replaces the older one', () => {
    const registrations = new TriggerRegistrations();
    registrations.add(
      v2('us-central1-f-0', 'google.cloud.firestore.document.v1.created', 'a/{id}'),
    );
    registrations.add(
      v2('us-central1-f-1', 'google.cloud.firestore.document.v1.created', 'b/{id}'),
    );
    expect(registrations.list('p').map((r) => r.key)).toEqual(['us-central1-f-1']);
    expect(functionOfKey('us-central1-my-fn-12')).toBe('us-central1-my-fn');
  });

  it('v1 registrations take their pattern from the resource', () => {
    const registration = parseLegacyRegistration('p', 'us-central1-l-0', {
      eventTrigger: {
        eventType: 'providers/cloud.firestore/eventTypes/document.write',
        resource: 'projects/p/databases/(default)/documents/a/{id}/b/{sub}',
        service: 'firestore.googleapis.com',
      },
    });
    expect(registration.document).toBe('a/{id}/b/{sub}');
    expect(registration.matches('a/1/b/2')).toBe(true);
    expect([...registration.kinds].sort()).toEqual(['created', 'deleted', 'updated']);
  });

  it('rejects what is not a Firestore trigger', () => {
    expect(() => v2('k-0', 'google.cloud.storage.object.v1.finalized', 'a/{id}')).toThrow(
      /Not a Firestore event type/,
    );
    expect(() => v2('k-0', 'google.cloud.firestore.document.v1.touched', 'a/{id}')).toThrow(
      /Unsupported Firestore event type/,
    );
  });
});
