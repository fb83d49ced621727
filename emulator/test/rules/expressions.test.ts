// Conformance cases for the expression language: each operator, precedence, short-circuit and
// error propagation, `in`, `is`, and the documented methods of every type.

import { describe, expect, it } from 'vitest';
import { evaluateExpression } from '../../src/rules/expression.ts';
import { RTimestamp, RulesError, type Value } from '../../src/rules/values.ts';
import { show } from './show.ts';

// 2024-03-15T10:20:30.123456789Z, a Friday, day 75 of a leap year.
const T_SECONDS = Date.UTC(2024, 2, 15, 10, 20, 30) / 1000;
const vars: Record<string, Value> = {
  t: new RTimestamp(T_SECONDS, 123456789),
  uid: 'u1',
  n: 5n,
};

function run(src: string): string {
  return show(evaluateExpression(src, vars));
}

type Case = [source: string, expected: string];

function table(name: string, cases: Case[]): void {
  describe(name, () => {
    it.each(cases)('%s => %s', (src, expected) => {
      expect(run(src)).toBe(expected);
    });
  });
}

table('arithmetic', [
  ['1 + 2', '3'],
  ['7 - 10', '-3'],
  ['6 * 7', '42'],
  ['7 / 2', '3'],
  ['-7 / 2', '-3'],
  ['7 % 3', '1'],
  ['-7 % 3', '-1'],
  ['7.0 / 2', '3.5'],
  ['1 + 2.5', '3.5'],
  ['2.5 * 2', '5.0'],
  ['5.5 % 2', '1.5'],
  ['1 / 0', 'error'],
  ['1 % 0', 'error'],
  ['1.0 / 0', 'Infinity'],
  ['9223372036854775807 + 1', 'error'],
  ['-9223372036854775807 - 2', 'error'],
  ['4611686018427387904 * 2', 'error'],
  ["'ab' + 'cd'", '"abcd"'],
  ['[1] + [2, 3]', '[1, 2, 3]'],
  ["'a' + 1", 'error'],
  ['null + 1', 'error'],
  ['0x10 + 1', '17'],
  ['1e3', '1000.0'],
  ['.5 + .25', '0.75'],
]);

table('precedence and associativity', [
  ['1 + 2 * 3', '7'],
  ['(1 + 2) * 3', '9'],
  ['10 - 4 - 3', '3'],
  ['100 / 10 / 5', '2'],
  ['2 * 3 % 4', '2'],
  ['-2 * 3', '-6'],
  ['--2', '2'],
  ['-n + 1', '-4'],
  ['1 < 2 == true', 'true'],
  ['1 + 1 == 2 && 2 * 2 == 4', 'true'],
  ['true || false && false', 'true'],
  ['(true || false) && false', 'false'],
  ['!true || true', 'true'],
  ["'a' in ['a'] == true", 'true'],
  ['1 is int == true', 'true'],
  ['false == false && true', 'true'],
]);

table('unary', [
  ['!true', 'false'],
  ['!!false', 'false'],
  ['!1', 'error'],
  ["-'a'", 'error'],
  ['-1.5', '-1.5'],
  ['-duration.value(1, "s") == duration.value(-1, "s")', 'true'],
]);

table('comparison and equality', [
  ['1 < 2', 'true'],
  ['2 <= 2', 'true'],
  ['3 > 2.5', 'true'],
  ['2 >= 3', 'false'],
  ["'a' < 'b'", 'true'],
  ["'B' < 'a'", 'true'],
  ["'ab' < 'abc'", 'true'],
  ['1 == 1.0', 'true'],
  ['1 != 2', 'true'],
  ["1 == '1'", 'false'],
  ['null == null', 'true'],
  ['null != 0', 'true'],
  ['[1, 2] == [1, 2]', 'true'],
  ['[1, 2] == [2, 1]', 'false'],
  ["{'a': 1, 'b': 2} == {'b': 2, 'a': 1}", 'true'],
  ["{'a': 1} == {'a': 1.0}", 'true'],
  ["{'a': 1} == {'a': 1, 'b': 2}", 'false'],
  ["1 < 'a'", 'error'],
  ['null < 1', 'error'],
  ['true < false', 'error'],
  ['0.0 / 0.0 == 0.0 / 0.0', 'false'],
  ['t == t', 'true'],
  ["'a'.toUtf8() < 'b'.toUtf8()", 'true'],
]);

