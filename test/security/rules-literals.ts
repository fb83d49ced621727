/**
 * Finds the literals of a rules file with the emulator's own rules parser and checks each one
 * against a table that ties it to the domain (rules-constants.test.ts holds the table).
 *
 * A literal's site is where it sits, not its line: `isValidProfileChange: isText(data.displayName, ·)`
 * (the enclosing function or allow statement, then the expression that holds the literal with
 * `·` in its place), so the table survives edits elsewhere in the file. Sites that repeat in one
 * scope get `#1`, `#2`, ... in source order.
 *
 * What counts as a literal: every number; every list (a list of strings is one literal, checked
 * as a whole); every string, with one exception: a string on the left of `in` names a document
 * field (`'name' in keys`), and the field lists it is tested against are literals themselves.
 * A `+` chain that holds a string (`'^events/' + eventId + '/banner/[^/]+$'`) is one literal,
 * written as a template: `^events/$(eventId)/banner/[^/]+$`.
 */
import type { Expr, FunctionDecl, MatchBlock, MatchSegment } from '@gatherly/emulator/rules/ast';
import { SyntaxError_ } from '@gatherly/emulator/rules/lexer';
import { Parser } from '@gatherly/emulator/rules/parser';

export type LiteralValue = number | string | readonly string[];

export interface LiteralSite {
  /** The site key the table uses. */
  key: string;
  value: LiteralValue;
  kind: 'number' | 'string' | 'list' | 'template';
  line: number;
  column: number;
}

/** One table entry: says why the literal is what it is and returns a problem, or null. */
export interface LiteralTie {
  /** The domain constant or fact it is tied to, for failure messages and reading. */
  source: string;
  check: (site: LiteralSite) => string | null;
}

export type LiteralTable = Readonly<Record<string, LiteralTie>>;

const PLACEHOLDER = '·';

// ---- Rendering ------------------------------------------------------------------------------

function renderPath(segments: MatchSegment[]): string {
  return segments
    .map((s) =>
      s.kind === 'literal'
        ? `/${s.value}`
        : s.kind === 'wildcard'
          ? `/{${s.name}}`
          : `/{${s.name}=**}`,
    )
    .join('');
}

function renderLiteral(value: Extract<Expr, { kind: 'lit' }>['value']): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === null) return 'null';
  return String(value);
}

/** Source-like text of an expression; `hole` is printed as `·`. */
export function render(e: Expr, hole: Expr | null = null): string {
  if (e === hole) return PLACEHOLDER;
  const r = (x: Expr): string => render(x, hole);
  switch (e.kind) {
    case 'lit':
      return renderLiteral(e.value);
    case 'ident':
      return e.name;
    case 'list':
      return `[${e.items.map(r).join(', ')}]`;
    case 'map':
      return `{${e.entries.map((en) => `${r(en.key)}: ${r(en.value)}`).join(', ')}}`;
    case 'path':
      return e.segments
        .map((seg) => `/${seg.map((p) => (typeof p === 'string' ? p : `$(${r(p)})`)).join('')}`)
        .join('');
    case 'member':
      return `${r(e.object)}.${e.name}`;
    case 'index':
      return `${r(e.object)}[${r(e.index)}]`;
    case 'slice':
      return `${r(e.object)}[${e.from ? r(e.from) : ''}:${e.to ? r(e.to) : ''}]`;
    case 'call':
      return `${r(e.callee)}(${e.args.map(r).join(', ')})`;
    case 'unary':
      return `${e.op}${r(e.operand)}`;
    case 'binary':
      return `${wrap(e.left, hole)} ${e.op} ${wrap(e.right, hole)}`;
    case 'is':
      return `${wrap(e.operand, hole)} is ${e.type}`;
    case 'cond':
      return `${wrap(e.test, hole)} ? ${wrap(e.then, hole)} : ${wrap(e.else, hole)}`;
  }
}

function wrap(e: Expr, hole: Expr | null): string {
  const text = render(e, hole);
  return e !== hole && (e.kind === 'binary' || e.kind === 'cond' || e.kind === 'is')
    ? `(${text})`
    : text;
}

// ---- Collection -----------------------------------------------------------------------------

interface Found {
  scope: string;
  context: string;
  value: LiteralValue;
  kind: LiteralSite['kind'];
  line: number;
  column: number;
}

