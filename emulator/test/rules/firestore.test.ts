// Firestore request evaluation: matching and captures, method groups, functions, request and
// resource shapes, document reads with their limit, and the list-query approximation.

import { describe, expect, it } from 'vitest';
import {
  evaluateFirestore,
  type FirestoreRulesRequest,
  type Ruleset,
} from '../../src/rules/index.ts';
import type { DocumentSource } from '../../src/shared/value.ts';
import { EMPTY, doc, firestoreRules, fs, source } from './helpers.ts';

const alice = {
  uid: 'alice',
  token: {
    email: 'alice@example.com',
    email_verified: true,
    name: 'Alice',
    firebase: { sign_in_provider: 'google.com' },
  },
};
const bob = {
  uid: 'bob',
  token: {
    email: 'bob@example.com',
    email_verified: false,
    firebase: { sign_in_provider: 'password' },
  },
};

function req(
  method: FirestoreRulesRequest['method'],
  path: string,
  extra: Partial<FirestoreRulesRequest> = {},
): FirestoreRulesRequest {
  return {
    method,
    path,
    auth: alice,
    time: new Date('2024-03-15T10:00:00Z'),
    resource: null,
    requestResource: null,
    ...extra,
  };
}

function allowed(
  rs: Ruleset,
  r: FirestoreRulesRequest,
  before: DocumentSource = EMPTY,
  after: DocumentSource = before,
): boolean {
  return evaluateFirestore(rs, r, { before, after }).allowed;
}

describe('matching and method groups', () => {
  const rs = firestoreRules(`
    match /users/{userId} {
      allow read: if request.auth.uid == userId;
      allow write: if request.auth.uid == userId;
    }
    match /public/{id} {
      allow read;
    }
    match /split/{id} {
      allow get: if true;
      allow create, delete: if true;
    }`);

  it('owner can get their user document', () =>
    expect(allowed(rs, req('get', 'users/alice'))).toBe(true));
  it('another user cannot', () => expect(allowed(rs, req('get', 'users/bob'))).toBe(false));
  it('signed-out request errors on request.auth.uid and is denied', () => {
    const d = evaluateFirestore(rs, req('get', 'users/alice', { auth: null }), {
      before: EMPTY,
      after: EMPTY,
    });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/Null value error/);
  });
  it('read covers list', () =>
    expect(allowed(rs, req('list', '', { collectionPath: 'public' }))).toBe(true));
  it('write covers create, update and delete', () => {
    for (const m of ['create', 'update', 'delete'] as const)
      expect(allowed(rs, req(m, 'users/alice'))).toBe(true);
  });
  it('allow without condition grants', () =>
    expect(allowed(rs, req('get', 'public/x', { auth: null }))).toBe(true));
  it('get does not grant list', () =>
    expect(allowed(rs, req('list', '', { collectionPath: 'split' }))).toBe(false));
  it('create/delete do not grant update', () => {
    expect(allowed(rs, req('create', 'split/a'))).toBe(true);
    expect(allowed(rs, req('update', 'split/a'))).toBe(false);
  });
  it('single wildcard does not match subcollection documents', () => {
    expect(allowed(rs, req('get', 'public/x/more/y'))).toBe(false);
  });
  it('no matching block gives a clear reason', () => {
    const d = evaluateFirestore(rs, req('get', 'other/x'), { before: EMPTY, after: EMPTY });
    expect(d).toEqual({ allowed: false, reason: "No matching allow statements for 'get'" });
  });
  it('denial reason names the method and line', () => {
    const d = evaluateFirestore(rs, req('get', 'users/bob'), { before: EMPTY, after: EMPTY });
    expect(d.reason).toBe("false for 'get' @ L6");
  });
});