table('ternary', [
  ['true ? 1 : 2', '1'],
  ['false ? 1 : 2', '2'],
  ['1 ? 2 : 3', 'error'],
  ['true ? 1 : 1 / 0', '1'],
  ['false ? 1 / 0 : 2', '2'],
  ['false ? 1 : true ? 2 : 3', '2'],
  ['true ? false ? 1 : 2 : 3', '2'],
  ['nope ? 1 : 2', 'error'],
]);

table('logical operators, short-circuit and errors', [
  ['false && nope', 'false'],
  ['true || nope', 'true'],
  ['nope && false', 'false'],
  ['nope || true', 'true'],
  ['nope && true', 'error'],
  ['nope || false', 'error'],
  ['true && nope', 'error'],
  ['false || nope', 'error'],
  ['1 && true', 'error'],
  ['true && 1', 'error'],
  ['false || 1 / 0 == 1', 'error'],
  ["false && {'a': 1}.b", 'false'],
  ["{'a': 1}.b == null", 'error'],
  ["{'a': null}.a == null", 'true'],
  ['(nope || true) && true', 'true'],
  ['!(nope && false)', 'true'],
]);

table('in', [
  ['1 in [1, 2]', 'true'],
  ['3 in [1, 2]', 'false'],
  ['1.0 in [1]', 'true'],
  ["'a' in {'a': 1}", 'true'],
  ["'b' in {'a': 1}", 'false'],
  ["1 in {'a': 1}", 'error'],
  ['2 in [1, 2].toSet()', 'true'],
  ['3 in [1, 2].toSet()', 'false'],
  ['[1] in [[1], [2]]', 'true'],
  ["1 in 'abc'", 'error'],
  ['null in [null]', 'true'],
]);

table('is', [
  ['1 is int', 'true'],
  ['1.0 is int', 'false'],
  ['1.0 is float', 'true'],
  ['1 is float', 'false'],
  ['1 is number', 'true'],
  ['1.5 is number', 'true'],
  ["'a' is string", 'true'],
  ['true is bool', 'true'],
  ['null is string', 'false'],
  ['[1] is list', 'true'],
  ['{} is map', 'true'],
  ['[1].toSet() is set', 'true'],
  ['[1].toSet() is list', 'false'],
  ['t is timestamp', 'true'],
  ["duration.value(1, 's') is duration", 'true'],
  ['/a/b is path', 'true'],
  ['latlng.value(1, 2) is latlng', 'true'],
  ["'a'.toUtf8() is bytes", 'true'],
  ['nope is int', 'error'],
]);

describe('is: unsupported and unknown types are compile errors', () => {
  it('is constraint is not supported', () => {
    const r = evaluateExpression('1 is constraint');
    expect(r).toBeInstanceOf(RulesError);
    expect((r as RulesError).message).toMatch(/not supported: type constraint/);
  });
  it('is banana is an unknown type', () => {
    expect((evaluateExpression('1 is banana') as RulesError).message).toMatch(
      /unknown type 'banana'/,
    );
  });
});

table('string methods', [
  ["'hello'.size()", '5'],
  ["'héllo'.size()", '5'],
  ["''.size()", '0'],
  ["'hello'.matches('h.*o')", 'true'],
  ["'hello'.matches('ell')", 'false'],
  ["'a.b'.matches('a\\\\.b')", 'true'],
  ["'axb'.matches('a\\\\.b')", 'false'],
  ["'user@example.com'.matches('.*@example[.]com')", 'true'],
  ["'x'.matches('(')", 'error'],
  ["'Hello'.lower()", '"hello"'],
  ["'Hello'.upper()", '"HELLO"'],
  ["'  x  '.trim()", '"x"'],
  ["'a,b,c'.split(',')", '["a", "b", "c"]'],
  ["'a1b22c'.split('[0-9]+')", '["a", "b", "c"]'],
  ["'banana'.replace('a', 'o')", '"bonono"'],
  ["'a-b-c'.replace('-', '')", '"abc"'],
  ["'abc'.toUtf8().size()", '3'],
  ["'é'.toUtf8().size()", '2'],
  ["'abc'[1]", '"b"'],
  ["'abcdef'[1:3]", '"bc"'],
  ["'abc'[5]", 'error'],
  ["'a'.size(1)", 'error'],
  ["'abc'.nope()", 'error'],
  ["'\\u0041\\n'.size()", '2'],
  ['"double" + \'single\'', '"doublesingle"'],
  ["r'a\\.b'", '"a\\\\.b"'],
]);