function isStringPlus(e: Expr): boolean {
  if (e.kind !== 'binary' || e.op !== '+') return false;
  const hasString = (x: Expr): boolean =>
    (x.kind === 'lit' && typeof x.value === 'string') || isStringPlus(x);
  return hasString(e.left) || hasString(e.right);
}

function template(e: Expr): string {
  if (e.kind === 'binary' && e.op === '+') return template(e.left) + template(e.right);
  if (e.kind === 'lit' && typeof e.value === 'string') return e.value;
  return `$(${render(e)})`;
}

function literalNumber(e: Expr): number | null {
  if (e.kind === 'lit' && (typeof e.value === 'bigint' || typeof e.value === 'number')) {
    return Number(e.value);
  }
  if (e.kind === 'unary' && e.op === '-') {
    const inner = literalNumber(e.operand);
    return inner === null ? null : -inner;
  }
  return null;
}

function children(e: Expr): Expr[] {
  switch (e.kind) {
    case 'lit':
    case 'ident':
      return [];
    case 'list':
      return e.items;
    case 'map':
      return e.entries.flatMap((en) => [en.key, en.value]);
    case 'path':
      return e.segments.flatMap((seg) => seg.filter((p): p is Expr => typeof p !== 'string'));
    case 'member':
      return [e.object];
    case 'index':
      return [e.object, e.index];
    case 'slice':
      return [e.object, ...(e.from ? [e.from] : []), ...(e.to ? [e.to] : [])];
    case 'call':
      return [e.callee, ...e.args];
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'is':
      return [e.operand];
    case 'cond':
      return [e.test, e.then, e.else];
  }
}

function collectExpr(e: Expr, parent: Expr | null, scope: string, out: Found[]): void {
  const at = (kind: Found['kind'], value: LiteralValue): void => {
    out.push({
      scope,
      context: parent ? render(parent, e) : PLACEHOLDER,
      value,
      kind,
      line: e.pos.line,
      column: e.pos.column,
    });
  };
  const num = literalNumber(e);
  if (num !== null) return at('number', num);
  if (isStringPlus(e)) return at('template', template(e));
  if (e.kind === 'list' && e.items.length > 0) {
    if (e.items.every((i) => i.kind === 'lit' && typeof i.value === 'string')) {
      return at(
        'list',
        e.items.map((i) => (i as Extract<Expr, { kind: 'lit' }>).value as string),
      );
    }
  }
  if (e.kind === 'lit' && typeof e.value === 'string') {
    const namesField = parent?.kind === 'binary' && parent.op === 'in' && parent.left === e;
    if (!namesField) at('string', e.value);
    return;
  }
  for (const child of children(e)) collectExpr(child, e, scope, out);
}

function collectFunction(fn: FunctionDecl, out: Found[]): void {
  const scope = fn.name;
  for (const l of fn.lets) collectExpr(l.value, null, scope, out);
  collectExpr(fn.body, null, scope, out);
}

function collectMatch(block: MatchBlock, prefix: string, out: Found[]): void {
  const path = prefix + renderPath(block.path);
  for (const fn of block.functions) collectFunction(fn, out);
  for (const allow of block.allows) {
    if (allow.condition) {
      collectExpr(allow.condition, null, `allow ${allow.methods.join(', ')} ${path}`, out);
    }
  }
  for (const inner of block.matches) collectMatch(inner, path, out);
}

/**
 * Every literal of a rules file with its site key. Match paths are written below the service's
 * root match (`/events/{eventId}`, not `/databases/{database}/documents/events/{eventId}`).
 */
