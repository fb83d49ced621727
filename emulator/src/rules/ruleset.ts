// A compiled ruleset: the match tree with closures for every allow condition, plus the path
// matcher that finds which blocks apply to a request path and with which captures.

import type {
  Expr,
  FunctionDecl,
  MatchBlock,
  MatchSegment,
  Method,
  Pos,
  RulesFile,
} from './ast.ts';
import type { RulesCoverage } from './coverage.ts';
import {
  type Compiled,
  type CompiledFunction,
  CompileError,
  type EvalCtx,
  type FunctionScope,
  compileExpr,
  compileFunctionBody,
} from './compile.ts';
import { RPath, RUnknown, RulesError, type Value } from './values.ts';

export type RequestMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

interface CompiledAllow {
  line: number;
  methods: Set<RequestMethod>;
  condition: Compiled | null;
}

interface CompiledBlock {
  path: MatchSegment[];
  allows: CompiledAllow[];
  children: CompiledBlock[];
}

export interface Ruleset {
  readonly service: 'cloud.firestore' | 'firebase.storage';
  readonly version: string;
  /** @internal */
  readonly blocks: CompiledBlock[];
  /** What each expression evaluated to so far (when compiled with coverage). */
  readonly coverage: RulesCoverage | null;
}

/** Placeholder segments a request path may contain for list and collection-group queries. */
export const UNKNOWN_DOC: unique symbol = Symbol('unknown document id');
export const ANY_PREFIX: unique symbol = Symbol('any parent path');
export type RequestSegment = string | typeof UNKNOWN_DOC | typeof ANY_PREFIX;

function expand(m: Method): RequestMethod[] {
  if (m === 'read') return ['get', 'list'];
  if (m === 'write') return ['create', 'update', 'delete'];
  return [m];
}

class BlockFunctions implements FunctionScope {
  readonly own = new Map<string, CompiledFunction>();
  constructor(private readonly parent: FunctionScope | null) {}
  lookup(name: string): CompiledFunction | undefined {
    return this.own.get(name) ?? this.parent?.lookup(name);
  }
}

export function buildRuleset(file: RulesFile, coverage: RulesCoverage | null = null): Ruleset {
  const service = file.service;
  if (service !== 'cloud.firestore' && service !== 'firebase.storage') {
    throw new CompileError(
      { line: 1, column: 1 },
      `unknown service '${service}' (expected cloud.firestore or firebase.storage)`,
    );
  }
  if (file.version !== '2') {
    throw new CompileError(
      { line: 1, column: 1 },
      "not supported: rules_version '1' (declare rules_version = '2';)",
    );
  }
  // Declare every function first so calls can refer to functions defined later (or to themselves).
  const pending: { fn: CompiledFunction; decl: FunctionDecl; scope: FunctionScope }[] = [];
  const declare = (decls: FunctionDecl[], parent: FunctionScope | null): BlockFunctions => {
    const scope = new BlockFunctions(parent);
    for (const d of decls) {
      if (scope.own.has(d.name))
        throw new CompileError(d.pos, `function ${d.name}() is declared twice in the same scope`);
      const fn: CompiledFunction = {
        name: d.name,
        pos: d.pos,
        arity: d.params.length,
        slots: d.params.length,
        run: null,
        callees: new Set(),
      };
      scope.own.set(d.name, fn);
      pending.push({ fn, decl: d, scope });
    }
    return scope;
  };
  const root = declare(file.functions, null);
  const blockScopes = new Map<MatchBlock, FunctionScope>();
  const declareBlocks = (blocks: MatchBlock[], parent: FunctionScope): void => {
    for (const b of blocks) {
      const scope = declare(b.functions, parent);
      blockScopes.set(b, scope);
      declareBlocks(b.matches, scope);
    }
  };
  declareBlocks(file.matches, root);
  for (const p of pending) compileFunctionBody(p.fn, p.decl, p.scope, coverage ?? undefined);
  rejectRecursion(pending.map((p) => p.fn));

  const compileCondition = (condition: Expr, functions: FunctionScope): Compiled => {
    coverage?.addRoot(condition);
    return compileExpr(condition, {
      locals: new Map(),
      functions,
      ...(coverage ? { coverage } : {}),
    });
  };
  const compileBlock = (b: MatchBlock): CompiledBlock => {
    const functions = blockScopes.get(b) as FunctionScope;
    return {
      path: b.path,
      allows: b.allows.map((a) => ({
        line: a.pos.line,
        methods: new Set(a.methods.flatMap(expand)),
        condition: a.condition ? compileCondition(a.condition, functions) : null,
      })),
      children: b.matches.map(compileBlock),
    };
  };
  return { service, version: file.version, blocks: file.matches.map(compileBlock), coverage };
}