table('conversions', [
  ['string(1)', '"1"'],
  ['string(1.5)', '"1.5"'],
  ['string(2.0)', '"2.0"'],
  ['string(true)', '"true"'],
  ['string(null)', '"null"'],
  ['string(/a/b)', '"/a/b"'],
  ['string([1])', 'error'],
  ["int('42')", '42'],
  ["int('-7')", '-7'],
  ['int(3.9)', '3'],
  ['int(-3.9)', '-3'],
  ["int('x')", 'error'],
  ['float(2)', '2.0'],
  ["float('1.5')", '1.5'],
  ["float('abc')", 'error'],
  ['debug(1) + 1', '2'],
  ['nope(1)', 'error'],
]);

table('list methods', [
  ['[1, 2, 3].size()', '3'],
  ['[].size()', '0'],
  ['[1, 2, 3].hasAll([1, 3])', 'true'],
  ['[1, 2, 3].hasAll([4])', 'false'],
  ['[1, 2].hasAll([])', 'true'],
  ['[1, 2].hasAll([1, 2].toSet())', 'true'],
  ['[1, 2].hasAny([2, 5])', 'true'],
  ['[1, 2].hasAny([])', 'false'],
  ['[1, 2].hasOnly([1, 2, 3])', 'true'],
  ['[1, 4].hasOnly([1, 2, 3])', 'false'],
  ['[].hasOnly([1])', 'true'],
  ['[1].concat([2])', '[1, 2]'],
  ['[1].concat(2)', 'error'],
  ['[1, 2, 3, 2].removeAll([2])', '[1, 3]'],
  ['[1, 1, 2].toSet().size()', '2'],
  ["['a', 'b'].join('-')", '"a-b"'],
  ["['a', 'b'].join()", '"ab"'],
  ["['a', 1].join(',')", 'error'],
  ['[1, 2, 3][0]', '1'],
  ['[1, 2, 3][3]', 'error'],
  ['[1, 2, 3][-1]', 'error'],
  ["[1, 2, 3]['a']", 'error'],
  ['[1, 2, 3, 4][1:3]', '[2, 3]'],
  ['[1, 2, 3][:2]', '[1, 2]'],
  ['[1, 2, 3][1:]', '[2, 3]'],
  ['[1, 2, 3][2:1]', 'error'],
  ['[1, 2].nope()', 'error'],
]);

table('map methods', [
  ["{'a': 1, 'b': 2}.keys()", '["a", "b"]'],
  ["{'a': 1, 'b': 2}.values()", '[1, 2]'],
  ["{'a': 1}.size()", '1'],
  ["{'a': 1}.get('a', 0)", '1'],
  ["{'a': 1}.get('b', 0)", '0'],
  ["{'a': {'b': 2}}.get(['a', 'b'], 0)", '2'],
  ["{'a': {'b': 2}}.get(['a', 'c'], 0)", '0'],
  ["{'a': 1}['a']", '1'],
  ["{'a': 1}.a", '1'],
  ["{'a': {'b': {'c': 3}}}.a.b.c", '3'],
  ["{'a': 1}['b']", 'error'],
  ["{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).affectedKeys()", 'set("b", "c")'],
  ["{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).addedKeys()", 'set("c")'],
  ["{'a': 1, 'x': 0}.diff({'a': 1}).removedKeys()", 'set("x")'],
  ["{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).changedKeys()", 'set("b")'],
  ["{'a': 1, 'b': 2}.diff({'a': 1, 'b': 3, 'c': 4}).unchangedKeys()", 'set("a")'],
  ["{'a': 1}.diff({'a': 1.0}).changedKeys().size()", '0'],
  ["{'a': 1, 'b': 2}.diff({'a': 9}).affectedKeys().hasOnly(['a', 'b'])", 'true'],
  ['{1: 2}', 'error'],
  ["{'a': 1}.diff(1)", 'error'],
  ["{'a': 1}.nope()", 'error'],
]);

