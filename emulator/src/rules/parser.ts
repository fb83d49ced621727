// Recursive-descent parser for rules_version '2' files. One token of lookahead, so the parser
// can hand the lexer over to raw character mode for match paths and path literals.

import type {
  AllowStmt,
  BinaryOp,
  Expr,
  FunctionDecl,
  MatchBlock,
  MatchSegment,
  Method,
  PathLiteralSegment,
  Pos,
  RulesFile,
} from './ast.ts';
import { Lexer, type Token } from './lexer.ts';

const METHODS = new Set<Method>(['read', 'write', 'get', 'list', 'create', 'update', 'delete']);
const RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'is',
  'if',
  'let',
  'return',
  'function',
  'match',
  'allow',
  'service',
]);

export class Parser {
  private readonly lx: Lexer;
  private tok: Token | null = null;
  /** Offset just past the last token taken (the end of what was parsed so far). */
  private lastEnd = 0;

  constructor(source: string) {
    this.lx = new Lexer(source);
  }

  private peek(): Token {
    if (!this.tok) this.tok = this.lx.next();
    return this.tok;
  }

  private take(): Token {
    const t = this.peek();
    this.tok = null;
    this.lastEnd = this.lx.offset();
    return t;
  }

  /** Records the source range of an expression that started at `start` and ends here. */
  private span<T extends Expr>(start: Pos, e: T): T {
    e.range = {
      line: start.line,
      column: start.column,
      start: start.offset ?? 0,
      end: this.lastEnd,
    };
    return e;
  }

  private is(text: string): boolean {
    const t = this.peek();
    return (t.kind === 'punct' || t.kind === 'ident') && t.text === text;
  }

  private accept(text: string): boolean {
    if (this.is(text)) {
      this.take();
      return true;
    }
    return false;
  }

  private expect(text: string, what = `'${text}'`): Token {
    const t = this.peek();
    if ((t.kind === 'punct' || t.kind === 'ident') && t.text === text) return this.take();
    return this.lx.error(`expected ${what}, found ${describe(t)}`, t.pos);
  }

  private ident(what: string): Token {
    const t = this.peek();
    if (t.kind !== 'ident') return this.lx.error(`expected ${what}, found ${describe(t)}`, t.pos);
    return this.take();
  }

  parseFile(): RulesFile {
    let version = '1';
    if (this.accept('rules_version')) {
      this.expect('=');
      const v = this.take();
      if (v.kind !== 'string')
        this.lx.error(`expected a version string, found ${describe(v)}`, v.pos);
      if (v.text !== '1' && v.text !== '2')
        this.lx.error(`unsupported rules_version '${v.text}'`, v.pos);
      version = v.text;
      this.accept(';');
    }
    this.expect('service', "'service'");
    let service = this.ident('a service name').text;
    while (this.accept('.')) service += '.' + this.ident('a service name part').text;
    this.expect('{');
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    while (!this.is('}')) {
      const t = this.peek();
      if (t.kind === 'eof') this.lx.error("expected '}' to close the service block", t.pos);
      if (this.is('function')) functions.push(this.parseFunction());
      else if (this.is('match')) matches.push(this.parseMatch());
      else this.lx.error(`expected 'match' or 'function', found ${describe(t)}`, t.pos);
    }
    this.take();
    const end = this.peek();
    if (end.kind !== 'eof')
      this.lx.error(`unexpected ${describe(end)} after the service block`, end.pos);
    return { version, service, functions, matches };
  }

  private parseMatch(): MatchBlock {
    const pos = this.take().pos;
    const path = this.parseMatchPath();
    this.expect('{');
    const block: MatchBlock = { pos, path, functions: [], allows: [], matches: [] };
    while (!this.is('}')) {
      const t = this.peek();
      if (this.is('function')) block.functions.push(this.parseFunction());
      else if (this.is('match')) block.matches.push(this.parseMatch());
      else if (this.is('allow')) block.allows.push(this.parseAllow());
      else this.lx.error(`expected 'allow', 'match' or 'function', found ${describe(t)}`, t.pos);
    }
    this.take();
    return block;
  }

