// Loads google.firestore.v1 from the protos shipped in @google-cloud/firestore, and converts
// between proto-loader's decoded objects (gRPC edge) and the proto3 JSON form every other part
// of the emulator speaks, by walking the message types' reflection.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import protobuf from 'protobufjs';

const require = createRequire(import.meta.url);

export const protosDir = path.join(
  path.dirname(require.resolve('@google-cloud/firestore/package.json')),
  'build',
  'protos',
);

const protoFile = 'google/firestore/v1/firestore.proto';

export const loaderOptions: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
  includeDirs: [protosDir],
};

let root: protobuf.Root | null = null;

/**
 * The published protos lag the service: `Write.verify` (field 5 of the `operation` oneof, a
 * document name whose precondition is checked without writing it) is what the web SDK sends for
 * each document a transaction read but does not write. Its own protos have it; these do not.
 */
function addMissingFields(loaded: protobuf.Root): void {
  const write = loaded.lookupType('google.firestore.v1.Write');
  if (!write.fields.verify) {
    const verify = new protobuf.Field('verify', 5, 'string');
    write.add(verify);
    write.oneofs.operation?.add(verify);
  }
}

function reflectionRoot(): protobuf.Root {
  if (root) return root;
  const loaded = new protobuf.Root();
  loaded.resolvePath = (_origin, target) =>
    path.isAbsolute(target) ? target : path.join(protosDir, target);
  loaded.loadSync(protoFile, { keepCase: false });
  addMissingFields(loaded);
  loaded.resolveAll();
  root = loaded;
  return loaded;
}

let packageDefinition: protoLoader.PackageDefinition | null = null;

/** The gRPC service definition, built from the same (completed) protos. */
export function firestorePackageDefinition(): protoLoader.PackageDefinition {
  if (packageDefinition) return packageDefinition;
  const loaded = new protobuf.Root();
  loaded.resolvePath = (_origin, target) =>
    path.isAbsolute(target) ? target : path.join(protosDir, target);
  loaded.loadSync(protoFile, { keepCase: false });
  addMissingFields(loaded);
  packageDefinition = protoLoader.fromJSON(loaded.toJSON(), loaderOptions);
  return packageDefinition;
}

export function messageType(fullName: string): protobuf.Type {
  return reflectionRoot().lookupType(fullName);
}

let documentEventData: protobuf.Type | null = null;

/**
 * google.events.cloud.firestore.v1.DocumentEventData, the payload of Firestore CloudEvents
 * (google-cloudevents' firestore/v1/data.proto: value = 1, old_value = 2, update_mask = 3). Its
 * Document and Value messages carry the same field numbers as google.firestore.v1's, so the type
 * is declared over those rather than from a second copy of the protos.
 */
export function documentEventDataType(): protobuf.Type {
  if (documentEventData) return documentEventData;
  const type = new protobuf.Type('DocumentEventData')
    .add(new protobuf.Field('value', 1, '.google.firestore.v1.Document'))
    .add(new protobuf.Field('oldValue', 2, '.google.firestore.v1.Document'))
    .add(new protobuf.Field('updateMask', 3, '.google.firestore.v1.DocumentMask'));
  reflectionRoot().define('google.events.cloud.firestore.v1').add(type);
  type.resolveAll();
  documentEventData = type;
  return type;
}

type Plain = Record<string, unknown>;

const wrapperTypes = new Set([
  'google.protobuf.Int32Value',
  'google.protobuf.Int64Value',
  'google.protobuf.UInt32Value',
  'google.protobuf.UInt64Value',
  'google.protobuf.BoolValue',
  'google.protobuf.StringValue',
  'google.protobuf.DoubleValue',
  'google.protobuf.FloatValue',
  'google.protobuf.BytesValue',
]);

function typeName(type: protobuf.Type): string {
  return type.fullName.replace(/^\./, '');
}

function isPlain(value: unknown): value is Plain {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Uint8Array)
  );
}

function timestampToRfc3339(value: Plain): string {
  const seconds = Number(value.seconds ?? 0);
  const nanos = Number(value.nanos ?? 0);
  const iso = new Date(seconds * 1000).toISOString();
  return `${iso.slice(0, 19)}.${String(nanos).padStart(9, '0')}Z`;
}

function rfc3339ToTimestamp(value: string): Plain {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(
    value,
  );
  if (!match) return { seconds: '0', nanos: 0 };
  return {
    seconds: String(Math.floor(Date.parse(`${match[1]}${match[3]}`) / 1000)),
    nanos: match[2] ? Number(match[2].padEnd(9, '0')) : 0,
  };
}

function scalarToJson(field: protobuf.Field, value: unknown): unknown {
  if (field.resolvedType instanceof protobuf.Enum) {
    if (typeName(field.resolvedType as unknown as protobuf.Type) === 'google.protobuf.NullValue')
      return null;
    return value;
  }
  if (field.type === 'bytes') {
    if (value instanceof Uint8Array)
      return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
    return value;
  }
  if (
    (field.type === 'double' || field.type === 'float') &&
    typeof value === 'number' &&
    !Number.isFinite(value)
  ) {
    return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  }
  return value;
}

