// Evaluation of Firestore requests: builds `request`/`resource`, matches the document path
// under /databases/(default)/documents, and runs the allow conditions.
//
// List queries ("rules are not filters"): a query is allowed only if the rules hold for every
// document it could return. Approximation: `resource.data` is a partial map holding exactly the
// fields fixed by the query's equality filters; reading any other field (or keys()/size()/diff()
// on it) is an error, so the allow fails. The document-id wildcard is an unknown value unless the
// query pins `__name__` with an equality, and any comparison with an unknown errors (deny).
// Range filters, `in`/`array-contains` filters and limits other than `request.query.limit`
// checks are not used to prove anything (deny unless the rule holds without them).

import type { DocumentSource, FsDocument, FsValue } from '../shared/value.ts';
import type { EvalCtx } from './compile.ts';
import {
  DEFAULT_MAX_DOCUMENT_ACCESSES,
  DocumentReader,
  type RulesAuth,
  authValue,
  timeValue,
} from './request.ts';
import {
  ANY_PREFIX,
  type RequestSegment,
  type Ruleset,
  type RulesDecision,
  UNKNOWN_DOC,
  decide,
  findMatches,
} from './ruleset.ts';
import {
  FIRESTORE_ROOT,
  RMap,
  RPath,
  RUnknown,
  type Value,
  documentResource,
  fromFsValue,
  referenceToPath,
} from './values.ts';

export interface FirestoreRulesRequest {
  method: 'get' | 'list' | 'create' | 'update' | 'delete';
  /** Document path relative to the database root (unused for list). */
  path: string;
  /**
   * For list: the collection path ("events/e1/members"). For a collection-group query, the
   * parent path (if any) followed by the collection id ("groups" or "events/e1/groups").
   */
  collectionPath?: string;
  collectionGroup?: boolean;
  auth: RulesAuth | null;
  time: Date;
  resource: FsDocument | null;
  requestResource: FsDocument | null;
  query?: {
    equalities: Record<string, FsValue>;
    limit?: number;
    offset?: number;
    orderBy?: string[];
  };
}

export interface FirestoreEvalOptions {
  /** 10 for single requests and queries; pass 20 for transactions and batched writes. */
  maxDocumentAccesses?: number;
}

const WRITE_FIELDS = new RUnknown(
  'not supported: request.writeFields (deprecated; use request.resource.data.diff(resource.data).affectedKeys())',
);

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** "a.b" or "`a.b`.c" field paths to segments. */
function fieldPathSegments(fieldPath: string): string[] {
  const out: string[] = [];
  const re = /`((?:[^`\\]|\\.)*)`|([^.`]+)/g;
  for (let m = re.exec(fieldPath); m; m = re.exec(fieldPath))
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] as string));
  return out;
}

function partialData(equalities: Record<string, FsValue>): RMap {
  const root = new RMap(new Map(), true);
  for (const [fp, value] of Object.entries(equalities)) {
    if (fp === '__name__') continue;
    const segs = fieldPathSegments(fp);
    let cur = root;
    segs.forEach((seg, i) => {
      if (i === segs.length - 1) {
        cur.entries.set(seg, fromFsValue(value));
        return;
      }
      let next = cur.entries.get(seg);
      if (!(next instanceof RMap)) {
        next = new RMap(new Map(), true);
        cur.entries.set(seg, next);
      }
      cur = next;
    });
  }
  return root;
}

export function evaluateFirestore(
  ruleset: Ruleset,
  request: FirestoreRulesRequest,
  docs: { before: DocumentSource; after: DocumentSource },
  options: FirestoreEvalOptions = {},
): RulesDecision {
  if (ruleset.service !== 'cloud.firestore') {
    return { allowed: false, reason: `ruleset is for ${ruleset.service}, not cloud.firestore` };
  }
  const base = new Map<string, Value>();
  const req = new Map<string, Value>([
    ['auth', authValue(request.auth)],
    ['method', request.method],
    ['time', timeValue(request.time)],
  ]);
  let segs: RequestSegment[];

  if (request.method === 'list') {
    const coll = split(request.collectionPath ?? request.path);
    const q = request.query ?? { equalities: {} };
    const name = q.equalities['__name__'];
    const knownId =
      name && 'referenceValue' in name
        ? referenceToPath(name.referenceValue).segments.at(-1)
        : undefined;
    const parent = coll.slice(0, -1);
    const collectionId = coll.at(-1) ?? '';
    segs = request.collectionGroup
      ? [...FIRESTORE_ROOT, ...parent, ANY_PREFIX, collectionId, knownId ?? UNKNOWN_DOC]
      : [...FIRESTORE_ROOT, ...coll, knownId ?? UNKNOWN_DOC];
    req.set('path', new RPath([...FIRESTORE_ROOT, ...coll]));
    req.set(
      'query',
      new RMap(
        new Map<string, Value>([
          ['limit', q.limit === undefined ? null : BigInt(q.limit)],
          ['offset', q.offset === undefined ? null : BigInt(q.offset)],
          ['orderBy', q.orderBy ? [...q.orderBy] : null],
        ]),
      ),
    );
    base.set(
      'resource',
      new RMap(
        new Map<string, Value>([
          ['data', partialData(q.equalities)],
          ['id', knownId ?? RUnknown.unknown('resource.id (the document id of a list query)')],
          [
            '__name__',
            knownId && !request.collectionGroup
              ? new RPath([...FIRESTORE_ROOT, ...coll, knownId])
              : RUnknown.unknown('resource.__name__ of a list query'),
          ],
        ]),
      ),
    );
  } else {
    const docSegs = split(request.path);
    segs = [...FIRESTORE_ROOT, ...docSegs];
    req.set('path', new RPath(segs as string[]));
    base.set('resource', request.resource ? documentResource(request.resource) : null);
    if (request.method === 'create' || request.method === 'update') {
      req.set(
        'resource',
        request.requestResource ? documentResource(request.requestResource) : null,
      );
      req.set('writeFields', WRITE_FIELDS);
    } else if (request.method === 'delete') {
      req.set('resource', null);
    }
  }
  base.set('request', new RMap(req));

  const matches = findMatches(ruleset, segs);
  const ctx: EvalCtx = {
    caps: new Map(),
    base,
    depth: 0,
    host: new DocumentReader(
      'cloud.firestore',
      docs.before,
      docs.after,
      options.maxDocumentAccesses ?? DEFAULT_MAX_DOCUMENT_ACCESSES,
    ),
  };
  return decide(matches, request.method, ctx);
}
