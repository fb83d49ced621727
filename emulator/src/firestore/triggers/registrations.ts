// Firestore triggers as the firebase-tools Functions emulator registers them with a Firestore
// emulator (firebase-tools lib/emulator/functionsEmulator.js, addFirestoreTrigger):
//
//   v1 (gcfv1, `functions.firestore.document(...)`):
//     PUT  /emulator/v1/projects/{p}/triggers/{key}
//          { eventTrigger: { eventType: "providers/cloud.firestore/eventTypes/document.create",
//                            resource: "projects/{p}/databases/(default)/documents/coll/{id}",
//                            service: "firestore.googleapis.com" } }
//   v2 (gcfv2, `onDocumentCreated(...)` and friends):
//     POST /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId={key}
//          { eventType: "google.cloud.firestore.document.v1.created", database: "(default)",
//            namespace: "(default)", document: { value: "coll/{id}", matchType: "PATH_PATTERN" } }
//
// The key is `{region}-{function}-{generation}`: the Functions emulator bumps the generation when
// it reloads changed code and registers again without removing the old key, so a registration
// replaces older generations of the same function.
import { invalid } from '../errors.ts';

export type ChangeKind = 'created' | 'updated' | 'deleted';

export type TriggerSignature = 'cloudevent' | 'legacy';

export interface TriggerRegistration {
  key: string;
  projectId: string;
  signature: TriggerSignature;
  /** The event type delivered (CloudEvent `type`, or the v1 legacy event type). */
  eventType: string;
  /** Which document changes the trigger hears. */
  kinds: ReadonlySet<ChangeKind>;
  /** Whether the event carries the writer's identity (`...withAuthContext`). */
  withAuthContext: boolean;
  databaseId: string;
  /** Document pattern relative to the database root, e.g. "events/{eventId}/photos/{photoId}". */
  document: string;
  matches(path: string): boolean;
}

const V2_PREFIX = 'google.cloud.firestore.document.v1.';
const V1_PREFIX = 'providers/cloud.firestore/eventTypes/document.';

const v2Kinds: Record<string, ChangeKind[]> = {
  created: ['created'],
  updated: ['updated'],
  deleted: ['deleted'],
  written: ['created', 'updated', 'deleted'],
};

const v1Kinds: Record<string, ChangeKind[]> = {
  create: ['created'],
  update: ['updated'],
  delete: ['deleted'],
  write: ['created', 'updated', 'deleted'],
};

/**
 * Compiles an Eventarc path pattern over document paths: a literal segment, `*` or `{name}` (one
 * segment), `**` or `{name=**}` (zero or more segments). EXACT patterns are literal.
 */
export function compileDocumentPattern(pattern: string, exact: boolean): (path: string) => boolean {
  const segments = pattern.split('/').filter((s) => s !== '');
  if (segments.length === 0) throw invalid(`Empty document pattern "${pattern}"`);
  if (exact) {
    const literal = segments.join('/');
    return (path) => path === literal;
  }
  type Part = { kind: 'literal'; value: string } | { kind: 'one' } | { kind: 'many' };
  const parts: Part[] = segments.map((segment) => {
    if (segment === '**' || /^\{[^/{}=]+=\*\*\}$/.test(segment)) return { kind: 'many' };
    if (segment === '*' || /^\{[^/{}=]+(=\*)?\}$/.test(segment)) return { kind: 'one' };
    if (segment.includes('*') || segment.includes('{') || segment.includes('}'))
      throw invalid(`Unsupported document pattern segment "${segment}" in "${pattern}"`);
    return { kind: 'literal', value: segment };
  });
  const match = (path: string[], p: number, s: number): boolean => {
    if (p === parts.length) return s === path.length;
    const part = parts[p] as Part;
    if (part.kind === 'many') {
      for (let next = s; next <= path.length; next++) if (match(path, p + 1, next)) return true;
      return false;
    }
    if (s >= path.length) return false;
    if (part.kind === 'literal' && part.value !== path[s]) return false;
    return match(path, p + 1, s + 1);
  };
  return (path) => match(path.split('/'), 0, 0);
}