/** "Functions may call other functions but may not recurse" (public rules reference). */
function rejectRecursion(functions: CompiledFunction[]): void {
  const done = new Set<CompiledFunction>();
  const stack: CompiledFunction[] = [];
  const visit = (fn: CompiledFunction): void => {
    const at = stack.indexOf(fn);
    if (at >= 0) {
      const cycle = [...stack.slice(at), fn].map((f) => f.name + '()').join(' -> ');
      throw new CompileError(fn.pos, `function ${fn.name}() may not recurse (${cycle})`);
    }
    if (done.has(fn)) return;
    stack.push(fn);
    for (const callee of fn.callees) visit(callee);
    stack.pop();
    done.add(fn);
  };
  for (const fn of functions) visit(fn);
}

// ---- matching ----

export interface MatchResult {
  allows: CompiledAllow[];
  caps: Map<string, Value>;
}

function captureRange(segs: readonly RequestSegment[], from: number, to: number): Value {
  const part = segs.slice(from, to);
  if (part.some((s) => typeof s !== 'string'))
    return RUnknown.unknown('a recursive wildcard over an unknown part of the request path');
  return new RPath(part as string[]);
}

interface MatchState {
  segs: readonly RequestSegment[];
  caps: [string, Value][];
  out: MatchResult[];
}

function matchBlock(st: MatchState, block: CompiledBlock, pi: number, si: number): void {
  const segs = st.segs;
  if (pi === block.path.length) {
    if (si === segs.length && block.allows.length)
      st.out.push({ allows: block.allows, caps: new Map(st.caps) });
    for (const child of block.children) matchBlock(st, child, 0, si);
    return;
  }
  const p = block.path[pi] as MatchSegment;
  if (p.kind === 'recursive') {
    for (let end = segs.length; end >= si; end--) {
      st.caps.push([p.name, captureRange(segs, si, end)]);
      matchBlock(st, block, pi + 1, end);
      st.caps.pop();
    }
    return;
  }
  if (si >= segs.length) return;
  const s = segs[si] as RequestSegment;
  if (p.kind === 'literal') {
    if (s === p.value) matchBlock(st, block, pi + 1, si + 1);
    return;
  }
  if (s === ANY_PREFIX) return;
  st.caps.push([
    p.name,
    s === UNKNOWN_DOC
      ? RUnknown.unknown(
          `wildcard {${p.name}} (the id of an unknown document or object in a list request)`,
        )
      : s,
  ]);
  matchBlock(st, block, pi + 1, si + 1);
  st.caps.pop();
}

/** All match blocks whose full path equals the request path, with their captures. */
export function findMatches(ruleset: Ruleset, segs: readonly RequestSegment[]): MatchResult[] {
  const st: MatchState = { segs, caps: [], out: [] };
  for (const b of ruleset.blocks) matchBlock(st, b, 0, 0);
  return st.out;
}

export interface RulesDecision {
  allowed: boolean;
  reason: string;
}

/** Any allow statement for the method that evaluates to true grants access. */
export function decide(matches: MatchResult[], method: RequestMethod, ctx: EvalCtx): RulesDecision {
  const notes: string[] = [];
  for (const m of matches) {
    ctx.caps = m.caps;
    for (const a of m.allows) {
      if (!a.methods.has(method)) continue;
      if (!a.condition) return { allowed: true, reason: `allow ${method} @ L${a.line}` };
      let v: Value;
      try {
        ctx.depth = 0;
        v = a.condition(ctx, []);
      } catch (err) {
        if (!(err instanceof RulesError)) throw err;
        const suffix = ` @ L${a.line}`;
        const message = err.message.endsWith(suffix)
          ? err.message.slice(0, -suffix.length)
          : err.message;
        notes.push(`${message} for '${method}'${suffix}`);
        continue;
      }
      if (v === true) return { allowed: true, reason: `allow ${method} @ L${a.line}` };
      notes.push(
        typeof v === 'boolean'
          ? `false for '${method}' @ L${a.line}`
          : `condition is not a bool for '${method}' @ L${a.line}`,
      );
    }
  }
  if (notes.length === 0)
    return { allowed: false, reason: `No matching allow statements for '${method}'` };
  return { allowed: false, reason: notes.join('; ') };
}

export function positionOf(err: unknown): Pos | null {
  return err instanceof CompileError ? err.pos : null;
}
