/**
 * The security-rules proof: every case in the tables runs as its role against the real
 * firestore.rules and storage.rules through @firebase/rules-unit-testing, and must be allowed
 * (assertSucceeds) or denied with permission-denied (assertFails).
 *
 *   npx vitest run --project security                       offline emulators, random ports
 *   GATHERLY_EMULATORS=official FIRESTORE_EMULATOR_HOST=h:p FIREBASE_STORAGE_EMULATOR_HOST=h:p \
 *     npx vitest run --project security                     running official emulators
 *
 * The suite clears and reseeds project GATHERLY_RULES_PROJECT (default demo-gatherly): point it
 * at emulators that hold nothing you want to keep.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import './endpoints.ts';
import {
  ROLES,
  clearStorage,
  seedFirestore,
  seedStorage,
  summary,
  uidOf,
  type Role,
} from './fixtures.ts';
import { isWrite, type Actor, type RulesCase, type Service } from './cases.ts';
import { firestoreMatrix } from './firestore-matrix.ts';
import { firestoreAttacks } from './firestore-attacks.ts';
import { emailCases } from './email-cases.ts';
import { storageCases } from './storage-cases.ts';
import { deletingCases } from './deleting-cases.ts';
import { groupCases } from './group-cases.ts';
import { groupAnnouncementCases } from './group-announcement-cases.ts';
import { seatingCases } from './seating-cases.ts';
import { pollCases } from './poll-cases.ts';
import { pollGroupAttacks, pollGroupCases } from './poll-group-cases.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readRules = (file: string): string => readFileSync(`${repoRoot}${file}`, 'utf8');
// Our emulators are private to this run; against shared official emulators pick another id.
const PROJECT_ID = process.env.GATHERLY_RULES_PROJECT ?? 'demo-gatherly';

const cases: RulesCase[] = [
  ...firestoreMatrix,
  ...firestoreAttacks,
  ...emailCases,
  ...storageCases,
  ...deletingCases,
  ...groupCases,
  ...groupAnnouncementCases,
  ...seatingCases,
  ...pollCases,
  ...pollGroupCases,
  ...pollGroupAttacks,
];

let env: RulesTestEnvironment;
const actors = new Map<Role, Actor>();
// Set when a case may have changed seeded data; the next case reseeds that service first.
const dirty: Record<Service, boolean> = { firestore: true, storage: true };
const passed = { allow: 0, deny: 0, firestore: 0, storage: 0 };

async function reseed(service: Service): Promise<void> {
  if (service === 'firestore') {
    await env.clearFirestore();
    await env.withSecurityRulesDisabled((ctx) => seedFirestore(ctx.firestore()));
  } else {
    await env.withSecurityRulesDisabled(async (ctx) => {
      await clearStorage(ctx.storage());
      await seedStorage(ctx.storage());
    });
  }
  dirty[service] = false;
}

function actorFor(role: Role): Actor {
  const actor = actors.get(role);
  if (!actor) throw new Error(`no client for role ${role}`);
  return actor;
}

beforeAll(async () => {
  const endpoints = inject('emulators');
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { ...endpoints.firestore, rules: readRules('firestore.rules') },
    storage: { ...endpoints.storage, rules: readRules('storage.rules') },
  });
  for (const role of ROLES) {
    const uid = uidOf(role);
    const context =
      uid === null
        ? env.unauthenticatedContext()
        : env.authenticatedContext(uid, {
            email: summary(uid).email,
            email_verified: true,
            name: summary(uid).displayName,
            firebase: { sign_in_provider: 'google.com' },
          });
    actors.set(role, { role, uid, db: context.firestore(), storage: context.storage() });
  }
});

afterAll(async () => {
  const total = passed.allow + passed.deny;
  console.log(
    `security rules: ${total} of ${cases.length} cases passed — ${passed.allow} allowed, ` +
      `${passed.deny} denied (Firestore ${passed.firestore}, Storage ${passed.storage})`,
  );
  await env?.cleanup();
});

describe('security rules', () => {
  it('names every case uniquely', () => {
    const names = cases.map((c) => c.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  for (const rulesCase of cases) {
    it(`${rulesCase.expect === 'allow' ? 'ALLOW' : 'DENY '} ${rulesCase.name}`, async () => {
      const { service } = rulesCase;
      // Storage rules read memberships (and the deleting mark) from Firestore.
      const reads: Service[] = service === 'storage' ? ['firestore', 'storage'] : ['firestore'];
      for (const needed of reads) if (dirty[needed]) await reseed(needed);
      if (rulesCase.prepare) {
        const prepare = rulesCase.prepare;
        dirty[service] = true;
        for (const other of rulesCase.dirties ?? []) dirty[other] = true;
        await env.withSecurityRulesDisabled((ctx) =>
          prepare({ db: ctx.firestore(), storage: ctx.storage() }),
        );
      }
      // Any write that goes through changes the seed; a denied one leaves it as it was.
      const attempt = rulesCase.attempt(actorFor(rulesCase.role)).then((result) => {
        if (isWrite(rulesCase.operation)) dirty[service] = true;
        return result;
      });
      if (rulesCase.expect === 'allow') await assertSucceeds(attempt);
      else await assertFails(attempt);
      passed[rulesCase.expect] += 1;
      passed[service] += 1;
    });
  }
});
