import type { IncomingMessage } from 'node:http';
import {
  compileRules,
  evaluateStorage,
  type RuleIssue,
  type Ruleset,
  type RulesAuth,
  type StorageObjectMeta,
  type StorageRulesRequest,
} from '../rules/index.ts';
import { decodeBearer } from '../shared/auth.ts';
import type { DocumentSource } from '../shared/value.ts';
import { header } from './http.ts';
import type { StoredObject } from './store.ts';

/** Who is calling: decoded ID-token claims, anonymous (null), or 'owner' (bypasses rules). */
export type Caller = RulesAuth | null | 'owner';

/**
 * The web SDK sends `Authorization: Firebase <idToken>` (rules-unit-testing's
 * withSecurityRulesDisabled sends the token "owner"). Requests from @google-cloud/storage
 * (firebase-admin's bucket) carry no token against an emulator and identify themselves with the
 * `gccl` api-client header; like the official emulator, admin traffic bypasses rules.
 */
export function callerOf(req: IncomingMessage): Caller {
  const apiClient = header(req, 'x-goog-api-client') ?? '';
  if (/\bgccl\//.test(apiClient)) return 'owner';
  const auth = header(req, 'authorization');
  if (!auth) return null;
  const normalized = auth.replace(/^Firebase\s+/i, 'Bearer ');
  return decodeBearer(normalized);
}

/** Project whose Firestore the rules' firestore.get()/exists() read, derived from the bucket. */
export function projectOfBucket(bucket: string): string {
  return bucket.replace(/\.(appspot\.com|firebasestorage\.app)$/, '');
}

export function objectMeta(object: StoredObject): StorageObjectMeta {
  return {
    name: object.name,
    bucket: object.bucket,
    size: object.data.length,
    contentType: object.contentType,
    metadata: { ...object.metadata },
    timeCreated: object.timeCreated,
    updated: object.updated,
    md5Hash: object.md5Hash,
    generation: object.generation,
  };
}

export interface RulesCheck {
  method: StorageRulesRequest['method'];
  bucket: string;
  path: string;
  resource: StorageObjectMeta | null;
  requestResource: StorageObjectMeta | null;
}

/** The loaded storage.rules (one ruleset for every bucket, as on the official emulator). */
export class StorageRules {
  private ruleset: Ruleset | null = null;

  constructor(
    private readonly firestore: (projectId: string) => DocumentSource,
    private readonly log: (level: 'debug' | 'info' | 'warn', message: string) => void,
  ) {}

  /** Compiles and installs rules; on errors keeps the previous rules and returns the issues. */
  load(source: string): { ok: boolean; issues: RuleIssue[] } {
    const { ruleset, issues } = compileRules(source);
    if (!ruleset) return { ok: false, issues };
    if (ruleset.service !== 'firebase.storage') {
      return {
        ok: false,
        issues: [
          {
            line: 1,
            column: 1,
            message: `Expected service firebase.storage, got ${ruleset.service}`,
            severity: 'ERROR',
          },
        ],
      };
    }
    this.ruleset = ruleset;
    return { ok: true, issues };
  }

  /** Null when allowed; otherwise the reason for the denial. */
  deny(caller: Caller, check: RulesCheck): string | null {
    if (caller === 'owner') return null;
    if (!this.ruleset) return 'no storage rules are loaded (PUT /internal/setRules)';
    const decision = evaluateStorage(
      this.ruleset,
      { ...check, auth: caller, time: new Date() },
      this.firestore(projectOfBucket(check.bucket)),
    );
    this.log(
      'debug',
      `rules ${check.method} ${check.path}: ${decision.allowed ? 'allow' : 'deny'} (${decision.reason})`,
    );
    return decision.allowed ? null : decision.reason;
  }
}