  /** Raw mode: `/a/{b}/{c=**}` up to the first character that cannot continue the path. */
  private parseMatchPath(): MatchSegment[] {
    this.lx.skipTrivia();
    if (this.lx.peekChar() !== '/') this.lx.error("expected a match path starting with '/'");
    const segs: MatchSegment[] = [];
    while (this.lx.consumeChar('/')) {
      if (this.lx.consumeChar('{')) {
        const name = this.lx.readIdent();
        if (this.lx.startsWith('=**}')) {
          this.lx.skip(4);
          segs.push({ kind: 'recursive', name });
        } else if (this.lx.consumeChar('}')) {
          segs.push({ kind: 'wildcard', name });
        } else {
          this.lx.error("expected '}' or '=**}' after the wildcard name");
        }
      } else {
        const text = this.lx.readSegmentText();
        if (text === '') this.lx.error('empty path segment');
        segs.push({ kind: 'literal', value: text });
      }
    }
    return segs;
  }

  private parseAllow(): AllowStmt {
    const pos = this.take().pos;
    const methods: Method[] = [];
    do {
      const t = this.ident('a method (read, write, get, list, create, update, delete)');
      if (!METHODS.has(t.text as Method)) this.lx.error(`unknown method '${t.text}'`, t.pos);
      methods.push(t.text as Method);
    } while (this.accept(','));
    let condition: Expr | null = null;
    if (this.accept(':')) {
      this.expect('if', "'if'");
      condition = this.parseExpr();
    }
    this.expect(';');
    return { pos, methods, condition };
  }

