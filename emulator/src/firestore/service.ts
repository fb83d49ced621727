// The Firestore API at the JSON level: every edge (gRPC, REST, WebChannel streams) calls these
// operations with proto3-JSON requests and sends back what they return.
import type { Caller } from '../shared/auth.ts';
import type { FsDocument, Timestamp } from '../shared/value.ts';
import { commitTimestamp, readTimestamp } from './clock.ts';
import { Code, FirestoreError, invalid, unimplemented } from './errors.ts';
import { getField, parseFieldPath, setField } from './field-path.ts';
import {
  documentName,
  documentToJson,
  jsonToTimestamp,
  parseDocumentName,
  parseResourceName,
  timestampToJson,
  valueToJson,
} from './json.ts';
import { checkIndexEntries } from './index-entries.ts';
import { type Plan, planQuery, queryShape } from './indexes.ts';
import { MAX_AGGREGATIONS, MAX_WRITES_PER_COMMIT } from './limits.ts';
import { type CompiledQuery, compileQuery, executeQuery, parseInt32, project } from './query.ts';
import type { Database, ProjectRegistry } from './registry.ts';
import type { DocumentChange } from './store.ts';
import {
  authorizeGet,
  authorizeList,
  authorizeListCollectionIds,
  authorizeWrites,
} from './rules-gate.ts';
import { compareTimestamps, isNumber, numberOf } from './values.ts';
import type {
  JsonConsistency,
  JsonDocument,
  JsonStatus,
  JsonStructuredAggregationQuery,
  JsonStructuredQuery,
  JsonTransactionOptions,
  JsonValue,
  JsonWrite,
  JsonWriteResult,
} from './wire.ts';
import { planCommit } from './writes.ts';

export interface CallContext {
  projectId: string;
  databaseId: string;
  caller: Caller;
}

export interface BatchGetRequest extends JsonConsistency {
  database?: string;
  documents?: string[];
  mask?: { fieldPaths?: string[] };
}

export interface BatchGetResponse {
  found?: JsonDocument;
  missing?: string;
  transaction?: string;
  readTime: string;
}

export interface RunQueryRequest extends JsonConsistency {
  parent?: string;
  structuredQuery?: JsonStructuredQuery;
  explainOptions?: unknown;
}

export interface RunQueryResponse {
  document?: JsonDocument;
  transaction?: string;
  readTime: string;
  skippedResults?: number;
  done?: boolean;
}

export interface RunAggregationQueryRequest extends JsonConsistency {
  parent?: string;
  structuredAggregationQuery?: JsonStructuredAggregationQuery;
  explainOptions?: unknown;
}

export interface RunAggregationQueryResponse {
  result?: { aggregateFields: Record<string, JsonValue> };
  transaction?: string;
  readTime: string;
}

export interface CommitRequest {
  database?: string;
  writes?: JsonWrite[];
  transaction?: string;
}

export interface CommitResponse {
  writeResults: JsonWriteResult[];
  commitTime: string;
}

export interface BatchWriteResponse {
  writeResults: JsonWriteResult[];
  status: JsonStatus[];
}

function applyMask(doc: FsDocument, mask: { fieldPaths?: string[] } | undefined): FsDocument {
  if (!mask) return doc;
  const fields: FsDocument['fields'] = {};
  for (const text of mask.fieldPaths ?? []) {
    const path = parseFieldPath(text);
    const value = getField(doc.fields, path);
    if (value !== undefined) setField(fields, path, value);
  }
  return { ...doc, fields };
}

/** Hears every commit that changed documents, after it is applied (trigger delivery). */
export type CommitObserver = (
  ctx: CallContext,
  changes: DocumentChange[],
  commitTime: Timestamp,
) => void;

export class FirestoreService {
  /** Set by the server when Firestore triggers are delivered to a Functions emulator. */
  onCommit: CommitObserver | null = null;
  /** Each compiled query's index plan, recorded and enforced once the rules allow the query. */
  private readonly plans = new WeakMap<CompiledQuery, Plan>();

