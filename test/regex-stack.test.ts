/**
 * Regular expressions whose group repeats once per character or per item keep a backtracking frame per
 * repetition in V8 and throw RangeError (maximum call stack size exceeded) on long input. Each of those
 * is replaced by a scanner; here each scanner is compared with the expression it replaces (kept as the
 * oracle: fine on short strings) on random short inputs, and run on 16 M characters of the shape that
 * made the expression throw.
 */
import fc from 'fast-check';
import { replaceQuoted, shortMessage } from '../src/short-message';

const M16 = 16 * 1024 * 1024;
const RUNS = { numRuns: 3000 };
/** Random strings joined from `pieces`. */
const over = (pieces: readonly string[], maxLength = 24) => fc.array(fc.constantFrom(...pieces), { maxLength }).map((a) => a.join(''));

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
