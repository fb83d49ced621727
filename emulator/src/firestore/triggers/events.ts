// The HTTP requests a Firestore change becomes for the Functions emulator's trigger endpoint
// (`POST /functions/projects/{p}/triggers/{key}`):
//
// - v2 functions get a binary-mode CloudEvent: `ce-*` headers (type, source, subject, time, and
//   Firestore's extension attributes project/database/namespace/document/location, plus
//   authtype/authid for `...withAuthContext` types) and a protobuf DocumentEventData body. The
//   Functions emulator expects that body base64-encoded when Content-Type is
//   application/protobuf and decodes it before the runtime sees raw bytes, which
//   firebase-functions decodes into `event.data` snapshots.
// - v1 functions get the legacy JSON event: { data: { value, oldValue, updateMask }, eventId,
//   timestamp, eventType, resource }.
import type { Caller } from '../../shared/auth.ts';
import type { FsDocument, FsFields, FsValue, Timestamp } from '../../shared/value.ts';
import { formatFieldPath } from '../field-path.ts';
import { documentName, documentToJson, timestampToJson } from '../json.ts';
import { documentEventDataType, messageFromJson, messageType } from '../proto.ts';
import { valuesIdentical } from '../values.ts';
import type { ChangeKind, TriggerRegistration } from './registrations.ts';

export interface CommittedChange {
  projectId: string;
  databaseId: string;
  path: string;
  kind: ChangeKind;
  before: FsDocument | null;
  after: FsDocument | null;
  commitTime: Timestamp;
  caller: Caller;
  /** One id per change, the same on every redelivery (functions use it for idempotency). */
  eventId: string;
}

export interface EventRequest {
  headers: Record<string, string>;
  body: string;
}

/** Where Firestore databases live in the emulator, as the official emulator reports it. */
const LOCATION = 'us-central1';
const DATA_SCHEMA =
  'https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto';

export function changeKind(before: FsDocument | null, after: FsDocument | null): ChangeKind {
  if (!before) return 'created';
  return after ? 'updated' : 'deleted';
}

/** Field paths whose values differ between two versions (nested maps compared field by field). */
export function changedFieldPaths(before: FsFields, after: FsFields): string[] {
  const out: string[] = [];
  const walk = (a: FsFields, b: FsFields, prefix: string[]): void => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x: FsValue | undefined = a[key];
      const y: FsValue | undefined = b[key];
      if (x && y && valuesIdentical(x, y)) continue;
      if (x && y && 'mapValue' in x && 'mapValue' in y) {
        walk(x.mapValue.fields, y.mapValue.fields, [...prefix, key]);
        continue;
      }
      out.push(formatFieldPath([...prefix, key]));
    }
  };
  walk(before, after, []);
  return out.sort();
}

/** CloudEvents HTTP binding: header values percent-encode everything but printable ASCII. */
function headerValue(value: string): string {
  return value.replace(/[^\x21-\x7e]|["%]/gu, (ch) =>
    [...Buffer.from(ch, 'utf8')]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join(''),
  );
}

function authAttributes(caller: Caller): Record<string, string> {
  if (caller === 'owner') return { 'ce-authtype': 'service_account' };
  if (caller === null) return { 'ce-authtype': 'unauthenticated' };
  return { 'ce-authtype': 'app_user', 'ce-authid': headerValue(caller.uid) };
}

function encodeEventData(change: CommittedChange): Buffer {
  const documentType = messageType('google.firestore.v1.Document');
  const toProto = (doc: FsDocument) =>
    messageFromJson(documentType, documentToJson(doc, change.projectId, change.databaseId));
  const type = documentEventDataType();
  const payload: Record<string, unknown> = {};
  if (change.after) payload.value = toProto(change.after);
  if (change.before) payload.oldValue = toProto(change.before);
  if (change.before && change.after) {
    payload.updateMask = {
      fieldPaths: changedFieldPaths(change.before.fields, change.after.fields),
    };
  }
  return Buffer.from(type.encode(type.fromObject(payload)).finish());
}

function cloudEvent(registration: TriggerRegistration, change: CommittedChange): EventRequest {
  const { projectId, databaseId, path } = change;
  const headers: Record<string, string> = {
    'content-type': 'application/protobuf',
    'ce-specversion': '1.0',
    'ce-id': change.eventId,
    'ce-type': registration.eventType,
    'ce-source': `//firestore.googleapis.com/projects/${projectId}/databases/${databaseId}`,
    'ce-subject': headerValue(`documents/${path}`),
    'ce-time': timestampToJson(change.commitTime),
    'ce-datacontenttype': 'application/protobuf',
    'ce-dataschema': DATA_SCHEMA,
    'ce-location': LOCATION,
    'ce-project': projectId,
    'ce-database': databaseId,
    'ce-namespace': '(default)',
    'ce-document': headerValue(path),
    ...(registration.withAuthContext ? authAttributes(change.caller) : {}),
  };
  return { headers, body: encodeEventData(change).toString('base64') };
}

function legacyEvent(registration: TriggerRegistration, change: CommittedChange): EventRequest {
  const { projectId, databaseId } = change;
  const readTime = timestampToJson(change.commitTime);
  const data: Record<string, unknown> = {};
  if (change.after)
    data.value = { ...documentToJson(change.after, projectId, databaseId), readTime };
  if (change.before)
    data.oldValue = { ...documentToJson(change.before, projectId, databaseId), readTime };
  if (change.before && change.after)
    data.updateMask = { fieldPaths: changedFieldPaths(change.before.fields, change.after.fields) };
  const body = {
    data,
    eventId: change.eventId,
    timestamp: readTime,
    eventType: registration.eventType,
    resource: {
      service: 'firestore.googleapis.com',
      name: documentName(projectId, databaseId, change.path),
    },
  };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

export function eventRequest(
  registration: TriggerRegistration,
  change: CommittedChange,
): EventRequest {
  return registration.signature === 'cloudevent'
    ? cloudEvent(registration, change)
    : legacyEvent(registration, change);
}