function singleToJson(field: protobuf.Field, value: unknown): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) return messageToJson(resolved, value);
  return scalarToJson(field, value);
}

/** proto-loader object → proto3 JSON. */
export function messageToJson(type: protobuf.Type, value: unknown): unknown {
  if (!isPlain(value)) return value;
  const name = typeName(type);
  if (name === 'google.protobuf.Timestamp') return timestampToRfc3339(value);
  if (wrapperTypes.has(name)) {
    const inner = type.fields.value;
    return inner ? scalarToJson(inner, value.value) : value.value;
  }
  const out: Plain = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    const field = type.fields[key];
    if (!field || fieldValue === undefined) continue; // virtual oneof discriminators
    field.resolve();
    if (field.map) {
      const map: Plain = {};
      for (const [k, v] of Object.entries(fieldValue as Plain)) map[k] = singleToJson(field, v);
      out[key] = map;
    } else if (field.repeated && Array.isArray(fieldValue)) {
      out[key] = fieldValue.map((v: unknown) => singleToJson(field, v));
    } else {
      out[key] = singleToJson(field, fieldValue);
    }
  }
  return out;
}

function scalarFromJson(field: protobuf.Field, value: unknown): unknown {
  if (field.resolvedType instanceof protobuf.Enum) {
    if (typeName(field.resolvedType as unknown as protobuf.Type) === 'google.protobuf.NullValue')
      return 'NULL_VALUE';
    return value;
  }
  if ((field.type === 'double' || field.type === 'float') && typeof value === 'string')
    return Number(value);
  if (field.type === 'bytes' && typeof value === 'string') return Buffer.from(value, 'base64');
  return value;
}

function singleFromJson(field: protobuf.Field, value: unknown): unknown {
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) return messageFromJson(resolved, value);
  return scalarFromJson(field, value);
}

/** proto3 JSON → object proto-loader can serialise. */
export function messageFromJson(type: protobuf.Type, value: unknown): unknown {
  const name = typeName(type);
  if (name === 'google.protobuf.Timestamp') {
    return typeof value === 'string' ? rfc3339ToTimestamp(value) : value;
  }
  if (wrapperTypes.has(name)) {
    if (isPlain(value)) return value;
    const inner = type.fields.value;
    return { value: inner ? scalarFromJson(inner, value) : value };
  }
  if (!isPlain(value)) return value;
  const out: Plain = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    const field = type.fields[key];
    if (!field || fieldValue === undefined) continue;
    field.resolve();
    if (field.map) {
      const map: Plain = {};
      for (const [k, v] of Object.entries(fieldValue as Plain)) map[k] = singleFromJson(field, v);
      out[key] = map;
    } else if (field.repeated && Array.isArray(fieldValue)) {
      out[key] = fieldValue.map((v: unknown) => singleFromJson(field, v));
    } else {
      out[key] = singleFromJson(field, fieldValue);
    }
  }
  return out;
}

/** Converters for one RPC's request and response types. */
export interface MethodCodec {
  requestToJson(request: unknown): unknown;
  responseFromJson(response: unknown): unknown;
}

export function methodCodec(method: string): MethodCodec {
  const service = reflectionRoot().lookupService('google.firestore.v1.Firestore');
  const rpc = service.methods[method];
  if (!rpc) throw new Error(`Unknown Firestore method ${method}`);
  rpc.resolve();
  const requestType = rpc.resolvedRequestType;
  const responseType = rpc.resolvedResponseType;
  if (!requestType || !responseType) throw new Error(`Unresolved types for ${method}`);
  return {
    requestToJson: (request) => messageToJson(requestType, request),
    responseFromJson: (response) => messageFromJson(responseType, response),
  };
}

/**
 * Proto3 JSON lets a client send an enum as its number (`"setToServerValue": 1`, `"op": 5`,
 * `"nullValue": 0`); the Node client's REST transport does. The service reads enum names, so
 * REST request bodies are rewritten to names here, guided by the request's message type.
 */
export function enumNumbersToNames(type: protobuf.Type, json: unknown): unknown {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const out: Record<string, unknown> = { ...(json as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    const field = type.fields[key];
    if (!field || value === null || value === undefined) continue;
    field.resolve();
    const one = (v: unknown): unknown => {
      if (field.resolvedType instanceof protobuf.Enum)
        return typeof v === 'number' ? (field.resolvedType.valuesById[v] ?? v) : v;
      if (field.resolvedType instanceof protobuf.Type)
        return enumNumbersToNames(field.resolvedType, v);
      return v;
    };
    if (field.map && typeof value === 'object')
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, one(v)]),
      );
    else if (field.repeated && Array.isArray(value)) out[key] = value.map(one);
    else out[key] = one(value);
  }
  return out;
}

/** The request message of a Firestore RPC (`Commit`, `RunQuery`, ...). */
export function requestType(method: string): protobuf.Type {
  const rpc = reflectionRoot().lookupService('google.firestore.v1.Firestore').methods[method];
  if (!rpc) throw new Error(`Unknown Firestore method ${method}`);
  rpc.resolve();
  if (!rpc.resolvedRequestType) throw new Error(`Unresolved request type for ${method}`);
  return rpc.resolvedRequestType;
}
