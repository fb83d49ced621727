// Binds the rules engine (emulator/src/rules) to the gate's LoadedRules interface.
import { compileRules, evaluateFirestore, type RuleIssue } from '../rules/index.ts';
import type { LoadedRules } from './rules-gate.ts';

export type { RuleIssue };

export function loadFirestoreRules(
  source: string,
  fileName = 'firestore.rules',
): {
  rules: LoadedRules | null;
  issues: RuleIssue[];
} {
  const { ruleset, issues } = compileRules(source, { coverage: { fileName } });
  if (!ruleset) return { rules: null, issues };
  if (ruleset.service !== 'cloud.firestore') {
    return {
      rules: null,
      issues: [
        ...issues,
        {
          line: 1,
          column: 1,
          message: `Expected "service cloud.firestore", found "service ${ruleset.service}"`,
          severity: 'ERROR',
        },
      ],
    };
  }
  return {
    rules: {
      source,
      evaluate: (request, docs, options) => evaluateFirestore(ruleset, request, docs, options),
      coverage: () =>
        ruleset.coverage?.report() ?? {
          rules: { files: [{ name: fileName, content: source }] },
          report: [],
        },
    },
    issues,
  };
}