  constructor(readonly registry: ProjectRegistry) {}

  database(ctx: CallContext): Database {
    return this.registry.database(ctx.projectId, ctx.databaseId);
  }

  private checkName(ctx: CallContext, name: string): string {
    const parsed = parseDocumentName(name);
    if (parsed.projectId !== ctx.projectId || parsed.databaseId !== ctx.databaseId) {
      throw invalid(
        `Document ${name} is not in database projects/${ctx.projectId}/databases/${ctx.databaseId}`,
      );
    }
    return parsed.path;
  }

  /** Parent resource → document path ('' for the database root). */
  parentPath(ctx: CallContext, parent: string | undefined): string {
    const parsed = parseResourceName(parent ?? '');
    if (parsed.projectId !== ctx.projectId || parsed.databaseId !== ctx.databaseId) {
      throw invalid(
        `Parent ${String(parent)} is not in database projects/${ctx.projectId}/databases/${ctx.databaseId}`,
      );
    }
    if (parsed.path !== '' && parsed.path.split('/').length % 2 !== 0) {
      throw invalid(`Parent ${String(parent)} must be a document or the database root`);
    }
    return parsed.path;
  }

  /** Resolves the read consistency: existing transaction, new transaction, or a read time. */
  private consistency(
    ctx: CallContext,
    req: JsonConsistency,
  ): { transaction: string | null; created: boolean } {
    const db = this.database(ctx);
    if (req.transaction) return { transaction: req.transaction, created: false };
    if (req.newTransaction)
      return { transaction: db.transactions.begin(req.newTransaction), created: true };
    if (req.readTime !== undefined) {
      const readTime = jsonToTimestamp(req.readTime);
      if (db.lastCommitTime && compareTimestamps(db.lastCommitTime, readTime) > 0) {
        throw unimplemented(
          'Reading at a past read time after the data changed (point-in-time reads)',
        );
      }
    }
    return { transaction: null, created: false };
  }

  readTime(): string {
    return timestampToJson(readTimestamp());
  }

  async batchGetDocuments(ctx: CallContext, req: BatchGetRequest): Promise<BatchGetResponse[]> {
    const db = this.database(ctx);
    const { transaction, created } = this.consistency(ctx, req);
    const rules = this.registry.rules(ctx.projectId);
    const names = req.documents ?? [];
    const paths = names.map((name) => this.checkName(ctx, name));
    if (transaction) await db.transactions.lockForRead(transaction, paths);
    const readTime = this.readTime();
    const responses: BatchGetResponse[] = [];
    for (const [i, name] of names.entries()) {
      const path = paths[i] as string;
      const doc = db.store.get(path);
      authorizeGet(rules, ctx.caller, db.store, path, doc);
      if (transaction) db.transactions.recordRead(transaction, path, doc);
      responses.push(
        doc
          ? {
              found: documentToJson(applyMask(doc, req.mask), ctx.projectId, ctx.databaseId),
              readTime,
            }
          : { missing: name, readTime },
      );
    }
    if (created && transaction) {
      if (responses.length === 0) responses.push({ readTime });
      (responses[0] as BatchGetResponse).transaction = transaction;
    }
    return responses;
  }

  async getDocument(
    ctx: CallContext,
    name: string,
    mask?: { fieldPaths?: string[] },
    transaction?: string,
  ): Promise<JsonDocument> {
    const db = this.database(ctx);
    const path = this.checkName(ctx, name);
    if (transaction) await db.transactions.lockForRead(transaction, [path]);
    const doc = db.store.get(path);
    authorizeGet(this.registry.rules(ctx.projectId), ctx.caller, db.store, path, doc);
    if (transaction) db.transactions.recordRead(transaction, path, doc);
    if (!doc) throw new FirestoreError(Code.NOT_FOUND, `Document "${name}" not found.`);
    return documentToJson(applyMask(doc, mask), ctx.projectId, ctx.databaseId);
  }

