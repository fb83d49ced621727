// Plans a commit: applies each write (preconditions, update masks, field transforms) to an
// overlay of the store, yielding the batch's after-state without touching the store, so rules
// can judge every write against it before anything is applied.
import type { DocumentSource, FsDocument, FsFields, FsValue, Timestamp } from '../shared/value.ts';
import { Code, FirestoreError, invalid, unimplemented } from './errors.ts';
import { deleteField, getField, parseFieldPath, setField } from './field-path.ts';
import { checkWritableDocument } from './limits.ts';
import {
  documentName,
  jsonToFields,
  jsonToTimestamp,
  jsonToValue,
  parseDocumentName,
  timestampToJson,
  valueToJson,
} from './json.ts';
import type { DatabaseStore, DocumentChange } from './store.ts';
import {
  compareTimestamps,
  compareValues,
  fieldsIdentical,
  isNumber,
  numberOf,
  valuesEqual,
} from './values.ts';
import type { JsonFieldTransform, JsonPrecondition, JsonWrite, JsonWriteResult } from './wire.ts';

export type WriteKind = 'set' | 'update' | 'delete' | 'verify' | 'transform';

export interface PlannedWrite {
  kind: WriteKind;
  path: string;
  /** Committed state before the batch. */
  before: FsDocument | null;
}

export interface CommitPlan {
  writes: PlannedWrite[];
  /**
   * The first unmet precondition. Reported only after rules allowed the batch, as production
   * does, so a caller the rules deny cannot learn whether a document exists.
   */
  preconditionFailure: FirestoreError | null;
  results: JsonWriteResult[];
  changes: DocumentChange[];
  /** The store as it will be after the batch (getAfter / existsAfter). */
  after: DocumentSource;
}

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

function checkPrecondition(
  precondition: JsonPrecondition | undefined,
  current: FsDocument | null,
  name: string,
  deletedEarlierInCommit: boolean,
): void {
  if (!precondition) return;
  if (precondition.exists !== undefined) {
    if (precondition.exists && !current) {
      // Production tells a document deleted by this very commit apart from a missing one.
      if (deletedEarlierInCommit)
        throw invalid(`Cannot update ${name}: an earlier write in this commit deleted it`);
      throw new FirestoreError(Code.NOT_FOUND, `No document to update: ${name}`);
    }
    if (!precondition.exists && current) {
      throw new FirestoreError(Code.ALREADY_EXISTS, `Document already exists: ${name}`);
    }
  }
  if (precondition.updateTime !== undefined) {
    const required = jsonToTimestamp(precondition.updateTime);
    if (!current) {
      throw new FirestoreError(Code.NOT_FOUND, `No document to update: ${name}`);
    }
    if (compareTimestamps(current.updateTime, required) !== 0) {
      throw new FirestoreError(
        Code.FAILED_PRECONDITION,
        `the stored version (${timestampToJson(current.updateTime)}) does not match the required base version (${timestampToJson(required)})`,
      );
    }
  }
}

function addNumbers(current: FsValue, operand: FsValue): FsValue {
  if ('integerValue' in current && 'integerValue' in operand) {
    const sum = current.integerValue + operand.integerValue;
    return { integerValue: sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum };
  }
  if (isNumber(current) && isNumber(operand))
    return { doubleValue: numberOf(current) + numberOf(operand) };
  return operand;
}

function applyTransform(
  fields: FsFields,
  transform: JsonFieldTransform,
  commitTime: Timestamp,
): FsValue {
  if (!transform.fieldPath) throw invalid('A field transform has no field path');
  const path = parseFieldPath(transform.fieldPath);
  const current = getField(fields, path);
  let result: FsValue;
  if (transform.setToServerValue !== undefined) {
    if (transform.setToServerValue !== 'REQUEST_TIME') {
      throw invalid(`Unknown server value ${transform.setToServerValue}`);
    }
    result = { timestampValue: commitTime };
  } else if (transform.increment) {
    const operand = jsonToValue(transform.increment);
    if (!isNumber(operand)) throw invalid('increment() needs a number');
    result = current && isNumber(current) ? addNumbers(current, operand) : operand;
  } else if (transform.maximum || transform.minimum) {
    const isMax = transform.maximum !== undefined;
    const operand = jsonToValue(
      (transform.maximum ?? transform.minimum) as NonNullable<JsonFieldTransform['maximum']>,
    );
    if (!isNumber(operand)) throw invalid(`${isMax ? 'maximum' : 'minimum'}() needs a number`);
    if (current && isNumber(current)) {
      // The maximum (and minimum) of any number and NaN is NaN; equal operands keep the field.
      if (Number.isNaN(numberOf(current))) result = current;
      else if (Number.isNaN(numberOf(operand))) result = operand;
      else {
        const c = compareValues(operand, current);
        result = (isMax ? c > 0 : c < 0) ? operand : current;
      }
    } else {
      result = operand;
    }
  } else if (transform.appendMissingElements) {
    const values = current && 'arrayValue' in current ? [...current.arrayValue.values] : [];
    for (const element of (transform.appendMissingElements.values ?? []).map(jsonToValue)) {
      if (!values.some((v) => valuesEqual(v, element))) values.push(element);
    }
    result = { arrayValue: { values } };
  } else if (transform.removeAllFromArray) {
    const remove = (transform.removeAllFromArray.values ?? []).map(jsonToValue);
    const values = current && 'arrayValue' in current ? current.arrayValue.values : [];
    result = {
      arrayValue: { values: values.filter((v) => !remove.some((r) => valuesEqual(v, r))) },
    };
  } else {
    throw unimplemented(`Field transform on ${transform.fieldPath}`);
  }
  setField(fields, path, result);
  return result;
}