describe('nested matches, captures and recursive wildcards', () => {
  const rs = firestoreRules(`
    match /events/{eventId} {
      allow get: if eventId == 'e1' && database == '(default)';
      match /members/{memberId} {
        allow get: if eventId == 'e1' && memberId == request.auth.uid;
      }
    }
    match /cities/{city}/{rest=**} {
      allow get: if city == 'sf' && rest is path;
      allow update: if rest == /landmarks/l1;
      allow create: if rest[0] == 'landmarks' || string(rest) == '/';
    }
    match /{anything=**} {
      allow delete: if anything[0] == 'trash';
    }`);

  it('parent capture is visible in nested block', () =>
    expect(allowed(rs, req('get', 'events/e1/members/alice'))).toBe(true));
  it('nested capture compared with auth', () =>
    expect(allowed(rs, req('get', 'events/e1/members/bob'))).toBe(false));
  it('database capture is (default)', () =>
    expect(allowed(rs, req('get', 'events/e1'))).toBe(true));
  it('parent block does not apply to child documents', () =>
    expect(allowed(rs, req('get', 'events/e2/members/alice'))).toBe(false));
  it('recursive wildcard matches zero segments (v2)', () =>
    expect(allowed(rs, req('get', 'cities/sf'))).toBe(true));
  it('recursive wildcard matches deep documents', () =>
    expect(allowed(rs, req('get', 'cities/sf/a/b/c/d'))).toBe(true));
  it('recursive capture is a path', () =>
    expect(allowed(rs, req('update', 'cities/la/landmarks/l1'))).toBe(true));
  it('recursive capture indexing', () => {
    expect(allowed(rs, req('create', 'cities/la/landmarks/x'))).toBe(true);
    expect(allowed(rs, req('create', 'cities/la/other/x'))).toBe(false);
    expect(allowed(rs, req('create', 'cities/la'))).toBe(true);
  });
  it('root recursive wildcard matches any document', () => {
    expect(allowed(rs, req('delete', 'trash/x'))).toBe(true);
    expect(allowed(rs, req('delete', 'trash/x/y/z'))).toBe(true);
    expect(allowed(rs, req('delete', 'keep/x'))).toBe(false);
  });
});

describe('overlapping matches: any allow grants', () => {
  const rs = firestoreRules(`
    match /docs/{id} {
      allow read: if false;
    }
    match /docs/{other} {
      allow read: if other == 'open';
    }
    match /{path=**} {
      allow read: if request.auth.uid == 'admin';
      allow read: if resource.data.nope == 1;
    }`);
  it('a later matching block grants', () =>
    expect(allowed(rs, req('get', 'docs/open'))).toBe(true));
  it('all false denies and lists every reason', () => {
    const d = evaluateFirestore(
      rs,
      req('get', 'docs/closed', { resource: doc('docs/closed', {}) }),
      { before: EMPTY, after: EMPTY },
    );
    expect(d.allowed).toBe(false);
    expect(d.reason).toContain("false for 'get' @ L6");
    expect(d.reason).toContain("Property nope is undefined on object. for 'get' @ L13");
    expect(d.reason).toContain('Property nope is undefined on object');
  });
  it('an erroring allow does not prevent another from granting', () => {
    expect(allowed(rs, req('get', 'docs/closed', { auth: { uid: 'admin', token: {} } }))).toBe(
      true,
    );
  });
});