  /** Compiles a query and plans its index (recorded and enforced by `requireIndex`). */
  compile(
    ctx: CallContext,
    parent: string | undefined,
    query: JsonStructuredQuery | undefined,
    aggregatedFields: string[] = [],
  ): CompiledQuery {
    if (!query) throw invalid('RunQuery needs a structuredQuery');
    const compiled = compileQuery(
      ctx.projectId,
      ctx.databaseId,
      this.parentPath(ctx, parent),
      query,
    );
    const shape = queryShape(query.where, compiled, aggregatedFields);
    if (shape) this.plans.set(compiled, planQuery(this.registry.indexes(ctx.projectId), shape));
    return compiled;
  }

  /**
   * Records the query's index plan for the usage report and, in production limits mode, refuses
   * a query no declared or automatic index serves. Called after the rules: a caller the rules
   * deny learns that, not which indexes exist, and a denied query (a security test's attack)
   * neither needs nor uses an index, so it stays out of the report.
   */
  requireIndex(query: CompiledQuery): void {
    const plan = this.plans.get(query);
    if (!plan) return;
    this.registry.indexUsage(query.projectId).record(plan);
    if (!plan.ok && this.registry.productionLimits) throw plan.error;
  }

  /** Runs a query with rules and transaction bookkeeping; returns result documents in order. */
  async query(
    ctx: CallContext,
    query: CompiledQuery,
    consistency: JsonConsistency,
  ): Promise<{ docs: FsDocument[]; transaction: string | null; created: boolean }> {
    const db = this.database(ctx);
    const { transaction, created } = this.consistency(ctx, consistency);
    authorizeList(this.registry.rules(ctx.projectId), ctx.caller, db.store, query);
    this.requireIndex(query);
    let docs = executeQuery(db.store, query);
    if (transaction) {
      // Lock the results, then re-run: the result may have changed while waiting for locks.
      for (let attempt = 0; attempt < 3; attempt++) {
        await db.transactions.lockForRead(
          transaction,
          docs.map((d) => d.path),
        );
        const again = executeQuery(db.store, query);
        const same = again.length === docs.length && again.every((d, i) => d === docs[i]);
        docs = again;
        if (same) break;
      }
      db.transactions.recordQuery(transaction, query, docs);
    }
    return { docs, transaction, created };
  }

  async runQuery(ctx: CallContext, req: RunQueryRequest): Promise<RunQueryResponse[]> {
    if (req.explainOptions) throw unimplemented('Query explain (explainOptions)');
    const compiled = this.compile(ctx, req.parent, req.structuredQuery);
    const { docs, transaction, created } = await this.query(ctx, compiled, req);
    const readTime = this.readTime();
    const responses: RunQueryResponse[] = docs.map((doc) => ({
      document: documentToJson(project(compiled, doc), ctx.projectId, ctx.databaseId),
      readTime,
    }));
    if (responses.length === 0) responses.push({ readTime });
    if (created && transaction) (responses[0] as RunQueryResponse).transaction = transaction;
    return responses;
  }