export function collectLiterals(source: string): LiteralSite[] {
  const file = new Parser(source).parseFile();
  const found: Found[] = [];
  for (const fn of file.functions) collectFunction(fn, found);
  for (const root of file.matches) {
    for (const fn of root.functions) collectFunction(fn, found);
    for (const allow of root.allows) {
      if (allow.condition) {
        collectExpr(allow.condition, null, `allow ${allow.methods.join(', ')} /`, found);
      }
    }
    for (const inner of root.matches) collectMatch(inner, '', found);
  }
  const counts = new Map<string, number>();
  for (const f of found) {
    const base = `${f.scope}: ${f.context}`;
    counts.set(base, (counts.get(base) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  return found.map((f) => {
    const base = `${f.scope}: ${f.context}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const key = (counts.get(base) ?? 0) > 1 ? `${base} #${n}` : base;
    return { key, value: f.value, kind: f.kind, line: f.line, column: f.column };
  });
}

/** The match paths of a rules file below its root match, e.g. `/events/{eventId}/banner/{fileName}`. */
export function matchPaths(source: string): string[] {
  const file = new Parser(source).parseFile();
  const out: string[] = [];
  const walk = (block: MatchBlock, prefix: string): void => {
    const path = prefix + renderPath(block.path);
    out.push(path);
    for (const inner of block.matches) walk(inner, path);
  };
  for (const root of file.matches) for (const inner of root.matches) walk(inner, '');
  return out;
}

export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---- Checking -------------------------------------------------------------------------------

export function describeValue(value: LiteralValue): string {
  return typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}

/**
 * Problems, one sentence each: a literal whose tie fails, a literal with no entry (a new limit
 * or list in the rules must be tied to the domain before it lands), an entry no literal uses.
 */
export function checkLiterals(fileName: string, source: string, table: LiteralTable): string[] {
  let sites: LiteralSite[];
  try {
    sites = collectLiterals(source);
  } catch (err) {
    if (!(err instanceof SyntaxError_)) throw err;
    return [`${fileName}:${err.pos.line}:${err.pos.column} does not parse: ${err.message}`];
  }
  const problems: string[] = [];
  const used = new Set<string>();
  for (const site of sites) {
    const where = `${fileName}:${site.line}:${site.column}`;
    const tie = table[site.key];
    if (!tie) {
      problems.push(
        `${where} ${site.kind} ${describeValue(site.value)} at "${site.key}" is not tied to a domain constant: add it to the table in test/security/rules-constants.test.ts`,
      );
      continue;
    }
    used.add(site.key);
    const problem = tie.check(site);
    if (problem) problems.push(`${where} "${site.key}" drifted from ${tie.source}: ${problem}`);
  }
  for (const key of Object.keys(table)) {
    if (!used.has(key)) {
      problems.push(
        `${fileName}: the table entry "${key}" matches no literal: remove or rename it`,
      );
    }
  }
  return problems;
}

// ---- Ties -----------------------------------------------------------------------------------

/** The literal equals the domain constant. */
export function equals(source: string, expected: number | string): LiteralTie {
  return {
    source,
    check: (site) =>
      site.value === expected
        ? null
        : `the rules say ${describeValue(site.value)}, the domain ${describeValue(expected)}`,
  };
}

/** The string list holds the same members as the domain list (order is not significant). */
export function sameMembers(source: string, expected: readonly string[]): LiteralTie {
  return {
    source,
    check: (site) => {
      if (!Array.isArray(site.value)) return `expected a list, found ${describeValue(site.value)}`;
      const actual = site.value as readonly string[];
      const missing = expected.filter((v) => !actual.includes(v));
      const extra = actual.filter((v) => !expected.includes(v));
      const dupes = actual.filter((v, i) => actual.indexOf(v) !== i);
      if (missing.length === 0 && extra.length === 0 && dupes.length === 0) return null;
      return [
        missing.length ? `missing ${describeValue(missing)}` : '',
        extra.length ? `not in the domain ${describeValue(extra)}` : '',
        dupes.length ? `repeated ${describeValue(dupes)}` : '',
      ]
        .filter(Boolean)
        .join('; ');
    },
  };
}

/**
 * A regular expression literal (or template) agrees with the domain on sample inputs: each
 * sample says whether the domain accepts it, and the rules pattern (matched in full, as the
 * rules' `matches()` does) must answer the same.
 */
export function agreesOn(
  source: string,
  samples: ReadonlyArray<{ input: string; domain: boolean }>,
  fill: Readonly<Record<string, string>> = {},
): LiteralTie {
  return {
    source,
    check: (site) => {
      if (typeof site.value !== 'string') {
        return `expected a pattern, found ${describeValue(site.value)}`;
      }
      const pattern = site.value.replace(/\$\(([^)]+)\)/g, (whole, name: string) => {
        const value = fill[name];
        return value === undefined ? whole : escapeRegex(value);
      });
      const regex = new RegExp(`^(?:${pattern})$`);
      const disagreements = samples.filter((s) => regex.test(s.input) !== s.domain);
      return disagreements.length === 0
        ? null
        : disagreements
            .map(
              (s) =>
                `${describeValue(s.input)}: domain ${s.domain ? 'accepts' : 'rejects'}, rules do not`,
            )
            .join('; ');
    },
  };
}