describe('functions', () => {
  const rs = firestoreRules(`
    function signedIn() {
      return request.auth != null;
    }
    function isOwner(uid) {
      return signedIn() && request.auth.uid == uid;
    }
${Array.from({ length: 22 }, (_, i) => `    function chain${i}(n) { return ${i === 21 ? 'n == 21' : `chain${i + 1}(n + 1)`}; }`).join('\n')}
    match /items/{itemId} {
      function owner() {
        return isOwner(itemId);
      }
      function valid(data) {
        let title = data.title;
        let len = title.size();
        return title is string && len > 0 && len <= 10;
      }
      function unusedLetError(data) {
        let missing = data.nope;
        return true;
      }
      allow get: if owner();
      allow create: if valid(request.resource.data);
      allow update: if chain3(3) && laterDeclared();
      allow delete: if chain0(0);
      allow list: if unusedLetError({});
      function laterDeclared() { return itemId == 'x'; }
    }`);
  it('functions see enclosing captures and globals', () => {
    expect(allowed(rs, req('get', 'items/alice'))).toBe(true);
    expect(allowed(rs, req('get', 'items/bob'))).toBe(false);
    expect(allowed(rs, req('get', 'items/alice', { auth: null }))).toBe(false);
  });
  it('let bindings', () => {
    expect(
      allowed(
        rs,
        req('create', 'items/a', { requestResource: doc('items/a', { title: 'hello' }) }),
      ),
    ).toBe(true);
    expect(
      allowed(rs, req('create', 'items/a', { requestResource: doc('items/a', { title: '' }) })),
    ).toBe(false);
    expect(
      allowed(
        rs,
        req('create', 'items/a', {
          requestResource: doc('items/a', { title: 'far too long here' }),
        }),
      ),
    ).toBe(false);
    expect(allowed(rs, req('create', 'items/a', { requestResource: doc('items/a', {}) }))).toBe(
      false,
    );
  });
  it('call chains within the depth limit and functions declared later', () => {
    expect(allowed(rs, req('update', 'items/x'))).toBe(true);
  });
  it('a call chain deeper than 20 hits the call depth limit with a clear error', () => {
    const d = evaluateFirestore(rs, req('delete', 'items/x'), { before: EMPTY, after: EMPTY });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/function call depth limit \(20\) exceeded calling chain20\(\)/);
  });
  it('an erroring let binding that is never used does not deny', () => {
    expect(allowed(rs, req('list', '', { collectionPath: 'items' }))).toBe(true);
  });
});

describe('request and resource', () => {
  const rs = firestoreRules(`
    match /posts/{postId} {
      allow create: if resource == null
        && request.resource.data.author == request.auth.uid
        && request.resource.id == postId
        && request.resource.data.createdAt == request.time
        && request.method == 'create'
        && request.path == /databases/$(database)/documents/posts/$(postId);
      allow update: if request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title'])
        && resource.data.author == request.auth.uid;
      allow delete: if request.auth.token.email_verified == true
        && request.auth.token.firebase.sign_in_provider == 'google.com'
        && request.auth.token.email.matches('.*@example[.]com');
      allow get: if resource.__name__ == /databases/(default)/documents/posts/$(postId)
        && resource.id == postId
        && resource.data.count is int && resource.data.ratio is float
        && resource.data.when is timestamp && resource.data.when < request.time
        && resource.data.ref is path && resource.data.ref[4] == 'alice'
        && resource.data.geo is latlng && resource.data.geo.latitude() == 1.5
        && resource.data.blob is bytes && resource.data.blob.size() == 2
        && resource.data.tags is list && 'a' in resource.data.tags
        && resource.data.nested.deep == null
        && resource.data.count == 3.0;
      allow list: if request.auth.token.admin == true;
    }`);
  const time = new Date('2024-03-15T10:00:00Z');

  it('create sees request.resource, request.time, request.path and null resource', () => {
    const r = req('create', 'posts/p1', {
      time,
      requestResource: doc('posts/p1', { author: 'alice', createdAt: time }),
    });
    expect(evaluateFirestore(rs, r, { before: EMPTY, after: EMPTY })).toEqual({
      allowed: true,
      reason: 'allow create @ L6',
    });
  });
  it('create by someone else is denied', () => {
    expect(
      allowed(
        rs,
        req('create', 'posts/p1', {
          auth: bob,
          time,
          requestResource: doc('posts/p1', { author: 'alice', createdAt: time }),
        }),
      ),
    ).toBe(false);
  });
  it('update limited to the title field with diff().affectedKeys()', () => {
    const before = doc('posts/p1', { author: 'alice', title: 'a', body: 'x' });
    expect(
      allowed(
        rs,
        req('update', 'posts/p1', {
          resource: before,
          requestResource: doc('posts/p1', { author: 'alice', title: 'b', body: 'x' }),
        }),
      ),
    ).toBe(true);
    expect(
      allowed(
        rs,
        req('update', 'posts/p1', {
          resource: before,
          requestResource: doc('posts/p1', { author: 'alice', title: 'b', body: 'y' }),
        }),
      ),
    ).toBe(false);
  });
  it('token claims: email_verified, sign_in_provider, email', () => {
    expect(allowed(rs, req('delete', 'posts/p1'))).toBe(true);
    expect(allowed(rs, req('delete', 'posts/p1', { auth: bob }))).toBe(false);
  });
  it('custom claims', () => {
    expect(
      allowed(
        rs,
        req('list', '', { collectionPath: 'posts', auth: { uid: 'x', token: { admin: true } } }),
      ),
    ).toBe(true);
    expect(
      allowed(rs, req('list', '', { collectionPath: 'posts', auth: { uid: 'x', token: {} } })),
    ).toBe(false);
  });
  it('converts every Firestore value type', () => {
    const existing = doc(
      'posts/p1',
      {
        count: { integerValue: 3n },
        ratio: { doubleValue: 0.5 },
        when: { timestampValue: { seconds: 1_000, nanos: 5 } },
        ref: { referenceValue: 'projects/demo/databases/(default)/documents/users/alice' },
        geo: { geoPointValue: { latitude: 1.5, longitude: 2 } },
        blob: { bytesValue: new Uint8Array([1, 2]) },
        tags: fs(['a', 'b']),
        nested: fs({ deep: null }),
      },
      true,
    );
    expect(
      evaluateFirestore(rs, req('get', 'posts/p1', { time, resource: existing }), {
        before: EMPTY,
        after: EMPTY,
      }).reason,
    ).toBe('allow get @ L17');
  });
});

