// @firebase/rules-unit-testing against the emulator: rules loaded through the control endpoint,
// allowed and denied reads, lists, listens and writes, and data cleared between tests.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

type Snapshot = { metadata: { fromCache: boolean }; get(field: string): unknown };
type QuerySnapshot = { metadata: { fromCache: boolean }; size: number };

const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /users/{uid} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow create: if request.auth != null && request.auth.uid == uid && request.resource.data.name is string;
      allow update: if request.auth != null && request.auth.uid == uid;
    }
    match /events/{eventId} {
      allow get: if request.auth != null
        && exists(/databases/$(database)/documents/events/$(eventId)/members/$(request.auth.uid));
      allow list: if request.auth != null && resource.data.ownerId == request.auth.uid;
      allow create: if request.auth != null && request.resource.data.ownerId == request.auth.uid;
      match /members/{uid} {
        allow read: if request.auth != null && request.auth.uid == uid;
        allow create: if request.auth != null
          && getAfter(/databases/$(database)/documents/events/$(eventId)).data.ownerId == request.auth.uid;
      }
    }
    match /{path=**}/members/{uid} {
      allow list: if request.auth != null && resource.data.userId == request.auth.uid;
    }
    match /posts/{id} {
      allow create: if request.auth != null && request.resource.data.at == request.time;
    }
    match /public/{id} {
      allow read: if true;
    }
  }
}
`;

let emulator: TestEmulator;
let env: RulesTestEnvironment;
const projectId = uniqueProject('rut');

beforeAll(async () => {
  emulator = await startTestEmulator();
  env = await initializeTestEnvironment({
    projectId,
    firestore: { host: emulator.host, port: emulator.port, rules },
  });
});

afterAll(async () => {
  await env.cleanup();
  await emulator.stop();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await db.doc('users/alice').set({ name: 'Alice' });
    await db.doc('events/e1').set({ ownerId: 'alice', title: 'Party' });
    await db.doc('events/e1/members/alice').set({ role: 'creator', userId: 'alice' });
    await db.doc('events/e2').set({ ownerId: 'bob', title: 'Other' });
    await db.doc('public/p1').set({ text: 'hello' });
  });
});

describe('rules-unit-testing', () => {
  it('allows and denies document reads', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const bob = env.authenticatedContext('bob').firestore();
    const anon = env.unauthenticatedContext().firestore();
    await assertSucceeds(alice.doc('users/alice').get());
    await assertFails(bob.doc('users/alice').get());
    await assertFails(anon.doc('users/alice').get());
    await assertSucceeds(anon.doc('public/p1').get());
    // get() in rules: membership document decides access to the event.
    await assertSucceeds(alice.doc('events/e1').get());
    await assertFails(bob.doc('events/e1').get());
  });

  it('words denials like the official emulator', async () => {
    const bob = env.authenticatedContext('bob').firestore();
    const err = (await assertFails(bob.doc('users/alice').get())) as {
      code?: string;
      message?: string;
    };
    expect(err.code).toBe('permission-denied');
    expect(err.message).toMatch(/for 'get' @ L\d+|Missing or insufficient permissions/);
  });

  it('allows only lists whose filters satisfy the rules (rules are not filters)', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    await assertSucceeds(alice.collection('events').where('ownerId', '==', 'alice').get());
    await assertFails(alice.collection('events').get());
    await assertFails(alice.collection('events').where('ownerId', '==', 'bob').get());
    const mine = await assertSucceeds(
      alice.collectionGroup('members').where('userId', '==', 'alice').get(),
    );
    expect(mine.docs.map((d) => d.ref.path)).toEqual(['events/e1/members/alice']);
    await assertFails(alice.collectionGroup('members').get());
  });

  it('allows and denies listens', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const bob = env.authenticatedContext('bob').firestore();
    // The first snapshot from the server (a client may answer from its cache before that).
    const first = <T extends { metadata: { fromCache: boolean } }>(
      subscribe: (next: (v: T) => void, fail: (e: unknown) => void) => () => void,
    ): Promise<T> =>
      new Promise((resolve, reject) => {
        const unsubscribe = subscribe(
          (v) => {
            if (v.metadata.fromCache) return;
            unsubscribe();
            resolve(v);
          },
          (e) => reject(e),
        );
      });
    const doc = await assertSucceeds(
      first<Snapshot>((next, fail) => alice.doc('users/alice').onSnapshot(next, fail)),
    );
    expect(doc.get('name')).toBe('Alice');
    await assertFails(first((next, fail) => bob.doc('users/alice').onSnapshot(next, fail)));
    const list = await assertSucceeds(
      first<QuerySnapshot>((next, fail) =>
        alice.collection('events').where('ownerId', '==', 'alice').onSnapshot(next, fail),
      ),
    );
    expect(list.size).toBe(1);
    await assertFails(first((next, fail) => alice.collection('events').onSnapshot(next, fail)));
  });

  it('cancels a listener with permission-denied when access is revoked', async () => {
    const alice = env.authenticatedContext('alice').firestore();
    const denied = new Promise<{ code?: string }>((resolve, reject) => {
      let live = false;
      alice.doc('events/e1').onSnapshot(
        (snap) => {
          if (snap.metadata.fromCache || live) return;
          live = true;
          // Membership removed by someone else: the event is no longer readable for alice.
          env
            .withSecurityRulesDisabled((ctx) =>
              ctx.firestore().doc('events/e1/members/alice').delete(),
            )
            .catch(reject);
        },
        (err) => resolve(err as { code?: string }),
      );
    });
    expect((await denied).code).toBe('permission-denied');
  });

  it('allows and denies writes, with getAfter() seeing the whole batch', async () => {
    const carol = env.authenticatedContext('carol').firestore();
    await assertSucceeds(carol.doc('users/carol').set({ name: 'Carol' }));
    await assertFails(carol.doc('users/dave').set({ name: 'Dave' }));
    await assertFails(carol.doc('users/carol2').set({ name: 42 }));
    await assertFails(carol.doc('public/p2').set({ text: 'nope' }));
    await assertSucceeds(carol.doc('users/carol').update({ name: 'Caroline' }));

    const ok = carol.batch();
    ok.set(carol.doc('events/e3'), { ownerId: 'carol' });
    ok.set(carol.doc('events/e3/members/carol'), { role: 'creator' });
    await assertSucceeds(ok.commit());

    const sneaky = carol.batch();
    sneaky.set(carol.doc('events/e2/members/carol'), { role: 'admin' });
    await assertFails(sneaky.commit());
  });

  it('evaluates rules before preconditions: a denied write never learns whether the document exists', async () => {
    const mallory = env.authenticatedContext('mallory').firestore();
    // Whether carol is a member of e1 must not show through the error of a denied update.
    await assertFails(mallory.doc('events/e1/members/alice').update({ role: 'admin' }));
    await assertFails(mallory.doc('events/e1/members/nobody').update({ role: 'admin' }));
    await assertFails(mallory.doc('events/e1/members/nobody').delete());
    // An allowed caller is told the document is missing.
    const erin = env.authenticatedContext('erin').firestore();
    await expect(erin.doc('users/erin').update({ name: 'Erin' })).rejects.toMatchObject({
      code: 'not-found',
    });
  });

  it('refuses listCollectionIds to every client whatever the rules (only privileged callers list)', async () => {
    const url = `http://${emulator.host}:${emulator.port}/v1/projects/${projectId}/databases/(default)/documents/events/e1:listCollectionIds`;
    const unsigned = (claims: object) =>
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const asAlice = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${unsigned({ sub: 'alice', user_id: 'alice' })}` },
    });
    expect(asAlice.status).toBe(403);
    const asOwner = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer owner' },
    });
    expect(asOwner.status).toBe(200);
    expect(await asOwner.json()).toEqual({ collectionIds: ['members'] });
  });

  it('serves the rule coverage report (JSON and HTML) as the official emulator does', async () => {
    const bob = env.authenticatedContext('bob').firestore();
    await assertFails(bob.doc('users/alice').get());
    const base = `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${projectId}`;
    const json = (await (await fetch(`${base}:ruleCoverage`)).json()) as {
      rules: { files: { content: string }[] };
      report: { sourcePosition: { line: number }; values?: { count: number }[] }[];
    };
    expect(json.rules.files[0]?.content).toBe(rules);
    const readRule = json.report.find((n) => n.sourcePosition.line === 21);
    expect(readRule?.values?.reduce((n, v) => n + v.count, 0)).toBeGreaterThan(0);
    const html = await fetch(`${base}:ruleCoverage.html`);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toContain('Conditions never evaluated');
  });

  it('gives serverTimestamp() the value of request.time', async () => {
    const carol = env.authenticatedContext('carol').firestore();
    await assertSucceeds(
      carol.doc('posts/p1').set({ at: firebase.firestore.FieldValue.serverTimestamp() }),
    );
    await assertFails(
      carol.doc('posts/p2').set({ at: firebase.firestore.Timestamp.fromMillis(0) }),
    );
  });

  it('starts each test from cleared data', async () => {
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore();
      expect((await db.doc('users/carol').get()).exists).toBe(false);
      expect((await db.collection('events').get()).size).toBe(2);
    });
  });

  it('rejects rules with syntax errors when loading them', async () => {
    await expect(
      initializeTestEnvironment({
        projectId: uniqueProject('bad-rules'),
        firestore: {
          host: emulator.host,
          port: emulator.port,
          rules: 'service cloud.firestore { match /x { allow read: if ; } }',
        },
      }),
    ).rejects.toThrow(/INVALID_ARGUMENT|compil/i);
  });
});