  async runAggregationQuery(
    ctx: CallContext,
    req: RunAggregationQueryRequest,
  ): Promise<RunAggregationQueryResponse[]> {
    if (req.explainOptions) throw unimplemented('Query explain (explainOptions)');
    const aggregationQuery = req.structuredAggregationQuery;
    if (!aggregationQuery) throw invalid('RunAggregationQuery needs a structuredAggregationQuery');
    const aggregations = aggregationQuery.aggregations ?? [];
    if (aggregations.length > MAX_AGGREGATIONS) {
      throw invalid(
        `The query has ${aggregations.length} aggregations; the maximum number of aggregations is ${MAX_AGGREGATIONS}.`,
      );
    }
    const aggregatedPaths = aggregations
      .map((a) => (a.sum ?? a.avg)?.field?.fieldPath)
      .filter((f): f is string => typeof f === 'string');
    const compiled = this.compile(
      ctx,
      req.parent,
      aggregationQuery.structuredQuery,
      aggregatedPaths,
    );
    const { docs: matched, transaction, created } = await this.query(ctx, compiled, req);
    // Aggregations over fields read an index of those fields: documents lacking any aggregated
    // field take no part in any of the query's aggregations, count() included.
    const aggregatedFields = aggregatedPaths.map(parseFieldPath);
    const docs = matched.filter((doc) =>
      aggregatedFields.every((field) => getField(doc.fields, field) !== undefined),
    );
    const aggregateFields: Record<string, JsonValue> = {};
    for (const [index, aggregation] of aggregations.entries()) {
      const alias = aggregation.alias || `field_${index + 1}`;
      if (aggregation.count) {
        const upTo = parseInt32(aggregation.count.upTo);
        const count = upTo === null ? docs.length : Math.min(upTo, docs.length);
        aggregateFields[alias] = { integerValue: String(count) };
      } else if (aggregation.sum || aggregation.avg) {
        const field = parseFieldPath((aggregation.sum ?? aggregation.avg)?.field?.fieldPath ?? '');
        let intSum = 0n;
        let doubleSum = 0;
        let sawDouble = false;
        let n = 0;
        for (const doc of docs) {
          const value = getField(doc.fields, field);
          if (!value || !isNumber(value)) continue;
          n++;
          if ('integerValue' in value) intSum += value.integerValue;
          else {
            sawDouble = true;
            doubleSum += numberOf(value);
          }
        }
        if (aggregation.sum) {
          const fitsInt = intSum <= (1n << 63n) - 1n && intSum >= -(1n << 63n);
          aggregateFields[alias] =
            !sawDouble && fitsInt
              ? { integerValue: intSum.toString() }
              : valueToJson({ doubleValue: doubleSum + Number(intSum) });
        } else {
          aggregateFields[alias] =
            n === 0
              ? { nullValue: null }
              : valueToJson({ doubleValue: (doubleSum + Number(intSum)) / n });
        }
      } else {
        throw unimplemented(`Aggregation "${alias}" (only count, sum and avg are supported)`);
      }
    }
    const response: RunAggregationQueryResponse = {
      result: { aggregateFields },
      readTime: this.readTime(),
    };
    if (created && transaction) response.transaction = transaction;
    return [response];
  }

  beginTransaction(
    ctx: CallContext,
    options: JsonTransactionOptions | undefined,
  ): { transaction: string } {
    return { transaction: this.database(ctx).transactions.begin(options) };
  }

  rollback(ctx: CallContext, transaction: string | undefined): Record<string, never> {
    if (!transaction) throw invalid('Rollback needs a transaction');
    this.database(ctx).transactions.rollback(transaction);
    return {};
  }

  async commit(ctx: CallContext, req: CommitRequest): Promise<CommitResponse> {
    const db = this.database(ctx);
    if (this.registry.productionLimits && (req.writes?.length ?? 0) > MAX_WRITES_PER_COMMIT) {
      throw invalid(`maximum ${MAX_WRITES_PER_COMMIT} writes allowed per request`);
    }
    const written = (req.writes ?? []).map(writtenPath).filter((p): p is string => p !== null);
    // Writes wait for transactions holding the documents, in line with other lock requests.
    const owner = req.transaction ?? db.transactions.writerId();
    try {
      await db.transactions.lockForWrite(owner, written);
      return this.commitNow(ctx, req);
    } finally {
      db.transactions.releaseWrite(owner);
    }
  }

