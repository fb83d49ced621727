import { Timestamp } from 'firebase-admin/firestore';

/** JSON-safe value: Firestore Timestamps become ISO strings, everything else passes through. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export function toJson(value: unknown): Json {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [key, inner] of Object.entries(value)) out[key] = toJson(inner);
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return String(value);
}

/** The API form of a stored type: every Timestamp becomes its ISO string. */
export type ApiShape<T> = T extends Timestamp
  ? string
  : T extends readonly (infer U)[]
    ? ApiShape<U>[]
    : T extends object
      ? { [K in keyof T]: ApiShape<T[K]> }
      : T;

/**
 * A stored record in its API shape (`Event<Timestamp>` → `Event`). `toJson` performs exactly
 * the mapping `ApiShape` describes, which the compiler cannot follow through a recursive walk.
 */
export function apiShape<T>(record: T): ApiShape<T> {
  return toJson(record) as ApiShape<T>;
}
