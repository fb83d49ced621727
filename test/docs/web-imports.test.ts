/**
 * docs/web.md's import table ("Import boundaries") is the lint configuration's FEATURE_EDGES,
 * and both are the edges the web code has: a feature imports another only where the table says
 * why, and the table lists no edge the code has dropped.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_EDGES } from '../../eslint.config.js';
import { codeSpans, readRepoFile, ROOT, section, tableRows, trackedFiles } from './markdown.ts';

type Edges = Record<string, string[]>;

const sorted = (edges: Edges): Edges => {
  const out: Edges = {};
  for (const from of Object.keys(edges).sort()) {
    const to = edges[from] ?? [];
    if (to.length > 0) out[from] = [...to].sort();
  }
  return out;
};

/** The table: feature → the features it may import, as named in backticks. */
function documentedEdges(): Edges {
  const rows = tableRows(section(readRepoFile('docs/web.md'), 'Import boundaries'));
  const edges: Edges = {};
  for (const [feature, targets] of rows) {
    const from = feature && codeSpans(feature)[0];
    if (!from || targets === undefined) continue;
    edges[from] = codeSpans(targets);
  }
  return edges;
}

const FEATURES = readdirSync(new URL('web/src/features/', ROOT), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/** The features each feature's source imports (relative imports, as the lint rule reads them). */
function codeEdges(): Edges {
  const edges: Edges = {};
  for (const file of trackedFiles()) {
    const m = /^web\/src\/features\/([\w-]+)\/.+\.tsx?$/.exec(file);
    if (!m) continue;
    const from = m[1]!;
    const text = readRepoFile(file);
    for (const imp of text.matchAll(
      /(?:from|import\()\s*'((?:\.\.\/)+)(?:features\/)?([\w-]+)\//g,
    )) {
      const to = imp[2]!;
      const depth = imp[1]!.length / 3;
      // `../x/` from a feature's top folder reaches features/x.
      if (!FEATURES.includes(to) || to === from || depth < 1) continue;
      const list = (edges[from] ??= []);
      if (!list.includes(to)) list.push(to);
    }
  }
  return edges;
}

describe('docs/web.md, "Import boundaries"', () => {
  it('lists exactly the lint configuration’s FEATURE_EDGES', () => {
    const documented = documentedEdges();
    expect(Object.keys(documented).length).toBeGreaterThan(0);
    expect(sorted(documented)).toEqual(sorted(FEATURE_EDGES));
  });

  it('and they are the edges the web code has (none unused)', () => {
    expect(sorted(codeEdges())).toEqual(sorted(FEATURE_EDGES));
  });
});
