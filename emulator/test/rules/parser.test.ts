// Parsing: the accepted syntax (comments, nesting, functions, path literals) and syntax errors
// reported as line:column issues.

import { describe, expect, it } from 'vitest';
import { compileRules, formatIssue } from '../../src/rules/index.ts';

function issue(source: string): string {
  const { ruleset, issues } = compileRules(source);
  expect(ruleset).toBeNull();
  expect(issues).toHaveLength(1);
  return formatIssue(issues[0] as (typeof issues)[number]);
}

const HEADER = "rules_version = '2';\nservice cloud.firestore {\n";

describe('accepted syntax', () => {
  it('comments, nested matches, functions, lets and path literals', () => {
    const { ruleset, issues } = compileRules(`// leading comment
rules_version = '2';
/* block
   comment */
service cloud.firestore {
  function top(a, b) { let c = a + b; let d = c * 2; return d; }
  match /databases/{database}/documents {
    match /a/{id} {
      // inside
      allow read, write: if top(1, 2) == 6 // trailing
        && exists(/databases/$(database)/documents/a/$(id));
      allow list;
      match /b/{rest=**} { allow get: if rest is path; }
    }
  }
}
`);
    expect(issues).toEqual([]);
    expect(ruleset?.service).toBe('cloud.firestore');
  });
  it('storage service and semicolon-free rules_version', () => {
    const { ruleset, issues } = compileRules(
      "rules_version = '2'\nservice firebase.storage { match /b/{bucket}/o { } }",
    );
    expect(issues).toEqual([]);
    expect(ruleset?.service).toBe('firebase.storage');
  });
  it('function bodies may omit the semicolon after return', () => {
    expect(compileRules(`${HEADER}function f() { return true }\n}`).issues).toEqual([]);
  });
  it('trailing commas in list and map literals', () => {
    expect(
      compileRules(
        `${HEADER}match /x/{y} { allow read: if [1, 2,].size() == 2 && {'a': 1,}.a == 1; }\n}`,
      ).issues,
    ).toEqual([]);
  });
});

describe('syntax errors with line:column', () => {
  it('incomplete expression', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n    allow read: if 1 +;\n  }\n}`)).toBe(
      "4:23: expected an expression, found ';'",
    );
  });
  it('missing semicolon after allow', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n    allow read: if true\n  }\n}`)).toBe(
      "5:3: expected ';', found '}'",
    );
  });
  it('unterminated string', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n    allow read: if 'abc;\n  }\n}`)).toBe(
      '4:20: unterminated string literal',
    );
  });
  it('unknown method in allow', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n    allow reed: if true;\n  }\n}`)).toBe(
      "4:11: unknown method 'reed'",
    );
  });
  it('missing closing brace', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n`)).toBe(
      "4:1: expected 'allow', 'match' or 'function', found end of input",
    );
  });
  it('missing if after colon', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n    allow read: true;\n  }\n}`)).toBe(
      "4:17: expected 'if', found 'true'",
    );
  });
  it('bad wildcard', () => {
    expect(issue(`${HEADER}  match /x/{y=*} {\n  }\n}`)).toBe(
      "3:14: expected '}' or '=**}' after the wildcard name",
    );
  });
  it('allow outside a match block', () => {
    expect(issue(`${HEADER}  allow read;\n}`)).toBe(
      "3:3: expected 'match' or 'function', found 'allow'",
    );
  });
  it('unexpected character', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n    allow read: if 1 # 2;\n  }\n}`)).toBe(
      "4:22: unexpected character '#'",
    );
  });
  it('unterminated block comment', () => {
    expect(issue(`${HEADER}  /* never closed\n}`)).toBe('3:3: unterminated block comment');
  });
  it('content after the service block', () => {
    expect(issue(`${HEADER}}\nextra`)).toBe("4:1: unexpected 'extra' after the service block");
  });
  it('let after return is rejected', () => {
    expect(issue(`${HEADER}function f() { return 1; let x = 2; }\n}`)).toBe(
      "3:26: expected '}', found 'let'",
    );
  });
  it('unbalanced parenthesis', () => {
    expect(issue(`${HEADER}  match /x/{y} {\n    allow read: if (true;\n  }\n}`)).toBe(
      "4:25: expected ')', found ';'",
    );
  });
});

describe('compile-time errors', () => {
  it('unknown service', () => {
    expect(issue("rules_version = '2'; service cloud.nope { }")).toBe(
      "1:1: unknown service 'cloud.nope' (expected cloud.firestore or firebase.storage)",
    );
  });
  it('rules_version 1 is not supported', () => {
    expect(issue('service cloud.firestore { }')).toMatch(/not supported: rules_version '1'/);
  });
  it('unsupported rules_version string', () => {
    expect(issue("rules_version = '3'; service cloud.firestore { }")).toBe(
      "1:17: unsupported rules_version '3'",
    );
  });
  it('function declared twice in one scope', () => {
    expect(issue(`${HEADER}function f() { return 1; }\nfunction f() { return 2; }\n}`)).toBe(
      '4:1: function f() is declared twice in the same scope',
    );
  });
  it('wrong number of arguments to a user function', () => {
    expect(
      issue(`${HEADER}function f(a) { return a; }\nmatch /x/{y} { allow read: if f(1, 2); }\n}`),
    ).toBe('4:32: function f() expects 1 argument(s), got 2');
  });
  it('recursive functions are rejected', () => {
    expect(
      issue(
        `${HEADER}function f(n) { return n == 0 || f(n - 1); }\nmatch /x/{y} { allow read: if f(1); }\n}`,
      ),
    ).toBe('3:1: function f() may not recurse (f() -> f())');
  });
  it('mutual recursion is rejected', () => {
    expect(issue(`${HEADER}function a() { return b(); }\nfunction b() { return a(); }\n}`)).toBe(
      '3:1: function a() may not recurse (a() -> b() -> a())',
    );
  });
  it('more than 10 let bindings are rejected', () => {
    const lets = Array.from({ length: 11 }, (_, i) => `let v${i} = ${i};`).join(' ');
    expect(issue(`${HEADER}function f() { ${lets} return true; }\n}`)).toMatch(
      /^3:\d+: function f\(\) has more than 10 let bindings$/,
    );
  });
  it('is constraint is reported as unsupported', () => {
    expect(issue(`${HEADER}match /x/{y} { allow read: if 1 is constraint; }\n}`)).toBe(
      '3:33: not supported: type constraint',
    );
  });
  it('request.writeFields is deprecated and fails at evaluation', async () => {
    const { evaluateFirestore } = await import('../../src/rules/index.ts');
    const { ruleset } = compileRules(
      `${HEADER}match /databases/{d}/documents { match /x/{y} { allow update: if request.writeFields.size() < 2; } }\n}`,
    );
    const d = evaluateFirestore(
      ruleset!,
      {
        method: 'update',
        path: 'x/1',
        auth: null,
        time: new Date(),
        resource: null,
        requestResource: null,
      },
      { before: { get: () => null }, after: { get: () => null } },
    );
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/not supported: request.writeFields/);
  });
});

describe("the project's own rules files", () => {
  it.each(['firestore.rules', 'storage.rules'])('%s compiles without issues', async (file) => {
    const { readFileSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const source = readFileSync(
      fileURLToPath(new URL(`../../../${file}`, import.meta.url)),
      'utf8',
    );
    const { ruleset, issues } = compileRules(source);
    expect(issues.map(formatIssue)).toEqual([]);
    expect(ruleset?.service).toBe(
      file === 'firestore.rules' ? 'cloud.firestore' : 'firebase.storage',
    );
  });
});