describe('get(), exists(), getAfter(), existsAfter()', () => {
  const rs = firestoreRules(`
    function member(eventId) {
      return get(/databases/$(database)/documents/events/$(eventId)/members/$(request.auth.uid)).data.role;
    }
    match /events/{eventId} {
      allow get: if exists(/databases/$(database)/documents/events/$(eventId)/members/$(request.auth.uid));
      allow update: if member(eventId) == 'organizer';
      allow create: if getAfter(/databases/$(database)/documents/events/$(eventId)/members/$(request.auth.uid)).data.role == 'organizer';
      allow delete: if !existsAfter(/databases/$(database)/documents/events/$(eventId)/members/$(request.auth.uid));
    }
    match /many/{n} {
      allow get: if exists(/databases/$(database)/documents/d/1) && exists(/databases/$(database)/documents/d/2)
        && exists(/databases/$(database)/documents/d/3) && exists(/databases/$(database)/documents/d/4)
        && exists(/databases/$(database)/documents/d/5) && exists(/databases/$(database)/documents/d/6)
        && exists(/databases/$(database)/documents/d/7) && exists(/databases/$(database)/documents/d/8)
        && exists(/databases/$(database)/documents/d/9) && exists(/databases/$(database)/documents/d/10)
        && (n == '10' || exists(/databases/$(database)/documents/d/11));
      allow update: if get(/databases/$(database)/documents/d/1).data.v == 1
        && get(/databases/$(database)/documents/d/1).data.v == 1
        && exists(/databases/$(database)/documents/d/1);
      allow delete: if get(/events/e1) != null;
      allow create: if get(/databases/$(database)/documents/d/404).data.v == 1;
    }`);
  const before = source([
    doc('events/e1/members/alice', { role: 'organizer' }),
    doc('events/e1/members/bob', { role: 'guest' }),
    ...Array.from({ length: 11 }, (_, i) => doc(`d/${i + 1}`, { v: i + 1 })),
  ]);

  it('exists() finds a member document', () => {
    expect(allowed(rs, req('get', 'events/e1'), before)).toBe(true);
    expect(allowed(rs, req('get', 'events/e2'), before)).toBe(false);
  });
  it('get().data reads fields, through a function', () => {
    expect(allowed(rs, req('update', 'events/e1'), before)).toBe(true);
    expect(allowed(rs, req('update', 'events/e1', { auth: bob }), before)).toBe(false);
  });
  it('getAfter() reads the state with pending writes applied', () => {
    const after = source([doc('events/e9/members/alice', { role: 'organizer' })]);
    expect(allowed(rs, req('create', 'events/e9'), before, after)).toBe(true);
    expect(allowed(rs, req('create', 'events/e9'), before, before)).toBe(false);
  });
  it('existsAfter() sees deletions in the same batch', () => {
    expect(allowed(rs, req('delete', 'events/e1'), before, source([]))).toBe(true);
    expect(allowed(rs, req('delete', 'events/e1'), before, before)).toBe(false);
  });
  it('ten document accesses are allowed', () =>
    expect(allowed(rs, req('get', 'many/10'), before)).toBe(true));
  it('an eleventh access fails the rule with a clear error', () => {
    const d = evaluateFirestore(rs, req('get', 'many/11'), { before, after: before });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/exceeded the maximum of 10 document accesses/);
  });
  it('batched writes may raise the limit to 20', () => {
    expect(
      evaluateFirestore(
        rs,
        req('get', 'many/11'),
        { before, after: before },
        { maxDocumentAccesses: 20 },
      ).allowed,
    ).toBe(true);
  });
  it('repeated reads of one document count once and hit the source once', () => {
    const counted = source([doc('d/1', { v: 1 })]);
    expect(allowed(rs, req('update', 'many/x'), counted)).toBe(true);
    expect(counted.reads).toEqual(['d/1']);
  });
  it('get() requires a full document path', () => {
    const d = evaluateFirestore(rs, req('delete', 'many/x'), { before, after: before });
    expect(d.reason).toMatch(/is not a document path/);
  });
  it('get() of a missing document is null, so .data errors', () => {
    const d = evaluateFirestore(rs, req('create', 'many/x'), { before, after: before });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/Null value error/);
  });
});

