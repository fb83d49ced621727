import type { AnySchema, InferType, SchemaDescription, SchemaFieldDescription } from 'yup';
import { MESSAGES, parseWith } from '@gatherly/domain/schemas';
import { badRequest } from './http.ts';

export function requireObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

type Described = SchemaDescription & {
  fields?: Record<string, SchemaFieldDescription>;
  innerType?: SchemaFieldDescription;
};

const joinPath = (path: string, key: string) => (path === 'body' ? key : `${path}.${key}`);
/** A client's key, safe to echo in a message. */
const shownKey = (key: string) => key.slice(0, 60).replace(/[\p{Cc}\u2028\u2029]/gu, '?');

/**
 * The JSON value with every object reduced to the keys its schema declares, checking JSON types
 * on the way. The shared schemas cast like a form does (123 → "123", "4" → 4); an API caller
 * sends JSON, so a value of the wrong JSON type is refused before the schema runs, using the
 * schema's own description of each field's type.
 *
 * Unknown keys are stripped, or refused (400) where the schema says `noUnknown`: those are
 * writes the rules also accept directly, and the rules refuse unknown keys. Stripping happens
 * here, not in yup: yup looks keys up on a plain object, so a key named like a built-in member
 * (`constructor`, `toString`, `__proto__`) would reach the prototype and crash it.
 */
function prepare(description: SchemaFieldDescription, value: unknown, path: string): unknown {
  if (value === undefined) return undefined;
  const d = description as Described;
  if (value === null) {
    // Required fields answer with the schema's own message ("Departure time is required").
    if (d.nullable || !d.optional) return null;
    throw badRequest(`${path} must not be null`);
  }
  const expected = d.type;
  if (!(expected in TYPE_NAMES)) return value;
  const actual = jsonType(value);
  if (actual !== expected || (expected === 'number' && !Number.isFinite(value))) {
    throw badRequest(`${path} must be ${TYPE_NAMES[expected]}`);
  }
  if (expected === 'array') {
    // Each element as its schema says (a list of guests or questions holds objects too).
    const inner = d.innerType;
    const list = value as unknown[];
    return inner ? list.map((v, i) => prepare(inner, v, `${path}[${i}]`)) : list;
  }
  if (expected !== 'object' || !d.fields) return value;
  const fields = d.fields;
  const source = value as Record<string, unknown>;
  const refuseUnknown = d.tests.some((t) => t.name === 'noUnknown');
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(source)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field) {
      entries.push([key, prepare(field, source[key], joinPath(path, key))]);
    } else if (refuseUnknown) {
      throw badRequest(MESSAGES.unknownKey.replace('${unknown}', joinPath(path, shownKey(key))));
    }
  }
  // fromEntries defines own properties, so even a declared field can never set a prototype.
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/** Validates a JSON value with a shared schema: JSON types and keys first, then its rules. */
export function validate<S extends AnySchema>(
  schema: S,
  value: unknown,
  path = 'body',
): InferType<S> {
  const parsed = parseWith(schema, prepare(schema.describe(), value, path));
  if (!parsed.ok) throw badRequest(parsed.errors[0] ?? 'Invalid request');
  return parsed.value;
}

/** For object bodies: refuses a missing or non-object body before field validation. */
export function validateBody<S extends AnySchema>(schema: S, body: unknown): InferType<S> {
  return validate(schema, requireObject(body));
}
