// Rule coverage: every expression with its source position and what it evaluated to, in the
// official emulator's report format, and its HTML view.
import { describe, expect, it } from 'vitest';
import type { CoverageNode } from '../../src/rules/coverage.ts';
import { renderCoverageHtml } from '../../src/rules/coverage-html.ts';
import { compileRules, evaluateFirestore } from '../../src/rules/index.ts';
import type { DocumentSource } from '../../src/shared/value.ts';
import { EMPTY, doc, source as docs } from './helpers.ts';

const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isOwner(uid) {
      return request.auth != null && request.auth.uid == uid;
    }
    match /users/{uid} {
      allow get: if isOwner(uid) || resource.data.public == true;
      allow delete: if request.auth.token.admin == true;
    }
  }
}
`;

function load() {
  const { ruleset } = compileRules(rules, { coverage: { fileName: 'firestore.rules' } });
  if (!ruleset?.coverage) throw new Error('rules did not compile');
  return ruleset;
}

const get = (uid: string | null, path: string, from: DocumentSource = EMPTY) => ({
  method: 'get' as const,
  path,
  auth: uid ? { uid, token: {} } : null,
  time: new Date(),
  resource: from.get(path),
  requestResource: null,
});

const text = (node: CoverageNode) =>
  rules.slice(node.sourcePosition.currentOffset, node.sourcePosition.endOffset);

describe('rule coverage', () => {
  it('reports every condition and function body with positions and counted values', () => {
    const ruleset = load();
    const users = docs([doc('users/ann', { public: false }), doc('users/bob', { public: true })]);
    const read = (uid: string | null, path: string) =>
      evaluateFirestore(ruleset, get(uid, path, users), { before: users, after: users }).allowed;
    expect(read('ann', 'users/ann')).toBe(true);
    expect(read('eve', 'users/ann')).toBe(false);
    expect(read(null, 'users/bob')).toBe(true);

    const report = ruleset.coverage?.report();
    expect(report?.rules.files).toEqual([{ name: 'firestore.rules', content: rules }]);
    const roots = report?.report ?? [];
    expect(roots.map(text)).toEqual([
      'request.auth != null && request.auth.uid == uid',
      'isOwner(uid) || resource.data.public == true',
      'request.auth.token.admin == true',
    ]);
    const [body, get_, del] = roots as [CoverageNode, CoverageNode, CoverageNode];
    expect(body.sourcePosition).toMatchObject({ line: 5, column: 14 });
    expect(get_.values).toEqual(
      expect.arrayContaining([
        { value: { boolValue: true }, count: 2 },
        { value: { boolValue: false }, count: 1 },
      ]),
    );
    // The function body ran three times: true once, false twice (anonymous short-circuits).
    expect(body.values).toEqual(
      expect.arrayContaining([
        { value: { boolValue: true }, count: 1 },
        { value: { boolValue: false }, count: 2 },
      ]),
    );
    // Sub-expressions are children in source order; a never-reached one has no values.
    expect(body.children?.map(text)).toEqual(['request.auth != null', 'request.auth.uid == uid']);
    const uidCompare = body.children?.[1] as CoverageNode;
    expect(uidCompare.values?.reduce((n, v) => n + v.count, 0)).toBe(2);
    expect(del.values).toBeUndefined();
    expect(del.children?.[0]?.values).toBeUndefined();
  });

  it('counts an evaluation error as the empty value', () => {
    const ruleset = load();
    // resource is null for a missing document: resource.data is an error.
    evaluateFirestore(ruleset, get('eve', 'users/nobody'), { before: EMPTY, after: EMPTY });
    const get_ = ruleset.coverage?.report().report[1] as CoverageNode;
    const right = get_.children?.[1] as CoverageNode;
    expect(text(right)).toBe('resource.data.public == true');
    expect(right.values).toEqual([{ value: {}, count: 1 }]);
  });

  it('renders the report as HTML with untested conditions listed', () => {
    const ruleset = load();
    const users = docs([doc('users/ann', { public: false })]);
    evaluateFirestore(ruleset, get('ann', 'users/ann', users), { before: users, after: users });
    const html = renderCoverageHtml(
      ruleset.coverage?.report() ?? { rules: { files: [] }, report: [] },
      'demo-x',
    );
    expect(html).toContain('Conditions never evaluated (1)');
    expect(html).toContain('L9: <code>request.auth.token.admin == true</code>');
    expect(html).toMatch(/class="expr unevaluated" title="never evaluated"/);
    expect(html).toMatch(/title="evaluated 1×: true ×1"/);
  });
});
