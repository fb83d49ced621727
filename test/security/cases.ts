import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import 'firebase/compat/storage';
import { ROLES, uidOf, type Role } from './fixtures.ts';

export type Firestore = firebase.firestore.Firestore;
export type Storage = firebase.storage.Storage;

export type Operation = 'get' | 'list' | 'listen' | 'create' | 'update' | 'delete';
export type Service = 'firestore' | 'storage';

/** A signed-in (or signed-out) client of both services. */
export interface Actor {
  role: Role;
  uid: string | null;
  db: Firestore;
  storage: Storage;
}

/** Clients with rules bypassed, for per-case preparation. */
export interface Owner {
  db: Firestore;
  storage: Storage;
}

export interface RulesCase {
  /** Unique, readable: `service: area · operation (what) · role`. */
  name: string;
  service: Service;
  operation: Operation;
  role: Role;
  expect: 'allow' | 'deny';
  /** Runs with rules disabled right before the attempt (the data it leaves is reseeded after). */
  prepare?: (owner: Owner) => Promise<void>;
  /** Services `prepare` changes besides the case's own (Storage rules read Firestore). */
  dirties?: Service[];
  attempt: (actor: Actor) => Promise<unknown>;
}

export function isWrite(operation: Operation): boolean {
  return operation === 'create' || operation === 'update' || operation === 'delete';
}

/** One cell of a matrix row: how each role attempts the operation, and which roles may. */
export interface Cell {
  allowed: readonly Role[];
  attempt: (actor: Actor) => Promise<unknown>;
  prepare?: (owner: Owner, role: Role) => Promise<void>;
  /** What the attempt does, when the operation name alone does not say it. */
  what?: string;
}

/** Expands one target into a case per role for every operation it lists. */
export function matrix(
  service: Service,
  area: string,
  cells: Partial<Record<Operation, Cell>>,
): RulesCase[] {
  const cases: RulesCase[] = [];
  for (const [operation, cell] of Object.entries(cells) as Array<[Operation, Cell]>) {
    for (const role of ROLES) {
      const prepare = cell.prepare;
      cases.push({
        name: `${service}: ${area} · ${operation}${cell.what ? ` (${cell.what})` : ''} · ${role}`,
        service,
        operation,
        role,
        expect: cell.allowed.includes(role) ? 'allow' : 'deny',
        ...(prepare ? { prepare: (owner: Owner) => prepare(owner, role) } : {}),
        attempt: cell.attempt,
      });
    }
  }
  return cases;
}

/** A single targeted case. */
export function single(
  service: Service,
  operation: Operation,
  role: Role,
  expect: 'allow' | 'deny',
  what: string,
  attempt: (actor: Actor) => Promise<unknown>,
  prepare?: (owner: Owner) => Promise<void>,
): RulesCase {
  return {
    name: `${service}: attack · ${what} · ${role}`,
    service,
    operation,
    role,
    expect,
    ...(prepare ? { prepare } : {}),
    attempt,
  };
}

/** The actor's own uid; signed-out visitors aim at the attendee's documents. */
export function ownOf(actor: Actor): string {
  return actor.uid ?? uidOf('attendee') ?? '';
}

/** Resolves on the first snapshot of a listener, rejects with the listener's error. */
export function firstSnapshot(
  subscribe: (onNext: () => void, onError: (error: Error) => void) => () => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      // The callback can fire before subscribe() returns; defer so unsubscribe is assigned.
      queueMicrotask(() => unsubscribe());
      if (error) reject(error);
      else resolve();
    };
    const unsubscribe = subscribe(
      () => finish(),
      (error) => finish(error),
    );
  });
}

export function listenDoc(db: Firestore, path: string): Promise<void> {
  return firstSnapshot((next, error) => db.doc(path).onSnapshot(next, error));
}

export function listenQuery(query: firebase.firestore.Query): Promise<void> {
  return firstSnapshot((next, error) => query.onSnapshot(next, error));
}

export const serverTime = (): firebase.firestore.FieldValue =>
  firebase.firestore.FieldValue.serverTimestamp();

/** A string of exactly `length` characters. */
export function text(length: number): string {
  return 'x'.repeat(length);
}

/** Uploads bytes; resolves when the upload completes, rejects with the Storage error. */
export function upload(
  storage: Storage,
  path: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    storage.ref(path).put(bytes, { contentType }).then(resolve, reject);
  });
}
