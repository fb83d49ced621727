// Evaluates a single rules expression outside any ruleset: used by the conformance tests and
// handy when debugging a condition. Errors come back as RulesError instances, not throws.

import type { DocumentSource } from '../shared/value.ts';
import { CompileError, type EvalCtx, compileExpr } from './compile.ts';
import { SyntaxError_ } from './lexer.ts';
import { Parser } from './parser.ts';
import { DocumentReader } from './request.ts';
import { RulesError, type Value } from './values.ts';

const EMPTY: DocumentSource = { get: () => null };

export function evaluateExpression(
  source: string,
  vars: Record<string, Value> = {},
  service: 'cloud.firestore' | 'firebase.storage' = 'cloud.firestore',
  docs: DocumentSource = EMPTY,
): Value | RulesError {
  let compiled;
  try {
    compiled = compileExpr(new Parser(source).parseStandaloneExpr(), {
      locals: new Map(),
      functions: { lookup: () => undefined },
    });
  } catch (err) {
    if (err instanceof SyntaxError_ || err instanceof CompileError) {
      return new RulesError(`${err.pos.line}:${err.pos.column}: ${err.message}`);
    }
    throw err;
  }
  const ctx: EvalCtx = {
    caps: new Map(),
    base: new Map(Object.entries(vars)),
    depth: 0,
    host: new DocumentReader(service, docs, docs, 10),
  };
  try {
    return compiled(ctx, []);
  } catch (err) {
    if (err instanceof RulesError) return err;
    throw err;
  }
}
