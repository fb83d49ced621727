/**
 * What an `/api` endpoint is (docs/api.md, "The contract"): its method, path pattern below
 * `/api`, who may call it, how its body is checked, and the type of its JSON answer. Every
 * endpoint is one value in api/endpoints.ts; the functions router serves each with one handler
 * (functions/src/router.ts) and the web calls each through one client
 * (web/src/lib/api-client.ts), so both sides read the same definition.
 */
import type { AnySchema, InferType, ObjectSchema } from 'yup';
import type { ParseResult } from '../schemas.ts';
import { parseJsonBody, parseNoBody } from './json-body.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call (docs/api.md, "Access"): `public` needs no sign-in; `app` serves the web app and
 * every signed-in account; `api` is the public API, for accounts whose tier has
 * `apiAccessEnabled`.
 */
export type Access = 'public' | 'app' | 'api';

/** The parameter names of a path pattern: '/events/:eventId/members/:userId' → 'eventId' | 'userId'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Path parameters of pattern P, each a string (decoded on the server, encoded by the client). */
export type Params<P extends string> = { readonly [K in ParamNames<P>]: string };

/** The answer of an endpoint a browser opens itself: an HTML page. */
export interface HtmlPage {
  readonly kind: 'html';
}
/** The answer of an endpoint a browser saves: a file (or an HTML page explaining why not). */
export interface FileDownload {
  readonly kind: 'download';
}

/**
 * How an endpoint's body is checked. `Sent` is what a client sends, `Parsed` what the handler
 * receives once checked (defaults applied, text trimmed, dates normalised).
 */
export interface RequestBody<Sent, Parsed> {
  /** The checked body, or the first problem as a sentence (the router answers 400 with it). */
  parse(value: unknown): ParseResult<Parsed>;
  /** The shared yup schema, where one describes the whole body. */
  readonly schema: AnySchema | null;
  /** Type only, never set: what a client sends. */
  readonly sent?: Sent;
}
export type AnyRequestBody = RequestBody<unknown, unknown>;

/** Keys of an object schema whose fields have a default: a client may leave them out. */
type DefaultedKeys<D> = {
  [K in keyof D]-?: undefined extends D[K] ? never : K;
}[keyof D];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * What a client sends for a schema: its output type with every defaulted top-level key optional
 * (yup 1 types only a schema's output; a nested default, like a guest's `child`, stays required
 * in the type, so clients send it).
 */
export type SentOf<S extends AnySchema> =
  S extends ObjectSchema<infer _T, infer _C, infer D, infer _F>
    ? Simplify<
        Omit<InferType<S>, DefaultedKeys<D>> &
          Partial<Pick<InferType<S>, DefaultedKeys<D> & keyof InferType<S>>>
      >
    : InferType<S>;

/** A body described by one shared yup schema, checked as JSON (api/json-body.ts). */
export function schemaBody<S extends AnySchema>(schema: S): RequestBody<SentOf<S>, InferType<S>> {
  return { schema, parse: (value) => parseJsonBody(schema, value) };
}

/** A body checked by its own function (the event settings write: one field at a time). */
export function customBody<Sent, Parsed>(
  parse: (value: unknown) => ParseResult<Parsed>,
): RequestBody<Sent, Parsed> {
  return { schema: null, parse };
}

/** The check of a write that takes no body: none, or `{}`; any key is refused. */
export const NO_BODY: RequestBody<undefined, undefined> = { schema: null, parse: parseNoBody };

export interface Endpoint<
  P extends string = string,
  B extends AnyRequestBody | null = AnyRequestBody | null,
  R = unknown,
> {
  readonly method: Method;
  /** Below `/api`, with `:name` parameters. */
  readonly path: P;
  readonly access: Access;
  /** null: the endpoint takes no body (GETs, public pages, writes named by their path alone). */
  readonly body: B;
  /** One line for docs/api.md's route table. */
  readonly summary: string;
  /** Type only, never set: the JSON answer (or HtmlPage / FileDownload). */
  readonly response?: R;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint, whatever its types
export type AnyEndpoint = Endpoint<string, any, unknown>;

/**
 * Declares an endpoint answering `R`: `endpoint<EventResponse>()({ method, path, ... })`
 * (curried so R is given and the path's literal type is inferred).
 */
export function endpoint<R>() {
  return <const P extends string, B extends AnyRequestBody | null = null>(def: {
    method: Method;
    path: P;
    access: Access;
    body?: B;
    summary: string;
  }): Endpoint<P, B, R> => ({ ...def, body: (def.body ?? null) as B });
}

export type PathOf<E extends AnyEndpoint> = E['path'];
/** The JSON answer of an endpoint. */
export type ResponseOf<E extends AnyEndpoint> = NonNullable<E['response']>;
/** What a client sends (undefined: no body). */
export type BodyOf<E extends AnyEndpoint> =
  E['body'] extends RequestBody<infer Sent, infer _Parsed> ? Sent : undefined;
/** What a handler receives, checked. */
export type ParsedBodyOf<E extends AnyEndpoint> =
  E['body'] extends RequestBody<infer _Sent, infer Parsed> ? Parsed : undefined;

/** What a call needs besides the endpoint: its path parameters and its body, where it has them. */
export type CallOf<E extends AnyEndpoint> = ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Params<E['path']> }) &
  ([BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> });

/** The parameter names of a pattern, in order. */
export function paramNames(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}

/** The path of one call: each `:name` replaced by its encoded value ('/events/e1/photos'). */
export function pathOf<P extends string>(pattern: P, params: Params<P> | undefined): string {
  const values = (params ?? {}) as Record<string, string>;
  return pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = values[segment.slice(1)];
      if (value === undefined || value === '') {
        throw new Error(`${pattern}: no value for ${segment}`);
      }
      return encodeURIComponent(value);
    })
    .join('/');
}
