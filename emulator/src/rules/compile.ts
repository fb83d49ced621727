// Turns the syntax tree into closures once per ruleset, so a request only runs JS functions:
// locals (function params, let bindings) live in array slots resolved at compile time, other
// names (request, resource, path captures) are looked up in the request context.

import type { Expr, FunctionDecl, Pos } from './ast.ts';
import { NAMESPACES, callMethod, callNamespace, toFloat, toInt, toPath, toStr } from './methods.ts';
import * as ops from './operators.ts';
import {
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RNamespace,
  RPath,
  RSet,
  RTimestamp,
  RulesError,
  type Value,
  checkKnown,
  fail,
  typeName,
} from './values.ts';

/** Maximum depth of nested user-function calls (the public limit is 20). */
export const MAX_CALL_DEPTH = 20;

/** What evaluation needs from the outside world: document reads for get()/exists() & co. */
export interface RulesHost {
  /** Firestore document as a `resource`-shaped map, or null when absent. Counts accesses. */
  getDocument(path: RPath, after: boolean): Value;
  /** Which global functions and namespaces this service offers. */
  readonly service: 'cloud.firestore' | 'firebase.storage';
}

export interface EvalCtx {
  /** Path captures of the match being evaluated (checked first). */
  caps: Map<string, Value>;
  /** request, resource and other service globals. */
  base: Map<string, Value>;
  depth: number;
  host: RulesHost;
}

type Slot = Value | RulesError;
export type Compiled = (c: EvalCtx, l: Slot[]) => Value;

/**
 * What the compiler asks of a coverage recorder (coverage.ts, `RulesCoverage`): declared here so
 * the recorder depends on the compiler and not the other way round.
 */
export interface CoverageRecorder {
  /** An expression whose evaluations are reported (a let or a function body). */
  addRoot(e: Expr): void;
  /** `run`, counting what `e` evaluates to. */
  instrument(e: Expr, run: Compiled): Compiled;
}

export interface CompiledFunction {
  name: string;
  pos: Pos;
  arity: number;
  slots: number;
  run: Compiled | null;
  /** User functions this one calls, for the compile-time recursion check. */
  callees: Set<CompiledFunction>;
}

export interface FunctionScope {
  lookup(name: string): CompiledFunction | undefined;
}

interface Scope {
  locals: Map<string, number>;
  functions: FunctionScope;
  /** Collects the user functions called from the code being compiled. */
  calls?: Set<CompiledFunction>;
  /** Counts what every expression evaluates to (the rule coverage report). */
  coverage?: CoverageRecorder;
}

/** Documented limit on let bindings per function. */
export const MAX_LET_BINDINGS = 10;

export class CompileError {
  constructor(
    public readonly pos: Pos,
    public readonly message: string,
  ) {}
}

const TYPE_CHECKS: Record<string, (v: Value) => boolean> = {
  bool: (v) => typeof v === 'boolean',
  int: (v) => typeof v === 'bigint',
  float: (v) => typeof v === 'number',
  number: (v) => typeof v === 'bigint' || typeof v === 'number',
  string: (v) => typeof v === 'string',
  list: (v) => Array.isArray(v),
  map: (v) => v instanceof RMap,
  set: (v) => v instanceof RSet,
  timestamp: (v) => v instanceof RTimestamp,
  duration: (v) => v instanceof RDuration,
  path: (v) => v instanceof RPath,
  latlng: (v) => v instanceof RLatLng,
  bytes: (v) => v instanceof RBytes,
  map_diff: (v) => v instanceof RMapDiff,
};

function withPos(pos: Pos, err: unknown): never {
  if (err instanceof RulesError && !/ @ L\d+/.test(err.message)) {
    throw new RulesError(`${err.message} @ L${pos.line}`);
  }
  throw err;
}