describe('list queries: rules are not filters', () => {
  const rs = firestoreRules(`
    match /notes/{noteId} {
      allow list: if resource.data.owner == request.auth.uid && request.query.limit <= 50;
      allow get: if resource.data.owner == request.auth.uid;
    }
    match /byId/{id} {
      allow list: if id == 'known';
    }
    match /open/{id} {
      allow list: if request.auth != null;
    }
    match /nested/{id} {
      allow list: if resource.data.meta.visibility == 'public';
    }
    match /keysCheck/{id} {
      allow list: if resource.data.keys().size() > 0;
    }
    match /{path=**}/comments/{commentId} {
      allow list: if resource.data.visible == true;
    }
    match /posts/{postId}/replies/{replyId} {
      allow list: if true;
    }`);
  const list = (
    coll: string,
    equalities: Record<string, unknown>,
    extra: Partial<FirestoreRulesRequest> = {},
  ) =>
    req('list', '', {
      collectionPath: coll,
      query: {
        equalities: Object.fromEntries(Object.entries(equalities).map(([k, v]) => [k, fs(v)])),
        limit: 10,
      },
      ...extra,
    });

  it('query constrained to the caller passes', () =>
    expect(allowed(rs, list('notes', { owner: 'alice' }))).toBe(true));
  it('query for someone else is denied', () =>
    expect(allowed(rs, list('notes', { owner: 'bob' }))).toBe(false));
  it('unconstrained query is denied with an explanation', () => {
    const d = evaluateFirestore(rs, list('notes', {}), { before: EMPTY, after: EMPTY });
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/field 'owner' is not constrained by the query/);
  });
  it('request.query.limit is checked', () => {
    expect(
      allowed(
        rs,
        list(
          'notes',
          { owner: 'alice' },
          { query: { equalities: { owner: fs('alice') }, limit: 100 } },
        ),
      ),
    ).toBe(false);
  });
  it('document-id wildcard is unknown unless __name__ is pinned', () => {
    expect(allowed(rs, list('byId', {}))).toBe(false);
    const q = {
      equalities: {
        __name__: { referenceValue: 'projects/p/databases/(default)/documents/byId/known' },
      },
    };
    expect(allowed(rs, list('byId', {}, { query: q }))).toBe(true);
  });
  it('rules that do not read the document allow any query', () =>
    expect(allowed(rs, list('open', {}))).toBe(true));
  it('nested field equality ("meta.visibility")', () => {
    expect(allowed(rs, list('nested', { 'meta.visibility': 'public' }))).toBe(true);
    expect(allowed(rs, list('nested', { 'meta.other': 'x' }))).toBe(false);
  });
  it('whole-map operations need every field and are denied', () =>
    expect(allowed(rs, list('keysCheck', { a: 1 }))).toBe(false));
  it('collection group query needs a recursive wildcard rule', () => {
    expect(allowed(rs, list('comments', { visible: true }, { collectionGroup: true }))).toBe(true);
    expect(allowed(rs, list('comments', { visible: false }, { collectionGroup: true }))).toBe(
      false,
    );
    expect(allowed(rs, list('replies', {}, { collectionGroup: true }))).toBe(false);
  });
  it('plain query on a nested collection', () =>
    expect(allowed(rs, list('posts/p1/replies', {}))).toBe(true));
  it('get on a single document is evaluated against the stored data', () => {
    expect(
      allowed(rs, req('get', 'notes/n1', { resource: doc('notes/n1', { owner: 'alice' }) })),
    ).toBe(true);
  });
});