table('set methods', [
  ['[1, 2].toSet().union([3].toSet())', 'set(1, 2, 3)'],
  ['[1, 2].toSet().intersection([2, 3].toSet())', 'set(2)'],
  ['[1, 2].toSet().difference([2].toSet())', 'set(1)'],
  ['[1, 2].toSet().hasAll([1])', 'true'],
  ['[1, 2].toSet().hasAny([3])', 'false'],
  ['[1, 2].toSet().hasOnly([1, 2, 3])', 'true'],
  ['[1, 2].toSet() == [2, 1].toSet()', 'true'],
  ['[1, 2].toSet() == [1].toSet()', 'false'],
  ['[1, 2].toSet().size()', '2'],
]);

table('timestamp and duration', [
  ['t.year()', '2024'],
  ['t.month()', '3'],
  ['t.day()', '15'],
  ['t.hours()', '10'],
  ['t.minutes()', '20'],
  ['t.seconds()', '30'],
  ['t.nanos()', '123456789'],
  ['t.dayOfWeek()', '5'],
  ['t.dayOfYear()', '75'],
  ['t.toMillis()', String(T_SECONDS * 1000 + 123)],
  ['t.date() == timestamp.date(2024, 3, 15)', 'true'],
  ['t.time() == duration.time(10, 20, 30, 123456789)', 'true'],
  ["t + duration.value(1, 'd') > t", 'true'],
  ["(t + duration.value(1, 'h')).hours()", '11'],
  ["(t - duration.value(30, 's')).seconds()", '0'],
  ["(t + duration.value(2, 'd')) - t == duration.value(48, 'h')", 'true'],
  ["duration.value(1, 'w') == duration.value(7, 'd')", 'true'],
  ["duration.value(90, 'm').seconds()", '5400'],
  ["duration.value(1500, 'ms').nanos()", '500000000'],
  ["duration.value(1, 'x')", 'error'],
  ["duration.abs(duration.value(-5, 's')) == duration.value(5, 's')", 'true'],
  ["duration.value(1, 's') + duration.value(1, 's') == duration.value(2000, 'ms')", 'true'],
  ["duration.value(1, 's') < duration.value(2, 's')", 'true'],
  ['timestamp.value(86400000).day()', '2'],
  ['timestamp.value(0) == timestamp.date(1970, 1, 1)', 'true'],
  ['timestamp.date(2023, 2, 29)', 'error'],
  ["t.year('America/New_York')", 'error'],
  ["t < t + duration.value(1, 'ns')", 'true'],
  ['t + 1', 'error'],
  ['t - t', 'dur(0.0)'],
]);

table('math', [
  ['math.abs(-3)', '3'],
  ['math.abs(-2.5)', '2.5'],
  ['math.ceil(2.1)', '3'],
  ['math.floor(-2.1)', '-3'],
  ['math.round(2.5)', '3'],
  ['math.round(-2.5)', '-3'],
  ['math.round(2.4)', '2'],
  ['math.sqrt(16)', '4.0'],
  ['math.pow(2, 10)', '1024.0'],
  ['math.isNaN(0.0 / 0.0)', 'true'],
  ['math.isNaN(1.0)', 'false'],
  ['math.isInfinite(1.0 / 0.0)', 'true'],
  ["math.abs('x')", 'error'],
  ['math.nope(1)', 'error'],
]);