export function compileFunctionBody(
  fn: CompiledFunction,
  decl: FunctionDecl,
  functions: FunctionScope,
  coverage?: CoverageRecorder,
): void {
  const locals = new Map<string, number>();
  decl.params.forEach((p, i) => locals.set(p, i));
  const scope: Scope = { locals, functions, calls: fn.callees, ...(coverage ? { coverage } : {}) };
  if (coverage) {
    for (const l of decl.lets) coverage.addRoot(l.value);
    coverage.addRoot(decl.body);
  }
  if (decl.lets.length > MAX_LET_BINDINGS) {
    throw new CompileError(
      decl.lets[MAX_LET_BINDINGS]?.pos ?? decl.pos,
      `function ${decl.name}() has more than ${MAX_LET_BINDINGS} let bindings`,
    );
  }
  const lets: { slot: number; value: Compiled }[] = [];
  for (const l of decl.lets) {
    const value = compileExpr(l.value, scope);
    const slot = locals.size;
    // A later let may shadow an earlier name; the new slot wins from here on.
    locals.set(l.name + '\u0000' + slot, slot);
    locals.set(l.name, slot);
    lets.push({ slot, value });
  }
  const body = compileExpr(decl.body, scope);
  fn.slots = locals.size;
  fn.run = lets.length
    ? (c, l) => {
        for (const { slot, value } of lets) {
          // Evaluated eagerly, but an error only surfaces if the binding is used.
          try {
            l[slot] = value(c, l);
          } catch (e) {
            if (!(e instanceof RulesError)) throw e;
            l[slot] = e;
          }
        }
        return body(c, l);
      }
    : body;
}

export function compileExpr(e: Expr, s: Scope): Compiled {
  const run = compileNode(e, s);
  return s.coverage ? s.coverage.instrument(e, run) : run;
}

function compileNode(e: Expr, s: Scope): Compiled {
  switch (e.kind) {
    case 'lit': {
      const v = e.value;
      return () => v;
    }
    case 'ident':
      return compileIdent(e.name, e.pos, s);
    case 'list': {
      const items = e.items.map((x) => compileExpr(x, s));
      return (c, l) => items.map((f) => f(c, l));
    }
    case 'map': {
      const entries = e.entries.map((x) => ({
        key: compileExpr(x.key, s),
        value: compileExpr(x.value, s),
      }));
      return (c, l) => {
        const m = new Map<string, Value>();
        for (const en of entries) {
          const k = en.key(c, l);
          if (typeof k !== 'string') fail(`map keys must be strings, got ${typeName(k)}`);
          m.set(k, en.value(c, l));
        }
        return new RMap(m);
      };
    }
    case 'path':
      return compilePath(e, s);
    case 'member': {
      const obj = compileExpr(e.object, s);
      const name = e.name;
      const pos = e.pos;
      return (c, l) => member(obj(c, l), name, pos);
    }
    case 'index': {
      const obj = compileExpr(e.object, s);
      const idx = compileExpr(e.index, s);
      const pos = e.pos;
      return (c, l) => index(obj(c, l), idx(c, l), pos);
    }
    case 'slice': {
      const obj = compileExpr(e.object, s);
      const from = e.from ? compileExpr(e.from, s) : null;
      const to = e.to ? compileExpr(e.to, s) : null;
      return (c, l) => slice(obj(c, l), from ? from(c, l) : null, to ? to(c, l) : null);
    }
    case 'call':
      return compileCall(e, s);
    case 'unary': {
      const operand = compileExpr(e.operand, s);
      const f = e.op === '!' ? ops.not : ops.neg;
      const pos = e.pos;
      return (c, l) => {
        try {
          return f(operand(c, l));
        } catch (err) {
          return withPos(pos, err);
        }
      };
    }
    case 'is': {
      const operand = compileExpr(e.operand, s);
      const check = TYPE_CHECKS[e.type];
      if (!check) {
        if (e.type === 'constraint')
          throw new CompileError(e.pos, 'not supported: type constraint');
        throw new CompileError(e.pos, `unknown type '${e.type}'`);
      }
      return (c, l) => {
        const v = operand(c, l);
        checkKnown(v);
        return check(v);
      };
    }
    case 'cond': {
      const test = compileExpr(e.test, s);
      const then = compileExpr(e.then, s);
      const els = compileExpr(e.else, s);
      return (c, l) => (ops.asBool(test(c, l), 'ternary condition') ? then(c, l) : els(c, l));
    }
    case 'binary':
      return compileBinary(e, s);
  }
}

