// The browser view of a rule coverage report (`:ruleCoverage.html`): the rules source with every
// expression outlined; hovering shows what it evaluated to and how often. Expressions never
// evaluated are red, conditions that were only ever true or only false are marked, so untested
// rule lines stand out. A summary lists the allow conditions that never ran or never flipped.
import type { CoverageNode, CoverageReport, CoverageValue } from './coverage.ts';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function describeValue(value: CoverageValue): string {
  const [kind, inner] = Object.entries(value)[0] ?? ['error', undefined];
  if (kind === 'error') return 'error';
  if (kind === 'nullValue') return 'null';
  if (kind === 'boolValue' || kind === 'intValue' || kind === 'floatValue') return String(inner);
  if (kind === 'stringValue') return JSON.stringify(inner);
  if (kind === 'pathValue')
    return `/${((inner as { segments: { simple: string }[] }).segments ?? []).map((s) => s.simple).join('/')}`;
  const text = JSON.stringify(inner);
  return `${kind.replace(/Value$/, '')} ${text.length > 120 ? `${text.slice(0, 117)}…` : text}`;
}

type Status = 'unevaluated' | 'error' | 'true' | 'false' | 'both' | 'value';

function statusOf(node: CoverageNode): Status {
  const values = node.values ?? [];
  if (values.length === 0) return 'unevaluated';
  const kinds = new Set(values.map((v) => describeValue(v.value)));
  if (kinds.size === 1 && kinds.has('error')) return 'error';
  const hasTrue = kinds.has('true');
  const hasFalse = kinds.has('false');
  if (hasTrue && hasFalse) return 'both';
  if (hasTrue) return 'true';
  if (hasFalse) return 'false';
  return 'value';
}

function title(node: CoverageNode): string {
  const values = node.values ?? [];
  if (values.length === 0) return 'never evaluated';
  const total = values.reduce((n, v) => n + v.count, 0);
  return `evaluated ${total}×: ${values.map((v) => `${describeValue(v.value)} ×${v.count}`).join(', ')}`;
}

function render(node: CoverageNode, source: string): string {
  const { currentOffset: start, endOffset: end } = node.sourcePosition;
  const children = [...(node.children ?? [])]
    .filter((c) => c.sourcePosition.currentOffset >= start && c.sourcePosition.endOffset <= end)
    .sort((a, b) => a.sourcePosition.currentOffset - b.sourcePosition.currentOffset);
  let html = '';
  let at = start;
  for (const child of children) {
    if (child.sourcePosition.currentOffset < at) continue;
    html += escape(source.slice(at, child.sourcePosition.currentOffset));
    html += render(child, source);
    at = child.sourcePosition.endOffset;
  }
  html += escape(source.slice(at, end));
  return `<span class="expr ${statusOf(node)}" title="${escape(title(node))}">${html}</span>`;
}

export function renderCoverageHtml(report: CoverageReport, projectId: string): string {
  const file = report.rules.files[0];
  const source = file?.content ?? '';
  const roots = [...report.report].sort(
    (a, b) => a.sourcePosition.currentOffset - b.sourcePosition.currentOffset,
  );
  let body = '';
  let at = 0;
  for (const root of roots) {
    if (root.sourcePosition.currentOffset < at) continue;
    body += escape(source.slice(at, root.sourcePosition.currentOffset));
    body += render(root, source);
    at = root.sourcePosition.endOffset;
  }
  body += escape(source.slice(at));
  const lines = body.split('\n');
  const numbered = lines
    .map((line, i) => `<span class="ln">${String(i + 1).padStart(4)}</span> ${line}`)
    .join('\n');
  const never = roots.filter((r) => statusOf(r) === 'unevaluated');
  // A literal (`allow write: if false;`) cannot change outcome: only real conditions count.
  const oneSided = roots.filter(
    (r) => (r.children ?? []).length > 0 && ['true', 'false', 'error'].includes(statusOf(r)),
  );
  const where = (r: CoverageNode) =>
    `L${r.sourcePosition.line}: <code>${escape(source.slice(r.sourcePosition.currentOffset, r.sourcePosition.endOffset).replace(/\s+/g, ' ').slice(0, 100))}</code>`;
  const list = (items: CoverageNode[], suffix: (r: CoverageNode) => string) =>
    items.length === 0
      ? '<p>None.</p>'
      : `<ul>${items.map((r) => `<li>${where(r)}${suffix(r)}</li>`).join('')}</ul>`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Firestore rule coverage: ${escape(projectId)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }
pre { font: 13px/1.5 ui-monospace, monospace; background: #fafafa; padding: 1rem; border: 1px solid #ddd; overflow-x: auto; }
.ln { color: #999; user-select: none; }
.expr { border-bottom: 2px solid transparent; }
.expr:hover { outline: 1px solid #555; cursor: help; }
.unevaluated { background: #ffd7d7; }
.error { background: #ffe9b3; }
.true { border-bottom-color: #2e7d32; }
.false { border-bottom-color: #c62828; }
.both { border-bottom-color: #1565c0; }
.legend span { padding: 0 .4rem; margin-right: .6rem; border-bottom: 2px solid transparent; }
</style></head><body>
<h1>Firestore rule coverage</h1>
<p>Project <code>${escape(projectId)}</code>, rules file <code>${escape(file?.name ?? '')}</code>. Hover an expression for what it evaluated to.</p>
<p class="legend"><span class="unevaluated">never evaluated</span><span class="error">only errors</span><span class="true">only true</span><span class="false">only false</span><span class="both">true and false</span></p>
<h2>Conditions never evaluated (${never.length})</h2>
${list(never, () => '')}
<h2>Conditions that never changed outcome (${oneSided.length})</h2>
${list(oneSided, (r) => ` — ${escape(title(r))}`)}
<h2>Rules</h2>
<pre>${numbered}</pre>
</body></html>
`;
}
