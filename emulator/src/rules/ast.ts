// Syntax tree of a rules file. Every node carries the 1-based line/column where it starts so
// evaluation errors and denials can point at the source ("false for update @ L12").

export interface Pos {
  line: number;
  column: number;
  /** 0-based character offset (set by the lexer). */
  offset?: number;
}

/** Where an expression's text lies: its start and the offset just past its end. */
export interface SourceRange {
  line: number;
  column: number;
  start: number;
  end: number;
}

export type Expr = ExprNode & { range?: SourceRange };

type ExprNode =
  | { kind: 'lit'; pos: Pos; value: null | boolean | bigint | number | string }
  | { kind: 'ident'; pos: Pos; name: string }
  | { kind: 'list'; pos: Pos; items: Expr[] }
  | { kind: 'map'; pos: Pos; entries: { key: Expr; value: Expr }[] }
  | { kind: 'path'; pos: Pos; segments: PathLiteralSegment[] }
  | { kind: 'member'; pos: Pos; object: Expr; name: string }
  | { kind: 'index'; pos: Pos; object: Expr; index: Expr }
  | { kind: 'slice'; pos: Pos; object: Expr; from: Expr | null; to: Expr | null }
  | { kind: 'call'; pos: Pos; callee: Expr; args: Expr[] }
  | { kind: 'unary'; pos: Pos; op: '!' | '-'; operand: Expr }
  | { kind: 'binary'; pos: Pos; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'is'; pos: Pos; operand: Expr; type: string }
  | { kind: 'cond'; pos: Pos; test: Expr; then: Expr; else: Expr };

export type BinaryOp =
  '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '+' | '-' | '*' | '/' | '%';

/** One segment of a path literal: concatenation of literal text and `$(expr)` parts. */
export type PathLiteralSegment = (string | Expr)[];

export type MatchSegment =
  | { kind: 'literal'; value: string }
  | { kind: 'wildcard'; name: string }
  | { kind: 'recursive'; name: string };

export type Method = 'read' | 'write' | 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowStmt {
  pos: Pos;
  methods: Method[];
  condition: Expr | null;
}

export interface FunctionDecl {
  pos: Pos;
  name: string;
  params: string[];
  lets: { pos: Pos; name: string; value: Expr }[];
  body: Expr;
}

export interface MatchBlock {
  pos: Pos;
  path: MatchSegment[];
  functions: FunctionDecl[];
  allows: AllowStmt[];
  matches: MatchBlock[];
}

export interface RulesFile {
  version: string;
  service: string;
  functions: FunctionDecl[];
  matches: MatchBlock[];
}
