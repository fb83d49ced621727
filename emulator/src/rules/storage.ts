// Evaluation of Cloud Storage requests against `service firebase.storage` rules: paths are
// matched under /b/{bucket}/o/<object name>; firestore.get()/exists() read the given source.
//
// List requests: the official emulator evaluates a list at the prefix path itself; rules are
// also commonly written on the objects below it (`match /photos/{file} { allow list }`), so a
// list is allowed if the rules grant it at the prefix or for an unknown object directly under it.

import type { DocumentSource } from '../shared/value.ts';
import type { EvalCtx } from './compile.ts';
import {
  DEFAULT_MAX_DOCUMENT_ACCESSES,
  DocumentReader,
  type RulesAuth,
  authValue,
  timeValue,
} from './request.ts';
import {
  type RequestSegment,
  type Ruleset,
  type RulesDecision,
  UNKNOWN_DOC,
  decide,
  findMatches,
} from './ruleset.ts';
import { RMap, RPath, RTimestamp, type Value } from './values.ts';

export interface StorageObjectMeta {
  name: string;
  bucket: string;
  size: number;
  contentType: string;
  metadata: Record<string, string>;
  timeCreated: Date;
  updated: Date;
  md5Hash?: string;
  generation?: string;
}

export interface StorageRulesRequest {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  bucket: string;
  /** Object name (or list prefix), e.g. events/e1/photos/u1/a.jpg */
  path: string;
  auth: RulesAuth | null;
  time: Date;
  resource: StorageObjectMeta | null;
  requestResource: StorageObjectMeta | null;
}

function metaValue(m: StorageObjectMeta): RMap {
  const entries = new Map<string, Value>([
    ['name', m.name],
    ['bucket', m.bucket],
    ['size', BigInt(Math.trunc(m.size))],
    ['contentType', m.contentType],
    ['metadata', new RMap(new Map(Object.entries(m.metadata)))],
    ['timeCreated', RTimestamp.fromMillis(m.timeCreated.getTime())],
    ['updated', RTimestamp.fromMillis(m.updated.getTime())],
  ]);
  if (m.md5Hash !== undefined) entries.set('md5Hash', m.md5Hash);
  if (m.generation !== undefined) entries.set('generation', m.generation);
  return new RMap(entries);
}

export function evaluateStorage(
  ruleset: Ruleset,
  request: StorageRulesRequest,
  firestore: DocumentSource,
): RulesDecision {
  if (ruleset.service !== 'firebase.storage') {
    return { allowed: false, reason: `ruleset is for ${ruleset.service}, not firebase.storage` };
  }
  // Object names keep their empty segments ("a//b" is a, "", b), as production matches them; a
  // list prefix's trailing "/" only ends the prefix.
  const name = request.method === 'list' ? request.path.replace(/\/$/, '') : request.path;
  const objectSegs = name === '' ? [] : name.split('/');
  const segs: string[] = ['b', request.bucket, 'o', ...objectSegs];
  const req = new Map<string, Value>([
    ['auth', authValue(request.auth)],
    ['method', request.method],
    ['path', new RPath(segs)],
    ['time', timeValue(request.time)],
    [
      'resource',
      request.requestResource && (request.method === 'create' || request.method === 'update')
        ? metaValue(request.requestResource)
        : null,
    ],
  ]);
  const base = new Map<string, Value>([
    ['request', new RMap(req)],
    ['resource', request.resource ? metaValue(request.resource) : null],
  ]);
  const ctx: EvalCtx = {
    caps: new Map(),
    base,
    depth: 0,
    host: new DocumentReader('firebase.storage', firestore, null, DEFAULT_MAX_DOCUMENT_ACCESSES),
  };
  const decision = decide(findMatches(ruleset, segs), request.method, ctx);
  if (decision.allowed || request.method !== 'list') return decision;
  const childSegs: RequestSegment[] = [...segs, UNKNOWN_DOC];
  const child = decide(findMatches(ruleset, childSegs), 'list', ctx);
  return child.allowed
    ? child
    : {
        allowed: false,
        reason: `${decision.reason}; for objects under the prefix: ${child.reason}`,
      };
}