  /** Validation, rules and apply in one synchronous step: commits are atomic. */
  private commitNow(ctx: CallContext, req: CommitRequest): CommitResponse {
    const db = this.database(ctx);
    if (req.transaction) db.transactions.validateAndEnd(req.transaction);
    const commitTime: Timestamp = commitTimestamp();
    const plan = planCommit(db.store, req.writes ?? [], commitTime);
    authorizeWrites(this.registry.rules(ctx.projectId), ctx.caller, db.store, plan, commitTime);
    if (plan.preconditionFailure) throw plan.preconditionFailure;
    if (this.registry.productionLimits) {
      const indexes = this.registry.indexes(ctx.projectId);
      for (const change of plan.changes)
        if (change.after)
          checkIndexEntries(
            change.after,
            indexes,
            documentName(ctx.projectId, ctx.databaseId, change.path),
          );
    }
    if (plan.changes.length > 0) db.lastCommitTime = commitTime;
    db.store.apply(plan.changes);
    this.registry.writeRates(ctx.projectId).record(
      (req.writes ?? [])
        .filter((w) => w.update ?? w.delete ?? w.transform)
        .map(writtenPath)
        .filter((p): p is string => p !== null),
    );
    if (plan.changes.length > 0) this.onCommit?.(ctx, plan.changes, commitTime);
    return { writeResults: plan.results, commitTime: timestampToJson(commitTime) };
  }

  /** Non-atomic batch (BulkWriter): each write succeeds or fails on its own. */
  async batchWrite(ctx: CallContext, writes: JsonWrite[]): Promise<BatchWriteResponse> {
    const writeResults: JsonWriteResult[] = [];
    const status: JsonStatus[] = [];
    for (const write of writes) {
      try {
        const result = await this.commit(ctx, { writes: [write] });
        writeResults.push(result.writeResults[0] ?? {});
        status.push({ code: Code.OK });
      } catch (err) {
        const error =
          err instanceof FirestoreError ? err : new FirestoreError(Code.INTERNAL, String(err));
        writeResults.push({});
        status.push({ code: error.code, message: error.message });
      }
    }
    return { writeResults, status };
  }

  listCollectionIds(
    ctx: CallContext,
    parent: string | undefined,
    pageSize?: number,
    pageToken?: string,
  ): { collectionIds: string[]; nextPageToken?: string } {
    const parentPath = this.parentPath(ctx, parent);
    authorizeListCollectionIds(this.registry.rules(ctx.projectId), ctx.caller);
    const ids = this.database(ctx).store.childCollectionIds(parentPath);
    return paginate(ids, pageSize, pageToken, (collectionIds, nextPageToken) => ({
      collectionIds,
      ...(nextPageToken ? { nextPageToken } : {}),
    }));
  }

  listDocuments(
    ctx: CallContext,
    parent: string | undefined,
    collectionId: string,
    options: {
      pageSize?: number;
      pageToken?: string;
      mask?: { fieldPaths?: string[] };
      showMissing?: boolean;
      orderBy?: string;
    },
  ): { documents: JsonDocument[]; nextPageToken?: string } {
    if (options.orderBy && options.orderBy !== '__name__')
      throw unimplemented(`ListDocuments orderBy "${options.orderBy}"`);
    const parentPath = this.parentPath(ctx, parent);
    const db = this.database(ctx);
    const collectionPath = parentPath === '' ? collectionId : `${parentPath}/${collectionId}`;
    const compiled = compileQuery(ctx.projectId, ctx.databaseId, parentPath, {
      from: [{ collectionId }],
    });
    authorizeList(this.registry.rules(ctx.projectId), ctx.caller, db.store, compiled);
    const docs: JsonDocument[] = executeQuery(db.store, compiled).map((doc) =>
      documentToJson(applyMask(doc, options.mask), ctx.projectId, ctx.databaseId),
    );
    if (options.showMissing) {
      // Documents that do not exist but have subcollections ("missing" documents) come back name-only.
      const present = new Set(docs.map((d) => d.name));
      for (const id of missingParents(db, collectionPath)) {
        const name = documentName(ctx.projectId, ctx.databaseId, `${collectionPath}/${id}`);
        if (!present.has(name)) docs.push({ name });
      }
      docs.sort((a, b) => ((a.name ?? '') < (b.name ?? '') ? -1 : 1));
    }
    return paginate(docs, options.pageSize, options.pageToken, (documents, nextPageToken) => ({
      documents,
      ...(nextPageToken ? { nextPageToken } : {}),
    }));
  }

