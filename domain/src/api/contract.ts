/**
 * What an `/api` endpoint is (docs/api.md, "The contract"): its method, path pattern below
 * `/api`, who may call it, the types of its body and of its JSON answer. Every endpoint is one
 * value in api/endpoints.ts; the functions router serves each with one handler
 * (functions/src/router.ts) and the web calls each through one client
 * (web/src/lib/api-client.ts), so both sides read the same definition. The body's runtime check
 * (its yup schema) is api/request-bodies.ts, which only the server loads: the web's bundles
 * carry no schema they do not use.
 */
import type { AnySchema, InferType, ObjectSchema } from 'yup';
import type { ParseResult } from '../schemas.ts';

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
 * The body an endpoint takes, as types only: `Sent` is what a client sends, `Parsed` what the
 * handler receives once checked (defaults applied, text trimmed, dates normalised).
 */
export interface BodyType<Sent, Parsed> {
  readonly sent?: Sent;
  readonly parsed?: Parsed;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any body, whatever its types
export type AnyBodyType = BodyType<any, any>;

/** How a body is checked at run time (api/request-bodies.ts): the value, or the first problem. */
export interface RequestBody<Sent, Parsed> extends BodyType<Sent, Parsed> {
  parse(value: unknown): ParseResult<Parsed>;
  /** The shared yup schema, where one describes the whole body. */
  readonly schema: AnySchema | null;
}

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

/** The body type of a shared yup schema (`typeof schema`, imported as a type). */
export function bodyOf<S extends AnySchema>(): BodyType<SentOf<S>, InferType<S>> {
  return {};
}

/** A body checked by its own function (the event settings write: one field at a time). */
export function customBodyOf<Sent, Parsed>(): BodyType<Sent, Parsed> {
  return {};
}

export interface Endpoint<
  P extends string = string,
  B extends AnyBodyType | null = AnyBodyType | null,
  R = unknown,
> {
  /** Its key in `API`. */
  readonly name: string;
  readonly method: Method;
  /** Below `/api`, with `:name` parameters. */
  readonly path: P;
  readonly access: Access;
  /** Types of its body; null: it takes none (GETs, public pages, writes named by their path). */
  readonly body: B;
  /**
   * Sending it twice has the effect of sending it once (a vote, an RSVP, a photo record): a
   * client may retry it when the server answers busy (503).
   */
  readonly idempotent?: true;
  /**
   * A read that hands out a credential (an invitation's link): checked like a write, so a
   * revoked session or a disabled account is refused (docs/api.md, "Auth").
   */
  readonly checkRevoked?: true;
  /** Type only, never set: the JSON answer (or HtmlPage / FileDownload). */
  readonly response?: R;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint, whatever its types
export type AnyEndpoint = Endpoint<string, any, unknown>;

/** An endpoint as declared, before `defineApi` gives it its name. */
export type Declared<E extends AnyEndpoint> = Omit<E, 'name'>;

/**
 * Declares an endpoint answering `R`: `endpoint<EventResponse>()({ method, path, ... })`
 * (curried so R is given and the path's literal type is inferred).
 */
export function endpoint<R>() {
  function declare<const P extends string>(
    def: Definition<P> & { body?: undefined },
  ): Declared<Endpoint<P, null, R>>;
  function declare<const P extends string, B extends AnyBodyType>(
    def: Definition<P> & { body: B },
  ): Declared<Endpoint<P, B, R>>;
  function declare(def: Definition<string> & { body?: AnyBodyType }) {
    return { ...def, body: def.body ?? null };
  }
  return declare;
}

interface Definition<P extends string> {
  method: Method;
  path: P;
  access: Access;
  idempotent?: true;
  checkRevoked?: true;
}

/** The endpoint table with each endpoint's key as its `name`. */
export function defineApi<T extends Record<string, Declared<AnyEndpoint>>>(
  table: T,
): { [K in keyof T & string]: T[K] & { readonly name: K } } {
  return Object.fromEntries(Object.entries(table).map(([name, e]) => [name, { ...e, name }])) as {
    [K in keyof T & string]: T[K] & { readonly name: K };
  };
}

export type PathOf<E extends AnyEndpoint> = E['path'];
/** The JSON answer of an endpoint. */
export type ResponseOf<E extends AnyEndpoint> = NonNullable<E['response']>;
/** What a client sends (undefined: no body). */
export type BodyOf<E extends AnyEndpoint> =
  E['body'] extends BodyType<infer Sent, infer _Parsed> ? Sent : undefined;
/** What a handler receives, checked. */
export type ParsedBodyOf<E extends AnyEndpoint> =
  E['body'] extends BodyType<infer _Sent, infer Parsed> ? Parsed : undefined;

/** What a call needs besides the endpoint: its path parameters and its body, where it has them. */
export type CallOf<E extends AnyEndpoint> = ([ParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Params<E['path']> }) &
  ([BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> }) & {
    /** Query parameters (the wall's `since`); none for most endpoints. */
    query?: Readonly<Record<string, string>>;
  };

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
