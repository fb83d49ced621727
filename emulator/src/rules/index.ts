// Firebase Security Rules engine (rules_version '2') for the offline emulator: compile a rules
// file once, then evaluate Firestore or Storage requests against it synchronously.

import { CompileError } from './compile.ts';
import { RulesCoverage } from './coverage.ts';
import { SyntaxError_ } from './lexer.ts';
import { Parser } from './parser.ts';
import { type Ruleset, buildRuleset } from './ruleset.ts';

export type { Ruleset, RulesDecision } from './ruleset.ts';
export type { CoverageReport, CoverageNode } from './coverage.ts';
export type { RulesAuth } from './request.ts';
export {
  evaluateFirestore,
  type FirestoreRulesRequest,
  type FirestoreEvalOptions,
} from './firestore.ts';
export { evaluateStorage, type StorageRulesRequest, type StorageObjectMeta } from './storage.ts';

export interface RuleIssue {
  line: number;
  column: number;
  message: string;
  severity: 'ERROR' | 'WARNING';
}

/**
 * Compiles a rules file. With `coverage`, every expression's evaluations are counted for the
 * rule coverage report (`ruleset.coverage.report()`), under that file name.
 */
export function compileRules(
  source: string,
  options: { coverage?: { fileName: string } } = {},
): { ruleset: Ruleset | null; issues: RuleIssue[] } {
  try {
    const file = new Parser(source).parseFile();
    const coverage = options.coverage ? new RulesCoverage(options.coverage.fileName, source) : null;
    return { ruleset: buildRuleset(file, coverage), issues: [] };
  } catch (err) {
    if (err instanceof SyntaxError_ || err instanceof CompileError) {
      return {
        ruleset: null,
        issues: [
          { line: err.pos.line, column: err.pos.column, message: err.message, severity: 'ERROR' },
        ],
      };
    }
    throw err;
  }
}

/** `line:column: message` form used in logs and error responses. */
export function formatIssue(issue: RuleIssue): string {
  return `${issue.line}:${issue.column}: ${issue.message}`;
}