  async createDocument(
    ctx: CallContext,
    parent: string | undefined,
    collectionId: string,
    documentId: string | undefined,
    document: JsonDocument,
    mask?: { fieldPaths?: string[] },
  ): Promise<JsonDocument> {
    const parentPath = this.parentPath(ctx, parent);
    const id = documentId || randomId();
    const path =
      parentPath === '' ? `${collectionId}/${id}` : `${parentPath}/${collectionId}/${id}`;
    const name = documentName(ctx.projectId, ctx.databaseId, path);
    await this.commit(ctx, {
      writes: [
        { update: { name, fields: document.fields ?? {} }, currentDocument: { exists: false } },
      ],
    });
    return this.ownerRead(ctx, path, mask);
  }

  async updateDocument(
    ctx: CallContext,
    document: JsonDocument,
    updateMask: { fieldPaths?: string[] } | undefined,
    currentDocument: JsonWrite['currentDocument'],
    mask?: { fieldPaths?: string[] },
  ): Promise<JsonDocument> {
    if (!document.name) throw invalid('UpdateDocument needs document.name');
    const path = this.checkName(ctx, document.name);
    await this.commit(ctx, {
      writes: [
        {
          update: document,
          ...(updateMask ? { updateMask } : {}),
          ...(currentDocument ? { currentDocument } : {}),
        },
      ],
    });
    return this.ownerRead(ctx, path, mask);
  }

  async deleteDocument(
    ctx: CallContext,
    name: string,
    currentDocument: JsonWrite['currentDocument'],
  ): Promise<Record<string, never>> {
    this.checkName(ctx, name);
    await this.commit(ctx, {
      writes: [{ delete: name, ...(currentDocument ? { currentDocument } : {}) }],
    });
    return {};
  }

  /** Reads back a document the caller just wrote (the write itself was authorised). */
  private ownerRead(
    ctx: CallContext,
    path: string,
    mask?: { fieldPaths?: string[] },
  ): JsonDocument {
    const doc = this.database(ctx).store.get(path);
    if (!doc) throw new FirestoreError(Code.INTERNAL, `Document ${path} vanished after its write`);
    return documentToJson(applyMask(doc, mask), ctx.projectId, ctx.databaseId);
  }
}

/** Path of the document a write touches (null when the name is malformed: planning reports it). */
function writtenPath(write: JsonWrite): string | null {
  const name = write.update?.name ?? write.delete ?? write.verify ?? write.transform?.document;
  if (!name) return null;
  try {
    return parseDocumentName(name).path;
  } catch {
    return null;
  }
}

function randomId(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < 20; i++) id += chars[Math.floor(Math.random() * chars.length)];
  return id;
}

function missingParents(db: Database, collectionPath: string): string[] {
  const ids = new Set<string>();
  for (const path of db.store.collectionPaths(collectionPath, '')) {
    const rest = path.slice(collectionPath.length + 1);
    const id = rest.split('/')[0];
    if (id && db.store.get(`${collectionPath}/${id}`) === null) ids.add(id);
  }
  return [...ids];
}

function paginate<T, R>(
  items: T[],
  pageSize: number | undefined,
  pageToken: string | undefined,
  build: (page: T[], next: string | undefined) => R,
): R {
  const start = pageToken ? Number(Buffer.from(pageToken, 'base64').toString('utf8')) || 0 : 0;
  const size = pageSize && pageSize > 0 ? pageSize : items.length;
  const page = items.slice(start, start + size);
  const next =
    start + size < items.length ? Buffer.from(String(start + size)).toString('base64') : undefined;
  return build(page, next);
}
