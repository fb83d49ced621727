/**
 * Every `docs/<file>.md, "Section"` cited in the repository names a section of that file: a
 * heading, or a paragraph's bold lead (`**Section**`). A heading may go on after the cited name
 * (`## Venue Wi-Fi (offline use)`, `## The reception: 200 phones at once`), a bold lead too
 * (`**Nested resources are addressed with their event**`). Docs cite each other without the
 * `docs/` prefix (`decisions.md, "Banner design"`).
 */
import { describe, expect, it } from 'vitest';
import { readRepoFile, trackedFiles } from './markdown.ts';

const files = trackedFiles();
const docNames = files
  .filter((f) => /^docs\/[\w-]+\.md$/.test(f))
  .map((f) => f.slice('docs/'.length, -'.md'.length));

/** What a citation may name in each doc. */
const anchors = new Map(
  docNames.map((name) => {
    const text = readRepoFile(`docs/${name}.md`);
    return [
      name,
      {
        headings: [...text.matchAll(/^#{1,6} +(.+?)\s*$/gm)].map((m) => m[1]!),
        leads: [...text.matchAll(/^(?:[-*] )?\*\*([^*]+)\*\*/gm)].map((m) => m[1]!),
      },
    ];
  }),
);

/** A cited name is the anchor, or its start before a parenthesis, colon, comma or full stop. */
const startsAnchor = (anchor: string, cited: string, more: RegExp) =>
  anchor === cited || (anchor.startsWith(cited) && more.test(anchor.slice(cited.length)));

function names(doc: string, cited: string): boolean {
  const found = anchors.get(doc);
  if (!found) return false;
  return (
    found.headings.some((h) => startsAnchor(h, cited, /^(?: \(|:|,)/)) ||
    found.leads.some((l) => startsAnchor(l, cited, /^(?:[ .:,]|$)/))
  );
}

/** A file's text with line breaks and comment markers folded, so a citation may wrap. */
const folded = (text: string) => text.replace(/\n[ \t]*(?:\/\/+|\*|#+(?=\s))?[ \t]*/g, ' ');

interface Citation {
  file: string;
  doc: string;
  section: string;
}

function citations(): Citation[] {
  const found: Citation[] = [];
  const sources = files.filter(
    (f) =>
      /\.(?:ts|tsx|js|mjs|md|rules|sh)$/.test(f) || f.startsWith('.ci/') || f === 'firebase.json',
  );
  for (const file of sources) {
    const inDocs = file.endsWith('.md');
    const pattern = inDocs
      ? /(?<![\w./-])(?:docs\/)?([\w-]+)\.md((?:,\s*"[^"]+")+)/g
      : /docs\/([\w-]+)\.md((?:,\s*"[^"]+")+)/g;
    for (const m of folded(readRepoFile(file)).matchAll(pattern)) {
      const doc = m[1]!;
      // Markdown names other .md files too (e2e/README.md, KNOWN-ISSUES.md): only docs/ count.
      if (inDocs && !docNames.includes(doc)) continue;
      for (const s of m[2]!.matchAll(/"([^"]+)"/g)) found.push({ file, doc, section: s[1]! });
    }
  }
  return found;
}

describe('doc citations', () => {
  const all = citations();

  it('are found (the scan reads the repository)', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('name a section that exists in the cited doc', () => {
    const broken = all
      .filter((c) => !names(c.doc, c.section))
      .map((c) => `${c.file}: docs/${c.doc}.md, "${c.section}"`);
    expect(broken).toEqual([]);
  });

  it('a missing section is reported (the check can fail)', () => {
    expect(names('decisions', 'Venue Wi-Fi')).toBe(true);
    expect(names('decisions', 'Venue')).toBe(false);
    expect(names('decisions', 'No such section')).toBe(false);
  });
});