function writeKind(write: JsonWrite): { kind: WriteKind; name: string } {
  if (write.update) {
    if (!write.update.name) throw invalid('An update write has no document name');
    return { kind: write.updateMask ? 'update' : 'set', name: write.update.name };
  }
  if (write.delete !== undefined) return { kind: 'delete', name: write.delete };
  if (write.verify !== undefined) return { kind: 'verify', name: write.verify };
  if (write.transform) {
    if (!write.transform.document) throw invalid('A transform write has no document name');
    return { kind: 'transform', name: write.transform.document };
  }
  throw invalid('A write has no operation (update, delete, verify or transform)');
}

export function planCommit(
  store: DatabaseStore,
  writes: JsonWrite[],
  commitTime: Timestamp,
): CommitPlan {
  const overlay = new Map<string, FsDocument | null>();
  const current = (path: string): FsDocument | null =>
    overlay.has(path) ? (overlay.get(path) ?? null) : store.get(path);
  const planned: PlannedWrite[] = [];
  const results: JsonWriteResult[] = [];
  let preconditionFailure: FirestoreError | null = null;
  /** Documents the latest write to which, so far in this commit, is a delete. */
  const deleted = new Set<string>();

  for (const write of writes) {
    const { kind, name } = writeKind(write);
    const parsed = parseDocumentName(name);
    if (parsed.projectId !== store.projectId || parsed.databaseId !== store.databaseId) {
      throw invalid(`Write to ${name} is outside the database of this request`);
    }
    const path = parsed.path;
    const existing = current(path);
    try {
      checkPrecondition(
        write.currentDocument,
        existing,
        documentName(store.projectId, store.databaseId, path),
        deleted.has(path),
      );
    } catch (err) {
      if (!(err instanceof FirestoreError)) throw err;
      preconditionFailure ??= err;
    }
    planned.push({ kind, path, before: store.get(path) });

    if (kind === 'verify') {
      results.push({});
      continue;
    }
    if (kind === 'delete') {
      overlay.set(path, null);
      deleted.add(path);
      results.push({});
      continue;
    }
    deleted.delete(path);

    let fields: FsFields;
    if (kind === 'set') {
      fields = jsonToFields(write.update?.fields);
    } else {
      fields = { ...(existing?.fields ?? {}) };
      if (kind === 'update') {
        const source = jsonToFields(write.update?.fields);
        for (const text of write.updateMask?.fieldPaths ?? []) {
          const fieldPath = parseFieldPath(text);
          const value = getField(source, fieldPath);
          if (value === undefined) deleteField(fields, fieldPath);
          else setField(fields, fieldPath, value);
        }
      }
    }
    const transforms =
      kind === 'transform'
        ? (write.transform?.fieldTransforms ?? [])
        : (write.updateTransforms ?? []);
    const transformResults = transforms.map((t) =>
      valueToJson(applyTransform(fields, t, commitTime)),
    );

    const unchanged = existing !== null && fieldsIdentical(existing.fields, fields);
    const doc: FsDocument = unchanged
      ? existing
      : { path, fields, createTime: existing?.createTime ?? commitTime, updateTime: commitTime };
    if (!unchanged)
      checkWritableDocument(doc, documentName(store.projectId, store.databaseId, path));
    overlay.set(path, doc);
    results.push({
      updateTime: timestampToJson(doc.updateTime),
      ...(transforms.length > 0 ? { transformResults } : {}),
    });
  }

  const changes: DocumentChange[] = [];
  for (const [path, after] of overlay) {
    const before = store.get(path);
    if (before === after) continue;
    if (before === null && after === null) continue;
    changes.push({ path, before, after });
  }
  return { writes: planned, preconditionFailure, results, changes, after: { get: current } };
}
