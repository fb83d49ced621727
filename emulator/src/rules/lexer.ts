// On-demand lexer: the parser pulls one token at a time, and switches to raw character mode
// for match paths and path literals, whose segments (`(default)`, `{id=**}`) are not tokens.

import type { Pos } from './ast.ts';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  /** decoded value for string/int/float tokens */
  value?: string | bigint | number;
  pos: Pos;
}

export class SyntaxError_ {
  constructor(
    public readonly pos: Pos,
    public readonly message: string,
  ) {}
}

const PUNCT3 = new Set<string>([]);
const PUNCT2 = new Set(['==', '!=', '<=', '>=', '&&', '||', '$(']);
const PUNCT1 = new Set([
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ',',
  ';',
  ':',
  '.',
  '?',
  '=',
  '<',
  '>',
  '!',
  '+',
  '-',
  '*',
  '/',
  '%',
]);

const SEGMENT_CHAR = /[A-Za-z0-9_\-.~%@+:]/;

export class Lexer {
  private i = 0;
  private line = 1;
  private col = 1;

  constructor(private readonly src: string) {}

  pos(): Pos {
    return { line: this.line, column: this.col, offset: this.i };
  }

  /** Offset of the next unread character. */
  offset(): number {
    return this.i;
  }

  private advance(n = 1): void {
    for (let k = 0; k < n; k++) {
      if (this.src[this.i] === '\n') {
        this.line++;
        this.col = 1;
      } else {
        this.col++;
      }
      this.i++;
    }
  }

  error(message: string, pos: Pos = this.pos()): never {
    throw new SyntaxError_(pos, message);
  }

  skipTrivia(): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
        this.advance();
      } else if (c === '/' && this.src[this.i + 1] === '/') {
        while (this.i < this.src.length && this.src[this.i] !== '\n') this.advance();
      } else if (c === '/' && this.src[this.i + 1] === '*') {
        const start = this.pos();
        this.advance(2);
        while (
          this.i < this.src.length &&
          !(this.src[this.i] === '*' && this.src[this.i + 1] === '/')
        )
          this.advance();
        if (this.i >= this.src.length) this.error('unterminated block comment', start);
        this.advance(2);
      } else {
        return;
      }
    }
  }

  next(): Token {
    this.skipTrivia();
    const pos = this.pos();
    if (this.i >= this.src.length) return { kind: 'eof', text: '', pos };
    const c = this.src[this.i] as string;
    if (
      (c === 'r' || c === 'R') &&
      (this.src[this.i + 1] === '"' || this.src[this.i + 1] === "'")
    ) {
      this.advance();
      return this.string(pos, this.src[this.i] as string, true);
    }
    if (/[A-Za-z_]/.test(c)) {
      const start = this.i;
      while (this.i < this.src.length && /[A-Za-z0-9_]/.test(this.src[this.i] as string))
        this.advance();
      return { kind: 'ident', text: this.src.slice(start, this.i), pos };
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(this.src[this.i + 1] ?? '')))
      return this.number(pos);
    if (c === '"' || c === "'") return this.string(pos, c, false);
    const three = this.src.slice(this.i, this.i + 3);
    if (PUNCT3.has(three)) {
      this.advance(3);
      return { kind: 'punct', text: three, pos };
    }
    const two = this.src.slice(this.i, this.i + 2);
    if (PUNCT2.has(two)) {
      this.advance(2);
      return { kind: 'punct', text: two, pos };
    }
    if (PUNCT1.has(c)) {
      this.advance();
      return { kind: 'punct', text: c, pos };
    }
    return this.error(`unexpected character '${c}'`);
  }

  private number(pos: Pos): Token {
    const rest = this.src.slice(this.i);
    const m = /^(?:0[xX][0-9a-fA-F]+|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)/.exec(
      rest,
    );
    const text = m?.[0] ?? '';
    this.advance(text.length);
    if (/[.eE]/.test(text) && !/^0[xX]/.test(text))
      return { kind: 'float', text, value: Number(text), pos };
    const value = BigInt(text);
    if (value > 9223372036854775807n)
      this.error(`integer literal ${text} is out of the 64-bit range`, pos);
    return { kind: 'int', text, value, pos };
  }

  private string(pos: Pos, quote: string, raw: boolean): Token {
    this.advance();
    let out = '';
    for (;;) {
      if (this.i >= this.src.length || this.src[this.i] === '\n')
        this.error('unterminated string literal', pos);
      const c = this.src[this.i] as string;
      if (c === quote) {
        this.advance();
        break;
      }
      if (c === '\\' && !raw) {
        const e = this.src[this.i + 1] ?? '';
        const simple: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '\\': '\\',
          "'": "'",
          '"': '"',
          '/': '/',
          '0': '\0',
        };
        if (e in simple) {
          out += simple[e];
          this.advance(2);
        } else if (e === 'u') {
          const hex = this.src.slice(this.i + 2, this.i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.error('invalid \\u escape');
          out += String.fromCharCode(parseInt(hex, 16));
          this.advance(6);
        } else {
          // Regex escapes such as '\.' pass through unchanged for matches().
          out += '\\' + e;
          this.advance(2);
        }
        continue;
      }
      out += c;
      this.advance();
    }
    return { kind: 'string', text: out, value: out, pos };
  }

  // ---- raw mode for paths ----

  peekChar(): string {
    return this.src[this.i] ?? '';
  }

  /** Reads literal segment characters (possibly empty). Accepts the `(default)` database name. */
  readSegmentText(): string {
    let out = '';
    for (;;) {
      const c = this.src[this.i] ?? '';
      if (SEGMENT_CHAR.test(c)) {
        out += c;
        this.advance();
      } else if (c === '(' && this.src.startsWith('(default)', this.i)) {
        out += '(default)';
        this.advance(9);
      } else {
        return out;
      }
    }
  }

  consumeChar(c: string): boolean {
    if (this.src[this.i] === c) {
      this.advance();
      return true;
    }
    return false;
  }

  startsWith(s: string): boolean {
    return this.src.startsWith(s, this.i);
  }

  skip(n: number): void {
    this.advance(n);
  }

  /** Identifier in raw mode (wildcard names). */
  readIdent(): string {
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.i, this.i + 200));
    if (!m) return this.error('expected a wildcard name');
    this.advance(m[0].length);
    return m[0];
  }
}
