// Rules engine benchmark: compiles a generated ~300-line Firestore rules file and evaluates
// 10,000 requests per scenario, printing requests/second. Run: npx tsx emulator/bench/rules-bench.ts

import { compileRules, evaluateFirestore, type FirestoreRulesRequest } from '../src/rules/index.ts';
import type { DocumentSource, FsDocument, FsValue } from '../src/shared/value.ts';

const COLLECTIONS = 22;

function rulesSource(): string {
  const lines: string[] = [
    "rules_version = '2';",
    'service cloud.firestore {',
    '  match /databases/{database}/documents {',
    '    function signedIn() {',
    '      return request.auth != null;',
    '    }',
    '    function isMember(eventId) {',
    '      return exists(/databases/$(database)/documents/events/$(eventId)/members/$(request.auth.uid));',
    '    }',
    '    function role(eventId) {',
    '      return get(/databases/$(database)/documents/events/$(eventId)/members/$(request.auth.uid)).data.role;',
    '    }',
  ];
  for (let i = 0; i < COLLECTIONS; i++) {
    lines.push(
      `    match /coll${i}/{docId} {`,
      `      function valid${i}(data) {`,
      `        let title = data.title;`,
      `        return title is string && title.size() > 0 && title.size() <= 100`,
      `          && data.keys().hasOnly(['title', 'owner', 'count', 'tags'])`,
      `          && (!('count' in data) || (data.count is int && data.count >= 0));`,
      `      }`,
      `      allow get: if signedIn() && (resource.data.owner == request.auth.uid || request.auth.token.admin == true);`,
      `      allow list: if signedIn() && resource.data.owner == request.auth.uid;`,
      `      allow create: if signedIn() && request.resource.data.owner == request.auth.uid && valid${i}(request.resource.data);`,
      `      allow update: if signedIn() && resource.data.owner == request.auth.uid`,
      `        && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['title', 'count']);`,
      `      allow delete: if false;`,
      `    }`,
    );
  }
  lines.push(
    '    match /events/{eventId} {',
    '      allow get: if isMember(eventId);',
    "      allow update: if role(eventId) == 'organizer';",
    '      match /members/{uid} {',
    '        allow get: if request.auth.uid == uid || isMember(eventId);',
    '      }',
    '    }',
    '    match /users/{userId} {',
    '      allow get: if request.auth.uid == userId;',
    '    }',
    '  }',
    '}',
  );
  return lines.join('\n');
}

function str(s: string): FsValue {
  return { stringValue: s };
}
function doc(path: string, fields: Record<string, FsValue>): FsDocument {
  return {
    path,
    fields,
    createTime: { seconds: 0, nanos: 0 },
    updateTime: { seconds: 0, nanos: 0 },
  };
}

const source = rulesSource();
const t0 = performance.now();
const { ruleset, issues } = compileRules(source);
const compileMs = performance.now() - t0;
if (!ruleset) throw new Error(JSON.stringify(issues));

const store = new Map<string, FsDocument>([
  ['events/e1/members/alice', doc('events/e1/members/alice', { role: str('organizer') })],
  ['events/e1', doc('events/e1', { name: str('Party') })],
]);
const docs: DocumentSource = { get: (p) => store.get(p) ?? null };
const auth = {
  uid: 'alice',
  token: {
    email: 'alice@example.com',
    email_verified: true,
    firebase: { sign_in_provider: 'password' },
  },
};
const time = new Date();
const owned = doc('coll7/d1', {
  owner: str('alice'),
  title: str('hello'),
  count: { integerValue: 3n },
});

const scenarios: { name: string; request: FirestoreRulesRequest; expect: boolean }[] = [
  {
    name: 'simple get (users/{userId}, uid match)',
    request: {
      method: 'get',
      path: 'users/alice',
      auth,
      time,
      resource: null,
      requestResource: null,
    },
    expect: true,
  },
  {
    name: 'get with resource.data check',
    request: {
      method: 'get',
      path: 'coll7/d1',
      auth,
      time,
      resource: owned,
      requestResource: null,
    },
    expect: true,
  },
  {
    name: 'create with validation function',
    request: {
      method: 'create',
      path: 'coll15/d2',
      auth,
      time,
      resource: null,
      requestResource: doc('coll15/d2', {
        owner: str('alice'),
        title: str('x'),
        tags: { arrayValue: { values: [] } },
      }),
    },
    expect: true,
  },
  {
    name: 'update with diff().affectedKeys()',
    request: {
      method: 'update',
      path: 'coll7/d1',
      auth,
      time,
      resource: owned,
      requestResource: doc('coll7/d1', {
        owner: str('alice'),
        title: str('new'),
        count: { integerValue: 4n },
      }),
    },
    expect: true,
  },
  {
    name: 'get with exists() lookup',
    request: {
      method: 'get',
      path: 'events/e1',
      auth,
      time,
      resource: null,
      requestResource: null,
    },
    expect: true,
  },
  {
    name: 'list query (rules are not filters)',
    request: {
      method: 'list',
      path: '',
      collectionPath: 'coll3',
      auth,
      time,
      resource: null,
      requestResource: null,
      query: { equalities: { owner: str('alice') }, limit: 20 },
    },
    expect: true,
  },
  {
    name: 'denied get (no match)',
    request: {
      method: 'get',
      path: 'nothing/here',
      auth,
      time,
      resource: null,
      requestResource: null,
    },
    expect: false,
  },
];

const N = 10_000;
console.log(
  `rules file: ${source.split('\n').length} lines, compiled in ${compileMs.toFixed(1)} ms`,
);
for (const s of scenarios) {
  const both = { before: docs, after: docs };
  for (let i = 0; i < 2_000; i++) evaluateFirestore(ruleset, s.request, both); // warm-up
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let granted = 0;
  for (let i = 0; i < N; i++) if (evaluateFirestore(ruleset, s.request, both).allowed) granted++;
  const cpu = process.cpuUsage(cpuStart);
  const ms = performance.now() - start;
  // CPU time is reported too: the machine is shared, so wall-clock rates swing with load.
  const cpuMs = (cpu.user + cpu.system) / 1000;
  if (granted !== (s.expect ? N : 0))
    throw new Error(`${s.name}: unexpected decision (${granted}/${N} allowed)`);
  const rate = (t: number) =>
    Math.round((N / t) * 1000)
      .toLocaleString('en-US')
      .padStart(9);
  console.log(
    `${s.name.padEnd(42)} ${N} in ${ms.toFixed(1).padStart(6)} ms: ${rate(ms)} req/s wall, ${rate(cpuMs)} req/s per CPU`,
  );
}
