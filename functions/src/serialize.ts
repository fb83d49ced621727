import { Timestamp, type DocumentData } from 'firebase-admin/firestore';

/** JSON-safe value: Firestore Timestamps become ISO strings, everything else passes through. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export function toJson(value: unknown): Json {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toJson);
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>))
      out[key] = toJson(inner);
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return String(value);
}

/** A document's data as JSON with its id first. */
export function docJson(id: string, data: DocumentData | undefined): { [key: string]: Json } {
  const body = toJson(data ?? {});
  return { id, ...(body as { [key: string]: Json }) };
}

/**
 * A stored document in its API shape. The cast is the one place where Firestore data (typed by
 * the data-model contract, not checked at runtime) becomes a response type.
 */
export function apiShape<T>(data: unknown): T {
  return toJson(data) as unknown as T;
}