  private parseFunction(): FunctionDecl {
    const pos = this.take().pos;
    const name = this.ident('a function name').text;
    this.expect('(');
    const params: string[] = [];
    if (!this.is(')')) {
      do params.push(this.ident('a parameter name').text);
      while (this.accept(','));
    }
    this.expect(')');
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.is('let')) {
      const lpos = this.take().pos;
      const lname = this.ident('a variable name').text;
      this.expect('=');
      const value = this.parseExpr();
      this.expect(';');
      lets.push({ pos: lpos, name: lname, value });
    }
    this.expect('return', "'return'");
    const body = this.parseExpr();
    this.accept(';');
    this.expect('}');
    return { pos, name, params, lets, body };
  }

  /** A whole input that is one expression (tests, debugging). */
  parseStandaloneExpr(): Expr {
    const e = this.parseExpr();
    const t = this.peek();
    if (t.kind !== 'eof') this.lx.error(`unexpected ${describe(t)} after the expression`, t.pos);
    return e;
  }

  // ---- expressions, lowest precedence first ----

  parseExpr(): Expr {
    const start = this.peek().pos;
    const test = this.parseOr();
    if (this.is('?')) {
      const pos = this.take().pos;
      const then = this.parseExpr();
      this.expect(':');
      const els = this.parseExpr();
      return this.span(start, { kind: 'cond', pos, test, then, else: els });
    }
    return test;
  }

  private binaryLevel(ops: readonly string[], next: () => Expr): Expr {
    const start = this.peek().pos;
    let left = next();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct' || !ops.includes(t.text)) return left;
      this.take();
      left = this.span(start, {
        kind: 'binary',
        pos: t.pos,
        op: t.text as BinaryOp,
        left,
        right: next(),
      });
    }
  }

  private parseOr = (): Expr => this.binaryLevel(['||'], this.parseAnd);
  private parseAnd = (): Expr => this.binaryLevel(['&&'], this.parseEquality);
  private parseEquality = (): Expr => this.binaryLevel(['==', '!='], this.parseInIs);

  private parseInIs = (): Expr => {
    const start = this.peek().pos;
    let left = this.parseRelational();
    for (;;) {
      if (this.is('in')) {
        const pos = this.take().pos;
        const right = this.parseRelational();
        left = this.span(start, { kind: 'binary', pos, op: 'in', left, right });
      } else if (this.is('is')) {
        const pos = this.take().pos;
        const type = this.ident('a type name').text;
        left = this.span(start, { kind: 'is', pos, operand: left, type });
      } else {
        return left;
      }
    }
  };

  private parseRelational = (): Expr =>
    this.binaryLevel(['<', '<=', '>', '>='], this.parseAdditive);
  private parseAdditive = (): Expr => this.binaryLevel(['+', '-'], this.parseMultiplicative);
  private parseMultiplicative = (): Expr => this.binaryLevel(['*', '/', '%'], this.parseUnary);

  private parseUnary = (): Expr => {
    if (this.is('!') || this.is('-')) {
      const t = this.take();
      const operand = this.parseUnary();
      return this.span(t.pos, { kind: 'unary', pos: t.pos, op: t.text as '!' | '-', operand });
    }
    return this.parsePostfix();
  };

  private parsePostfix(): Expr {
    const start = this.peek().pos;
    let e = this.parsePrimary();
    for (;;) {
      if (this.is('.')) {
        const pos = this.take().pos;
        const name = this.ident('a member name').text;
        e = this.span(start, { kind: 'member', pos, object: e, name });
      } else if (this.is('[')) {
        const pos = this.take().pos;
        if (this.accept(':')) {
          const to = this.is(']') ? null : this.parseExpr();
          this.expect(']');
          e = this.span(start, { kind: 'slice', pos, object: e, from: null, to });
          continue;
        }
        const index = this.parseExpr();
        if (this.accept(':')) {
          const to = this.is(']') ? null : this.parseExpr();
          this.expect(']');
          e = this.span(start, { kind: 'slice', pos, object: e, from: index, to });
          continue;
        }
        this.expect(']');
        e = this.span(start, { kind: 'index', pos, object: e, index });
      } else if (this.is('(')) {
        const pos = this.take().pos;
        const args: Expr[] = [];
        if (!this.is(')')) {
          do args.push(this.parseExpr());
          while (this.accept(','));
        }
        this.expect(')');
        e = this.span(start, { kind: 'call', pos, callee: e, args });
      } else {
        return e;
      }
    }
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    const pos = t.pos;
    switch (t.kind) {
      case 'int':
      case 'float':
      case 'string':
        this.take();
        return this.span(pos, { kind: 'lit', pos, value: t.value ?? null });
      case 'ident':
        this.take();
        if (t.text === 'true') return this.span(pos, { kind: 'lit', pos, value: true });
        if (t.text === 'false') return this.span(pos, { kind: 'lit', pos, value: false });
        if (t.text === 'null') return this.span(pos, { kind: 'lit', pos, value: null });
        if (RESERVED.has(t.text)) this.lx.error(`unexpected keyword '${t.text}'`, pos);
        return this.span(pos, { kind: 'ident', pos, name: t.text });
      case 'eof':
        return this.lx.error('unexpected end of input, expected an expression', pos);
      case 'punct':
        break;
    }
    if (t.text === '(') {
      this.take();
      const e = this.parseExpr();
      this.expect(')');
      return e;
    }
    if (t.text === '[') {
      this.take();
      const items: Expr[] = [];
      while (!this.is(']')) {
        items.push(this.parseExpr());
        if (!this.accept(',')) break;
      }
      this.expect(']');
      return this.span(pos, { kind: 'list', pos, items });
    }
    if (t.text === '{') {
      this.take();
      const entries: { key: Expr; value: Expr }[] = [];
      while (!this.is('}')) {
        const key = this.parseExpr();
        this.expect(':');
        entries.push({ key, value: this.parseExpr() });
        if (!this.accept(',')) break;
      }
      this.expect('}');
      return this.span(pos, { kind: 'map', pos, entries });
    }
    if (t.text === '/') {
      this.take();
      return this.parsePathLiteral(pos);
    }
    return this.lx.error(`expected an expression, found ${describe(t)}`, pos);
  }

  /** Raw mode after the leading '/': segments of text and `$(expr)` until no '/' follows. */
  private parsePathLiteral(pos: Pos): Expr {
    const segments: PathLiteralSegment[] = [];
    for (;;) {
      const seg: PathLiteralSegment = [];
      for (;;) {
        const text = this.lx.readSegmentText();
        if (text !== '') seg.push(text);
        if (this.lx.startsWith('$(')) {
          this.lx.skip(2);
          seg.push(this.parseExpr());
          if (this.tok?.text !== ')') this.expect(')');
          // the ')' is the current lookahead token; drop it without lexing further
          this.tok = null;
          continue;
        }
        break;
      }
      if (seg.length === 0) this.lx.error('empty path segment');
      segments.push(seg);
      if (!this.lx.consumeChar('/')) break;
    }
    this.lastEnd = this.lx.offset();
    return this.span(pos, { kind: 'path', pos, segments });
  }
}

function describe(t: Token): string {
  if (t.kind === 'eof') return 'end of input';
  if (t.kind === 'string') return `string '${t.text}'`;
  return `'${t.text}'`;
}
