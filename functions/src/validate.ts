import type { AnySchema, InferType, SchemaDescription, SchemaFieldDescription } from 'yup';
import { parseWith } from '@gatherly/domain/schemas';
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
};

/**
 * The shared schemas cast like a form does (123 → "123", "4" → 4). An API caller sends JSON, so a
 * value of the wrong JSON type is refused before the schema runs, using the schema's own
 * description of each field's type.
 */
function checkJsonTypes(description: SchemaFieldDescription, value: unknown, path: string): void {
  if (value === undefined) return;
  const d = description as SchemaDescription & { fields?: Record<string, SchemaFieldDescription> };
  if (value === null) {
    // Required fields answer with the schema's own message ("Departure time is required").
    if (d.nullable || !d.optional) return;
    throw badRequest(`${path} must not be null`);
  }
  const expected = d.type;
  if (!(expected in TYPE_NAMES)) return;
  const actual = jsonType(value);
  if (actual !== expected || (expected === 'number' && !Number.isFinite(value))) {
    throw badRequest(`${path} must be ${TYPE_NAMES[expected]}`);
  }
  if (expected === 'object' && d.fields) {
    for (const [key, inner] of Object.entries(d.fields)) {
      checkJsonTypes(
        inner,
        (value as Record<string, unknown>)[key],
        path === 'body' ? key : `${path}.${key}`,
      );
    }
  }
}

/** Validates a JSON value with a shared schema: JSON types first, then the schema's own rules. */
export function validate<S extends AnySchema>(
  schema: S,
  value: unknown,
  path = 'body',
): InferType<S> {
  checkJsonTypes(schema.describe(), value, path);
  const parsed = parseWith(schema, value);
  if (!parsed.ok) throw badRequest(parsed.errors[0] ?? 'Invalid request');
  return parsed.value;
}

/** For object bodies: refuses a missing or non-object body before field validation. */
export function validateBody<S extends AnySchema>(schema: S, body: unknown): InferType<S> {
  return validate(schema, requireObject(body));
}