function kindsOf(eventType: string, prefix: string, table: Record<string, ChangeKind[]>) {
  const rest = eventType.slice(prefix.length);
  const withAuthContext = rest.endsWith('.withAuthContext');
  const base = withAuthContext ? rest.slice(0, -'.withAuthContext'.length) : rest;
  const kinds = table[base];
  if (!kinds) throw invalid(`Unsupported Firestore event type "${eventType}"`);
  return { kinds: new Set(kinds), withAuthContext };
}

type Json = Record<string, unknown>;

/** The body of `POST .../eventarcTrigger?eventarcTriggerId={key}` (v2 functions). */
export function parseEventarcRegistration(
  projectId: string,
  key: string,
  body: Json,
): TriggerRegistration {
  const eventType = String(body.eventType ?? '');
  if (!eventType.startsWith(V2_PREFIX)) throw invalid(`Not a Firestore event type: "${eventType}"`);
  const { kinds, withAuthContext } = kindsOf(eventType, V2_PREFIX, v2Kinds);
  const document = (body.document ?? {}) as { value?: unknown; matchType?: unknown };
  if (typeof document.value !== 'string') throw invalid('A trigger needs document.value');
  const namespace = String(body.namespace ?? '(default)');
  if (namespace !== '(default)')
    throw invalid(`Firestore namespaces other than (default) are not supported ("${namespace}")`);
  return {
    key,
    projectId,
    signature: 'cloudevent',
    eventType,
    kinds,
    withAuthContext,
    databaseId: String(body.database ?? '(default)'),
    document: document.value,
    matches: compileDocumentPattern(document.value, document.matchType === 'EXACT'),
  };
}

const v1Resource = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/;

/** The body of `PUT .../triggers/{key}` (v1 functions). */
export function parseLegacyRegistration(
  projectId: string,
  key: string,
  body: Json,
): TriggerRegistration {
  const trigger = (body.eventTrigger ?? {}) as { eventType?: unknown; resource?: unknown };
  const eventType = String(trigger.eventType ?? '');
  if (!eventType.startsWith(V1_PREFIX)) throw invalid(`Not a Firestore event type: "${eventType}"`);
  const { kinds } = kindsOf(eventType, V1_PREFIX, v1Kinds);
  const match = v1Resource.exec(String(trigger.resource ?? ''));
  if (!match) throw invalid(`Invalid trigger resource "${String(trigger.resource)}"`);
  const document = match[3] ?? '';
  return {
    key,
    projectId,
    signature: 'legacy',
    eventType,
    kinds,
    withAuthContext: false,
    databaseId: match[2] ?? '(default)',
    document,
    matches: compileDocumentPattern(document, false),
  };
}

/** The function a key belongs to: the key without its `-{generation}` (and channel) suffix. */
export function functionOfKey(key: string): string {
  return key.replace(/-\d+(-.*)?$/, '');
}

/** Every project's registered triggers. */
export class TriggerRegistrations {
  private readonly byKey = new Map<string, TriggerRegistration>();

  add(registration: TriggerRegistration): void {
    const fn = functionOfKey(registration.key);
    for (const [key, existing] of this.byKey) {
      if (existing.projectId === registration.projectId && functionOfKey(key) === fn)
        this.byKey.delete(key);
    }
    this.byKey.set(registration.key, registration);
  }

  remove(key: string): void {
    this.byKey.delete(key);
  }

  clear(projectId: string): void {
    for (const [key, registration] of this.byKey)
      if (registration.projectId === projectId) this.byKey.delete(key);
  }

  list(projectId: string): TriggerRegistration[] {
    return [...this.byKey.values()].filter((r) => r.projectId === projectId);
  }

  /** Triggers that hear a change of `kind` to the document at `path`. */
  matching(
    projectId: string,
    databaseId: string,
    path: string,
    kind: ChangeKind,
  ): TriggerRegistration[] {
    const out: TriggerRegistration[] = [];
    for (const registration of this.byKey.values()) {
      if (registration.projectId !== projectId || registration.databaseId !== databaseId) continue;
      if (!registration.kinds.has(kind)) continue;
      if (registration.matches(path)) out.push(registration);
    }
    return out;
  }

  get size(): number {
    return this.byKey.size;
  }
}
