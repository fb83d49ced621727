/**
 * How every `/api` request body is checked against its shared yup schema (docs/api.md,
 * "Conventions"). Pure: the functions router turns a problem into a 400.
 *
 * The shared schemas cast like a form does (123 → "123", "4" → 4); an API caller sends JSON, so
 * a value of the wrong JSON type is refused before the schema runs, using the schema's own
 * description of each field's type. A key the schema does not declare is refused at any depth
 * ("Unknown field: x", docs/decisions.md, "Unknown keys"). Keys are walked here, not in yup:
 * yup looks keys up on a plain object, so a key named like a built-in member (`constructor`,
 * `__proto__`) would reach the prototype.
 */
import type { AnySchema, InferType, SchemaDescription, SchemaFieldDescription } from 'yup';
import { MESSAGES, parseWith, type ParseResult } from '../schemas.ts';

export const BODY_MESSAGES = {
  notObject: 'Request body must be a JSON object',
  invalid: 'Invalid request',
} as const;

/** A problem found while walking the JSON value: becomes the one error of the result. */
class BodyProblem {
  constructor(readonly message: string) {}
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

/** "Unknown field: themeColors.accent". */
export function unknownFieldMessage(path: string, key: string): string {
  return MESSAGES.unknownKey.replace('${unknown}', joinPath(path, shownKey(key)));
}

/** The JSON value with its JSON types checked and every object's keys checked against its schema. */
function prepare(description: SchemaFieldDescription, value: unknown, path: string): unknown {
  if (value === undefined) return undefined;
  const d = description as Described;
  if (value === null) {
    // Required fields answer with the schema's own message ("Departure time is required").
    if (d.nullable || !d.optional) return null;
    throw new BodyProblem(`${path} must not be null`);
  }
  const expected = d.type;
  if (!(expected in TYPE_NAMES)) return value;
  const actual = jsonType(value);
  if (actual !== expected || (expected === 'number' && !Number.isFinite(value))) {
    throw new BodyProblem(`${path} must be ${TYPE_NAMES[expected]}`);
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
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(source)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field) throw new BodyProblem(unknownFieldMessage(path, key));
    entries.push([key, prepare(field, source[key], joinPath(path, key))]);
  }
  // fromEntries defines own properties, so even a declared field can never set a prototype.
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

/** A JSON value (the body, or one field of it at `path`) checked with a shared schema. */
export function parseJson<S extends AnySchema>(
  schema: S,
  value: unknown,
  path = 'body',
): ParseResult<InferType<S>> {
  let prepared: unknown;
  try {
    prepared = prepare(schema.describe(), value, path);
  } catch (err) {
    if (err instanceof BodyProblem) return { ok: false, errors: [err.message] };
    throw err;
  }
  const parsed = parseWith(schema, prepared);
  return parsed.ok ? parsed : { ok: false, errors: [parsed.errors[0] ?? BODY_MESSAGES.invalid] };
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A request body: a JSON object, checked with its schema. */
export function parseJsonBody<S extends AnySchema>(
  schema: S,
  body: unknown,
): ParseResult<InferType<S>> {
  if (!isJsonObject(body)) return { ok: false, errors: [BODY_MESSAGES.notObject] };
  return parseJson(schema, body);
}

/**
 * A write that takes no body: nothing, or an empty object (`{}`); any key is unknown.
 */
export function parseNoBody(body: unknown): ParseResult<undefined> {
  if (body === undefined) return { ok: true, value: undefined };
  if (!isJsonObject(body)) return { ok: false, errors: [BODY_MESSAGES.notObject] };
  const key = Object.keys(body)[0];
  if (key !== undefined) return { ok: false, errors: [unknownFieldMessage('body', key)] };
  return { ok: true, value: undefined };
}
