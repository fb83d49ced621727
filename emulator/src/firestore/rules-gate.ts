// The one place where requests meet security rules. Owner callers (admin SDK, "Bearer owner")
// and projects without loaded rules are not checked, as on the official emulator (which runs
// open until rules are loaded). Every other read, query, listen and write is evaluated.
import type { Caller, RulesAuth } from '../shared/auth.ts';
import type { DocumentSource, FsDocument, Timestamp } from '../shared/value.ts';
import type { CoverageReport, FirestoreRulesRequest } from '../rules/index.ts';
import { Code, FirestoreError } from './errors.ts';
import type { CompiledQuery } from './query.ts';
import { queryCollectionPath } from './query.ts';
import type { CommitPlan } from './writes.ts';

export type RulesMethod = FirestoreRulesRequest['method'];

export interface RulesDecision {
  allowed: boolean;
  reason: string;
}

/** A compiled ruleset bound to the engine that evaluates it. */
export interface LoadedRules {
  source: string;
  /** What every expression of the rules evaluated to since they were loaded. */
  coverage(): CoverageReport;
  evaluate(
    request: FirestoreRulesRequest,
    docs: { before: DocumentSource; after: DocumentSource },
    options?: { maxDocumentAccesses?: number },
  ): RulesDecision;
}

export function permissionDenied(reason: string): FirestoreError {
  // The official emulator puts the failing rule on its own line after the status.
  return new FirestoreError(
    Code.PERMISSION_DENIED,
    reason ? `\n${reason}` : 'Missing or insufficient permissions.',
  );
}

function decide(
  rules: LoadedRules,
  request: FirestoreRulesRequest,
  before: DocumentSource,
  after: DocumentSource,
  maxDocumentAccesses = 10,
): RulesDecision {
  try {
    return rules.evaluate(request, { before, after }, { maxDocumentAccesses });
  } catch (err) {
    return {
      allowed: false,
      reason: `Rules evaluation error: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

function needsRules(rules: LoadedRules | null, caller: Caller): rules is LoadedRules {
  return rules !== null && caller !== 'owner';
}

export function authorizeGet(
  rules: LoadedRules | null,
  caller: Caller,
  store: DocumentSource,
  path: string,
  doc: FsDocument | null,
): void {
  if (!needsRules(rules, caller)) return;
  const decision = decide(
    rules,
    {
      method: 'get',
      path,
      auth: caller as RulesAuth | null,
      time: new Date(),
      resource: doc,
      requestResource: null,
    },
    store,
    store,
  );
  if (!decision.allowed) throw permissionDenied(decision.reason);
}

export function authorizeList(
  rules: LoadedRules | null,
  caller: Caller,
  store: DocumentSource,
  query: CompiledQuery,
): void {
  if (!needsRules(rules, caller)) return;
  // Collection groups: the parent path (if any) followed by the collection id.
  const collectionPath = queryCollectionPath(query);
  const request: FirestoreRulesRequest = {
    method: 'list',
    path: collectionPath,
    collectionPath,
    collectionGroup: query.allDescendants,
    auth: caller as RulesAuth | null,
    time: new Date(),
    resource: null,
    requestResource: null,
    query: {
      equalities: query.equalities,
      ...(query.limit !== null ? { limit: query.limit } : {}),
      ...(query.offset ? { offset: query.offset } : {}),
      orderBy: query.orderBy.map((o) => o.text),
    },
  };
  const decision = decide(rules, request, store, store);
  if (!decision.allowed) throw permissionDenied(decision.reason);
}

/**
 * ListCollectionIds is not a request rules can grant: production refuses it to every caller but
 * a privileged (IAM) one, whatever the rules say.
 */
export function authorizeListCollectionIds(rules: LoadedRules | null, caller: Caller): void {
  if (!needsRules(rules, caller)) return;
  throw permissionDenied('');
}

/**
 * Evaluates each write of a batch; getAfter() sees the whole batch applied. `commitTime` is
 * request.time, so `request.time == serverTimestamp()` holds as in production.
 */
export function authorizeWrites(
  rules: LoadedRules | null,
  caller: Caller,
  store: DocumentSource,
  plan: CommitPlan,
  commitTime: Timestamp,
): void {
  if (!needsRules(rules, caller)) return;
  const time = new Date(commitTime.seconds * 1000 + Math.floor(commitTime.nanos / 1_000_000));
  for (const write of plan.writes) {
    if (write.kind === 'verify') continue;
    const after = plan.after.get(write.path);
    const method: RulesMethod =
      write.kind === 'delete' ? 'delete' : write.before ? 'update' : 'create';
    const decision = decide(
      rules,
      {
        method,
        path: write.path,
        auth: caller as RulesAuth | null,
        time,
        resource: write.before,
        requestResource: method === 'delete' ? null : after,
      },
      store,
      plan.after,
      plan.writes.length > 1 ? 20 : 10,
    );
    if (!decision.allowed) throw permissionDenied(decision.reason);
  }
}