function compileIdent(name: string, pos: Pos, s: Scope): Compiled {
  const slot = s.locals.get(name);
  if (slot !== undefined) {
    return (_c, l) => {
      const v = l[slot];
      if (v instanceof RulesError) throw v;
      return v as Value;
    };
  }
  if (NAMESPACES.has(name)) {
    const ns = new RNamespace(name);
    return (c) => c.caps.get(name) ?? c.base.get(name) ?? ns;
  }
  return (c) => {
    const cap = c.caps.get(name);
    if (cap !== undefined) return cap;
    const v = c.base.get(name);
    if (v !== undefined) return v;
    return fail(`Variable '${name}' is not defined @ L${pos.line}`);
  };
}

function compileBinary(e: Extract<Expr, { kind: 'binary' }>, s: Scope): Compiled {
  const left = compileExpr(e.left, s);
  const right = compileExpr(e.right, s);
  const pos = e.pos;
  switch (e.op) {
    case '&&':
      // error && false == false; false && error == false; otherwise errors propagate.
      return (c, l) => {
        let lv: boolean;
        try {
          lv = ops.asBool(left(c, l), 'operand of &&');
        } catch (err) {
          if (!(err instanceof RulesError)) throw err;
          if (ops.asBool(right(c, l), 'operand of &&') === false) return false;
          throw err;
        }
        if (!lv) return false;
        return ops.asBool(right(c, l), 'operand of &&');
      };
    case '||':
      return (c, l) => {
        let lv: boolean;
        try {
          lv = ops.asBool(left(c, l), 'operand of ||');
        } catch (err) {
          if (!(err instanceof RulesError)) throw err;
          if (ops.asBool(right(c, l), 'operand of ||') === true) return true;
          throw err;
        }
        if (lv) return true;
        return ops.asBool(right(c, l), 'operand of ||');
      };
    case '==':
      return (c, l) => ops.eq(left(c, l), right(c, l));
    case '!=':
      return (c, l) => !ops.eq(left(c, l), right(c, l));
  }
  const f: (a: Value, b: Value) => Value = {
    '<': ops.less,
    '<=': ops.lessEq,
    '>': ops.greater,
    '>=': ops.greaterEq,
    in: ops.inOp,
    '+': ops.add,
    '-': ops.sub,
    '*': ops.mul,
    '/': ops.div,
    '%': ops.mod,
  }[e.op];
  return (c, l) => {
    const a = left(c, l);
    const b = right(c, l);
    try {
      return f(a, b);
    } catch (err) {
      return withPos(pos, err);
    }
  };
}

function compilePath(e: Extract<Expr, { kind: 'path' }>, s: Scope): Compiled {
  const segs = e.segments.map((parts) =>
    parts.map((p) => (typeof p === 'string' ? p : compileExpr(p, s))),
  );
  const constant = segs.every((parts) => parts.every((p) => typeof p === 'string'));
  if (constant) {
    const p = new RPath(segs.map((parts) => parts.join('')));
    return () => p;
  }
  return (c, l) => {
    const out: string[] = [];
    for (const parts of segs) {
      if (parts.length === 1 && typeof parts[0] !== 'string') {
        const v = (parts[0] as Compiled)(c, l);
        // An interpolated path splices all of its segments.
        if (v instanceof RPath) out.push(...v.segments);
        else out.push(segmentText(v));
        continue;
      }
      let text = '';
      for (const p of parts) text += typeof p === 'string' ? p : segmentText(p(c, l));
      out.push(text);
    }
    return new RPath(out);
  };
}

