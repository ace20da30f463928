/**
 * Regular expressions whose group repeats once per character or per item keep a backtracking frame per
 * repetition in V8 and throw RangeError (maximum call stack size exceeded) on long input. Each of those
 * is replaced by a scanner; here each scanner is compared with the expression it replaces (kept as the
 * oracle: fine on short strings) on random short inputs, and run on 16 M characters of the shape that
 * made the expression throw.
 */
import fc from 'fast-check';
import { replaceQuoted, shortMessage } from '../src/short-message';
import { templateHoles, uriTemplateExpressionEnd } from '../src/documents/templates';

const M16 = 16 * 1024 * 1024;
const RUNS = { numRuns: 3000 };
/** Random strings joined from `pieces`. */
const over = (pieces: readonly string[], maxLength = 24) => fc.array(fc.constantFrom(...pieces), { maxLength, size: 'max' }).map((a) => a.join(''));

describe('quoted values in a message (the ESLint plugin\'s short message)', () => {
  const OLD = /"((?:[^"\\]|\\.)*)"/g;
  const mark = (whole: string, inner: string) => `<${whole.length}:${inner}>`;

  it('replaces exactly what /"((?:[^"\\\\]|\\\\.)*)"/g matches, on random strings', () => {
    const text = over(['"', '\\', 'a', 'b', '\n', '\r', '\u2028', '\u2029', '…', '\ud83d', '\ude00']);
    fc.assert(fc.property(text, (s) => replaceQuoted(s, mark) === s.replace(OLD, mark)), RUNS);
  });

  it('agrees with the expression on unterminated quotes and escapes before a line terminator or the end', () => {
    for (const s of ['"a', '"a\\"b', '"\\"\\"\\"', 'x"a\\\nb"c"', '"a\\', '"\\\u2028"x"', 'a"b"c"d', '"\\\\"', '""""', '"a\\"b"c"'])
      expect(replaceQuoted(s, mark)).toBe(s.replace(OLD, mark));
  });

  it('cuts a quoted value of 16 M characters without overflowing the stack', () => {
    const message = `userinfo "${'a'.repeat(M16)}" is too long`;
    expect(shortMessage(message, 200)).toBe(`userinfo "${'a'.repeat(39)}…" is too long`);
    const escaped = `"${'\\"'.repeat(M16 / 2)}" and "b"`;
    expect(shortMessage(escaped, 200)).toBe(`"${'\\"'.repeat(19)}\\…" and "b"`);
  });
});

describe('URI Template expressions in a document (templateHoles)', () => {
  const OLD = /\{[+#./;?&=,!@|]?[A-Za-z0-9_%.]+(?::[1-9][0-9]{0,3}|\*)?(?:,[A-Za-z0-9_%.]+(?::[1-9][0-9]{0,3}|\*)?)*\}/y;
  const oldEnd = (text: string, at: number): number => {
    OLD.lastIndex = at;
    return OLD.test(text) ? OLD.lastIndex : -1;
  };

  it('ends where the old expression ends (or nowhere), at every position of random strings', () => {
    const text = over(['{', '}', '.', '+', '#', '/', ';', '?', '&', '=', ',', '!', '@', '|', 'a', 'Z', '_', '%', '0', '1', '9', ':', '*', ' ', '{.', '{a}', ':12', ':1234']);
    fc.assert(
      fc.property(text, (s) => {
        for (let at = 0; at <= s.length; at++) if (uriTemplateExpressionEnd(s, at) !== oldEnd(s, at)) return false;
        return true;
      }),
      RUNS,
    );
  });

  it('takes "." as the operator first and as a name\'s character when that fails', () => {
    for (const s of ['{.}', '{..}', '{.a}', '{.a,.}', '{+.}', '{a:0}', '{a:12345}', '{a:1234}', '{a*,b:9}', '{,a}', '{,}', '{a,}'])
      expect([s, uriTemplateExpressionEnd(s, 0)]).toEqual([s, oldEnd(s, 0)]);
  });

  it('finds an expression of 8 M variables without overflowing the stack', () => {
    const holes = templateHoles(`x{${'a,'.repeat(M16 / 2)}b}y`, ['uri-template']);
    expect(holes).toEqual([[1, M16 + 4]]); // "{", the variables, "b}"
  });
});
