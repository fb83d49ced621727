// Converters between the proto3 JSON wire form (REST, WebChannel, stream sessions) and the
// emulator's FsValue / FsDocument shapes.
import type { FsDocument, FsFields, FsValue, Timestamp } from '../shared/value.ts';
import { invalid } from './errors.ts';
import { checkResourcePath } from './limits.ts';
import type { JsonDocument, JsonTimestamp, JsonValue } from './wire.ts';

export function timestampToJson(ts: Timestamp): string {
  const iso = new Date(ts.seconds * 1000).toISOString(); // 2026-11-21T23:40:00.000Z
  return `${iso.slice(0, 19)}.${String(ts.nanos).padStart(9, '0')}Z`;
}

const rfc3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

export function jsonToTimestamp(json: JsonTimestamp): Timestamp {
  if (typeof json === 'object') {
    return { seconds: Number(json.seconds ?? 0), nanos: json.nanos ?? 0 };
  }
  const match = rfc3339.exec(json);
  if (!match) throw invalid(`Invalid timestamp: ${json}`);
  const seconds = Math.floor(Date.parse(`${match[1]}${match[3]}`) / 1000);
  const nanos = match[2] ? Number(match[2].padEnd(9, '0')) : 0;
  return { seconds, nanos };
}

export function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function doubleToJson(n: number): number | string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

function jsonToDouble(v: number | string): number {
  if (typeof v === 'number') return v;
  const n = Number(v); // 'NaN', 'Infinity', '-Infinity' and numeric strings
  if (Number.isNaN(n) && v !== 'NaN') throw invalid(`Invalid double: ${v}`);
  return n;
}

export function valueToJson(value: FsValue): JsonValue {
  if ('nullValue' in value) return { nullValue: null };
  if ('booleanValue' in value) return { booleanValue: value.booleanValue };
  if ('integerValue' in value) return { integerValue: value.integerValue.toString() };
  if ('doubleValue' in value) return { doubleValue: doubleToJson(value.doubleValue) };
  if ('timestampValue' in value) return { timestampValue: timestampToJson(value.timestampValue) };
  if ('stringValue' in value) return { stringValue: value.stringValue };
  if ('bytesValue' in value) return { bytesValue: bytesToBase64(value.bytesValue) };
  if ('referenceValue' in value) return { referenceValue: value.referenceValue };
  if ('geoPointValue' in value) return { geoPointValue: { ...value.geoPointValue } };
  if ('arrayValue' in value)
    return { arrayValue: { values: value.arrayValue.values.map(valueToJson) } };
  return { mapValue: { fields: fieldsToJson(value.mapValue.fields) } };
}

export function jsonToValue(json: JsonValue): FsValue {
  if (json.nullValue !== undefined) return { nullValue: null };
  if (json.booleanValue !== undefined) return { booleanValue: json.booleanValue };
  if (json.integerValue !== undefined) {
    try {
      return { integerValue: BigInt(json.integerValue) };
    } catch {
      throw invalid(`Invalid integer value: ${String(json.integerValue)}`);
    }
  }
  if (json.doubleValue !== undefined) return { doubleValue: jsonToDouble(json.doubleValue) };
  if (json.timestampValue !== undefined)
    return { timestampValue: jsonToTimestamp(json.timestampValue) };
  if (json.stringValue !== undefined) return { stringValue: json.stringValue };
  if (json.bytesValue !== undefined)
    return { bytesValue: new Uint8Array(Buffer.from(json.bytesValue, 'base64')) };
  if (json.referenceValue !== undefined) return { referenceValue: json.referenceValue };
  if (json.geoPointValue !== undefined) {
    return {
      geoPointValue: {
        latitude: json.geoPointValue.latitude ?? 0,
        longitude: json.geoPointValue.longitude ?? 0,
      },
    };
  }
  if (json.arrayValue !== undefined)
    return { arrayValue: { values: (json.arrayValue.values ?? []).map(jsonToValue) } };
  if (json.mapValue !== undefined)
    return { mapValue: { fields: jsonToFields(json.mapValue.fields) } };
  throw invalid('Value has no value type set');
}

export function fieldsToJson(fields: FsFields): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = valueToJson(value);
  return out;
}

export function jsonToFields(fields: Record<string, JsonValue> | undefined): FsFields {
  const out: FsFields = {};
  if (!fields) return out;
  for (const [key, value] of Object.entries(fields)) out[key] = jsonToValue(value);
  return out;
}

/** "projects/{p}/databases/{d}/documents" — the root that document paths are relative to. */
export function documentsRoot(projectId: string, databaseId: string): string {
  return `projects/${projectId}/databases/${databaseId}/documents`;
}

export function documentName(projectId: string, databaseId: string, path: string): string {
  return `${documentsRoot(projectId, databaseId)}/${path}`;
}

export function documentToJson(
  doc: FsDocument,
  projectId: string,
  databaseId: string,
): JsonDocument {
  return {
    name: documentName(projectId, databaseId, doc.path),
    fields: fieldsToJson(doc.fields),
    createTime: timestampToJson(doc.createTime),
    updateTime: timestampToJson(doc.updateTime),
  };
}

/** A parsed resource name: which database, and the path under its documents root ('' = root). */
export interface ResourceName {
  projectId: string;
  databaseId: string;
  path: string;
}

// Ids may hold any character but "/", line terminators included (the `s` flag).
const resourceName = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/s;

export function parseResourceName(name: string): ResourceName {
  const match = resourceName.exec(name);
  if (!match) throw invalid(`Invalid resource name: "${name}"`);
  const path = match[3] ?? '';
  if (path.split('/').some((segment) => segment === '') && path !== '') {
    throw invalid(`Invalid resource name: "${name}" has an empty path segment`);
  }
  checkResourcePath(path);
  return { projectId: match[1] ?? '', databaseId: match[2] ?? '', path };
}

/** Parses a document name and checks it has an even number of segments. */
export function parseDocumentName(name: string): ResourceName {
  const parsed = parseResourceName(name);
  const segments = parsed.path === '' ? 0 : parsed.path.split('/').length;
  if (segments === 0 || segments % 2 !== 0) {
    throw invalid(
      `Document name "${name}" has ${segments} path segments; a document path needs an even number`,
    );
  }
  return parsed;
}

/** "projects/p/databases/(default)" → {projectId, databaseId}. */
export function parseDatabaseName(name: string): { projectId: string; databaseId: string } {
  const match = /^projects\/([^/]+)\/databases\/([^/]+)$/.exec(name);
  if (!match) throw invalid(`Invalid database name: "${name}"`);
  return { projectId: match[1] ?? '', databaseId: match[2] ?? '' };
}