table('hashing and bytes', [
  [
    "hashing.sha256('abc').toHexString()",
    '"BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"',
  ],
  ["hashing.md5('abc').toBase64()", '"kAFQmDzST7DWlj99KOF/cg=="'],
  ["hashing.crc32('abc').toHexString()", '"352441C2"'],
  ["hashing.crc32c('abc').toHexString()", '"364B3FB7"'],
  ["hashing.sha256('abc'.toUtf8()) == hashing.sha256('abc')", 'true'],
  ["'ab'.toUtf8().toBase64()", '"YWI="'],
  ["'ab'.toUtf8() == 'ab'.toUtf8()", 'true'],
  ["'ab'.toUtf8().size()", '2'],
]);

table('latlng', [
  ['latlng.value(10, 20).latitude()', '10.0'],
  ['latlng.value(10, 20).longitude()', '20.0'],
  ['latlng.value(0, 0).distance(latlng.value(0, 1)) > 111000', 'true'],
  ['latlng.value(0, 0).distance(latlng.value(0, 1)) < 111400', 'true'],
  ['latlng.value(91, 0)', 'error'],
  ['latlng.value(1, 2) == latlng.value(1, 2)', 'true'],
]);

table('paths', [
  ["/databases/db/documents/users/u1 == path('/databases/db/documents/users/u1')", 'true'],
  ['/a/b/c[1]', '"b"'],
  ['/users/$(uid)/posts', 'path(/users/u1/posts)'],
  ['/users/$(uid) == /users/u1', 'true'],
  ["/users/$('pre' + uid)", 'path(/users/preu1)'],
  ['/users/x$(uid)', 'path(/users/xu1)'],
  ['/a/$(/b/c)/d', 'path(/a/b/c/d)'],
  ['/a/b == /a/c', 'false'],
  ['/a/b/c[1:]', 'path(/b/c)'],
  ["path('/x/{id}').bind({'id': 'y'})", 'path(/x/y)'],
  ['/databases/(default)/documents/a', 'path(/databases/(default)/documents/a)'],
  ['/a/$([1])', 'error'],
  ['/a/b[5]', 'error'],
]);

describe('evaluation errors carry the source line', () => {
  it('missing property names the property and line', () => {
    const r = evaluateExpression("true &&\n  {'a': 1}.b");
    expect(r).toBeInstanceOf(RulesError);
    expect((r as RulesError).message).toBe('Property b is undefined on object. @ L2');
  });
  it('undefined variable is reported', () => {
    expect((evaluateExpression('zzz') as RulesError).message).toMatch(
      /Variable 'zzz' is not defined/,
    );
  });
});

table('more edge cases', [
  ['9223372036854775807', '9223372036854775807'],
  ['-9223372036854775807 - 1', '-9223372036854775808'],
  ['9223372036854775807 * -1', '-9223372036854775807'],
  ["'abc' == 'abc' && 'abc' != 'abd'", 'true'],
  ['[] == []', 'true'],
  ["{} == {'a': 1}", 'false'],
  ['[1, [2, 3]][1][0]', '2'],
  ["{'a': [1, {'b': 'c'}]}.a[1].b", '"c"'],
  ['/a/b.c', 'path(/a/b.c)'],
  ['(/a/b).c', 'error'],
  ["string(int('12') + 1)", '"13"'],
  ["duration.value(1, 'us')", 'error'],
  ["timestamp.value(0) + duration.value(1, 's') == timestamp.value(1000)", 'true'],
  ['timestamp.value(0) < timestamp.value(1)', 'true'],
  ['1 in []', 'false'],
  ["'' in ['']", 'true'],
]);

describe('lexer limits', () => {
  it('integer literals beyond 64 bits are syntax errors', () => {
    expect((evaluateExpression('9223372036854775808') as RulesError).message).toBe(
      '1:1: integer literal 9223372036854775808 is out of the 64-bit range',
    );
  });
});

table('regular expressions (RE2 habits)', [
  ["'a-b'.matches('a\\\\-b')", 'true'],
  ["'ABC'.matches('(?i)abc')", 'true'],
  ["'abc'.matches('^abc$')", 'true'],
  ["'ab_9'.matches('[a-z0-9_\\\\-]+')", 'true'],
  ["'x@y.io'.matches('^[^@]+@[^@]+\\\\.[a-z]{2,}$')", 'true'],
  ["'éa'.matches('..')", 'true'],
]);