function segmentText(v: Value): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  checkKnown(v);
  return fail(`cannot interpolate ${typeName(v)} into a path`);
}

function member(obj: Value, name: string, pos: Pos): Value {
  if (obj instanceof RMap) {
    const v = obj.entries.get(name);
    if (v !== undefined) return v;
    if (obj.partial)
      return fail(
        `field '${name}' is not constrained by the query (rules are not filters) @ L${pos.line}`,
      );
    return fail(`Property ${name} is undefined on object. @ L${pos.line}`);
  }
  if (obj === null) return fail(`Null value error. (reading '${name}') @ L${pos.line}`);
  if (obj instanceof RPath)
    return fail(`not supported: path binding field access (.${name}) @ L${pos.line}`);
  checkKnown(obj);
  return fail(`Property ${name} is undefined on ${typeName(obj)}. @ L${pos.line}`);
}

function index(obj: Value, idx: Value, pos: Pos): Value {
  if (obj instanceof RMap) {
    if (typeof idx !== 'string')
      return fail(`map index must be a string, got ${typeName(idx)} @ L${pos.line}`);
    return member(obj, idx, pos);
  }
  if (Array.isArray(obj) || typeof obj === 'string' || obj instanceof RPath) {
    if (typeof idx !== 'bigint') {
      checkKnown(idx);
      return fail(`index must be an int, got ${typeName(idx)} @ L${pos.line}`);
    }
    const items: readonly Value[] = Array.isArray(obj)
      ? obj
      : typeof obj === 'string'
        ? [...obj]
        : obj.segments;
    const i = Number(idx);
    if (i < 0 || i >= items.length)
      return fail(`index ${i} out of range (size ${items.length}) @ L${pos.line}`);
    return items[i] as Value;
  }
  if (obj === null) return fail(`Null value error. @ L${pos.line}`);
  checkKnown(obj);
  return fail(`cannot index ${typeName(obj)} @ L${pos.line}`);
}

function slice(obj: Value, from: Value, to: Value): Value {
  const items: Value[] | null = Array.isArray(obj)
    ? obj
    : typeof obj === 'string'
      ? [...obj]
      : obj instanceof RPath
        ? [...obj.segments]
        : null;
  if (!items) {
    checkKnown(obj);
    return fail(`cannot take a range of ${typeName(obj)}`);
  }
  const a =
    from === null ? 0 : Number(typeof from === 'bigint' ? from : fail('range bounds must be ints'));
  const b =
    to === null
      ? items.length
      : Number(typeof to === 'bigint' ? to : fail('range bounds must be ints'));
  if (a < 0 || b > items.length || a > b)
    return fail(`range [${a}:${b}] out of bounds (size ${items.length})`);
  const part = items.slice(a, b);
  if (typeof obj === 'string') return part.join('');
  if (obj instanceof RPath) return new RPath(part as string[]);
  return part;
}

const GLOBAL_FUNCTIONS = new Set([
  'get',
  'exists',
  'getAfter',
  'existsAfter',
  'int',
  'float',
  'string',
  'path',
  'debug',
]);