describe('service mismatch', () => {
  it('a storage ruleset denies Firestore requests', async () => {
    const { compile } = await import('./helpers.ts');
    const storage = compile(
      `rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read; } } }`,
    );
    expect(
      evaluateFirestore(storage, req('get', 'a/b'), { before: EMPTY, after: EMPTY }).allowed,
    ).toBe(false);
  });
});

describe('list query details', () => {
  const rs = firestoreRules(`
    match /q/{id} {
      allow list: if request.query.orderBy == ['createdAt'] && request.query.offset == null && request.query.limit == 5
        && request.path == /databases/(default)/documents/q;
    }
    match /inMap/{id} {
      allow list: if 'owner' in resource.data;
    }
    match /getDefault/{id} {
      allow list: if resource.data.get('tier', 'free') == 'free';
    }`);
  const list = (coll: string, query: FirestoreRulesRequest['query']) =>
    req('list', '', { collectionPath: coll, query });
  it('request.query exposes limit, offset and orderBy', () => {
    expect(allowed(rs, list('q', { equalities: {}, limit: 5, orderBy: ['createdAt'] }))).toBe(true);
    expect(
      allowed(rs, list('q', { equalities: {}, limit: 5, offset: 10, orderBy: ['createdAt'] })),
    ).toBe(false);
  });
  it('`in` on the symbolic document only succeeds for constrained keys', () => {
    expect(allowed(rs, list('inMap', { equalities: { owner: fs('x') } }))).toBe(true);
    expect(allowed(rs, list('inMap', { equalities: {} }))).toBe(false);
  });
  it('map.get() with a default cannot assume an unconstrained field is absent', () => {
    expect(allowed(rs, list('getDefault', { equalities: {} }))).toBe(false);
    expect(allowed(rs, list('getDefault', { equalities: { tier: fs('free') } }))).toBe(true);
  });
});

describe('document accesses and data conversion details', () => {
  const rs = firestoreRules(`
    match /a/{id} {
      allow get: if get(/databases/$(database)/documents/b/1).data.list[1] == 2.5
        && get(/databases/$(database)/documents/b/1).data.map.k == 'v'
        && get(/databases/$(database)/documents/b/1).id == '1'
        && get(/databases/$(database)/documents/b/1).__name__ == /databases/(default)/documents/b/1;
      allow update: if request.resource.data.n == resource.data.n + 1 && request.resource.data.n is int;
      allow delete: if request.resource == null;
    }`);
  const before = source([doc('b/1', { list: [1, 2.5], map: { k: 'v' } })]);
  it('documents read by get() expose data, id and __name__', () =>
    expect(allowed(rs, req('get', 'a/x'), before)).toBe(true));
  it('integer fields stay ints through arithmetic', () => {
    expect(
      allowed(
        rs,
        req('update', 'a/x', {
          resource: doc('a/x', { n: 1 }),
          requestResource: doc('a/x', { n: 2 }),
        }),
      ),
    ).toBe(true);
    expect(
      allowed(
        rs,
        req('update', 'a/x', {
          resource: doc('a/x', { n: 1 }),
          requestResource: doc('a/x', { n: 2.5 }),
        }),
      ),
    ).toBe(false);
  });
  it('request.resource is null for deletes', () =>
    expect(allowed(rs, req('delete', 'a/x', { resource: doc('a/x', {}) }))).toBe(true));
});