function compileCall(e: Extract<Expr, { kind: 'call' }>, s: Scope): Compiled {
  const args = e.args.map((a) => compileExpr(a, s));
  const pos = e.pos;
  const evalArgs = (c: EvalCtx, l: Slot[]): Value[] => args.map((a) => a(c, l));

  if (e.callee.kind === 'ident') {
    const name = e.callee.name;
    const user = s.functions.lookup(name);
    if (user) {
      if (user.arity !== args.length) {
        throw new CompileError(
          pos,
          `function ${name}() expects ${user.arity} argument(s), got ${args.length}`,
        );
      }
      s.calls?.add(user);
      return (c, l) => {
        const frame: Slot[] = new Array<Slot>(user.slots);
        for (let i = 0; i < args.length; i++) {
          try {
            frame[i] = (args[i] as Compiled)(c, l);
          } catch (err) {
            if (!(err instanceof RulesError)) throw err;
            frame[i] = err;
          }
        }
        if (c.depth >= MAX_CALL_DEPTH) {
          return fail(
            `function call depth limit (${MAX_CALL_DEPTH}) exceeded calling ${name}() @ L${pos.line}`,
          );
        }
        c.depth++;
        try {
          return (user.run as Compiled)(c, frame);
        } finally {
          c.depth--;
        }
      };
    }
    if (!GLOBAL_FUNCTIONS.has(name)) {
      return () => fail(`Function not found error: Name: [${name}]. @ L${pos.line}`);
    }
    switch (name) {
      case 'int':
        return (c, l) => withArgs(name, evalArgs(c, l), 1, (a) => toInt(a[0] ?? null), pos);
      case 'float':
        return (c, l) => withArgs(name, evalArgs(c, l), 1, (a) => toFloat(a[0] ?? null), pos);
      case 'string':
        return (c, l) => withArgs(name, evalArgs(c, l), 1, (a) => toStr(a[0] ?? null), pos);
      case 'path':
        return (c, l) => withArgs(name, evalArgs(c, l), 1, (a) => toPath(a[0] ?? null), pos);
      case 'debug':
        return (c, l) => withArgs(name, evalArgs(c, l), 1, (a) => a[0] ?? null, pos);
    }
    const after = name === 'getAfter' || name === 'existsAfter';
    const isExists = name === 'exists' || name === 'existsAfter';
    return (c, l) =>
      withArgs(
        name,
        evalArgs(c, l),
        1,
        (a) => {
          if (c.host.service !== 'cloud.firestore')
            return fail(
              `${name}() is only available in Firestore rules; use firestore.${isExists ? 'exists' : 'get'}()`,
            );
          const p = a[0] ?? null;
          if (!(p instanceof RPath)) {
            checkKnown(p);
            return fail(`${name}() expects a path, got ${typeName(p)}`);
          }
          const doc = c.host.getDocument(p, after);
          return isExists ? doc !== null : doc;
        },
        pos,
      );
  }

  if (e.callee.kind === 'member') {
    const name = e.callee.name;
    const obj = e.callee.object;
    // firestore.get()/exists() in Storage rules reach across services.
    if (obj.kind === 'ident' && obj.name === 'firestore' && !s.locals.has('firestore')) {
      if (name !== 'get' && name !== 'exists')
        return () => fail(`not supported: firestore.${name}() @ L${pos.line}`);
      return (c, l) =>
        withArgs(
          `firestore.${name}`,
          evalArgs(c, l),
          1,
          (a) => {
            if (c.host.service !== 'firebase.storage')
              return fail(`firestore.${name}() is only available in Storage rules`);
            const p = a[0] ?? null;
            if (!(p instanceof RPath))
              return fail(`firestore.${name}() expects a path, got ${typeName(p)}`);
            const doc = c.host.getDocument(p, false);
            return name === 'exists' ? doc !== null : doc;
          },
          pos,
        );
    }
    const recv = compileExpr(obj, s);
    return (c, l) => {
      const r = recv(c, l);
      const a = evalArgs(c, l);
      try {
        if (r instanceof RNamespace) return callNamespace(r.name, name, a);
        return callMethod(r, name, a);
      } catch (err) {
        return withPos(pos, err);
      }
    };
  }
  throw new CompileError(pos, 'only named functions and methods can be called');
}

function withArgs(
  name: string,
  args: Value[],
  n: number,
  f: (a: Value[]) => Value,
  pos: Pos,
): Value {
  try {
    if (args.length !== n) fail(`${name}() expects ${n} argument(s), got ${args.length}`);
    return f(args);
  } catch (err) {
    return withPos(pos, err);
  }
}
