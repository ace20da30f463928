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
import { directiveMatches, directives } from '../src/documents/directives';

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

describe('inline directives (urigram-disable ...)', () => {
  const OLD = /(?:^|(?<=[\s;)}>,]))(?:<!--|\/\/|\/\*|#|\{\/\*)[ \t]*urigram-(disable-next-line|disable-line|disable|enable)\b((?:[ \t,]+[a-z][a-z0-9]*(?:-[a-z0-9]+)*)*)[ \t]*(?=-->|\*\/|[ \t]*--[ \t]|\r|$)/gm;
  const oldMatches = (text: string) => [...text.matchAll(OLD)].map((m) => ({ index: m.index, end: m.index + m[0].length, kind: m[1], codes: m[2] }));

  it('finds what the old expression finds (start, end, kind, codes) in random texts', () => {
    // Directive-like pieces (a marker, a keyword, codes and separators, an ending of any kind) among noise.
    const directiveLike = fc
      .tuple(
        fc.constantFrom('', '\n', ' ', ';', 'x', '"', '/'),
        fc.constantFrom('//', '/*', '<!--', '#', '{/*', '<!-', '/'),
        fc.constantFrom('', ' ', '\t '),
        fc.constantFrom('urigram-disable', 'urigram-disable-line', 'urigram-disable-next-line', 'urigram-enable', 'urigram-disable-lines', 'urigram-enabled', 'urigram-'),
        fc.array(fc.constantFrom(' ', '\t', ',', 'a', 'b1', '-', '0', 'z-', '-x', 'A', '--'), { maxLength: 10, size: 'max' }).map((a) => a.join('')),
        fc.constantFrom('', '-->', '*/', ' -- r', '--', '-- ', '--\t', '\n', '\r', '\u2028', '\u2029', '!', ' x', '"', '->', ' */'),
      )
      .map((a) => a.join(''));
    const noise = fc.constantFrom('//', '/*', '*/', '<!--', '-->', '#', '{/*', '}', ';', ')', '>', 'x', '"', ' ', '\t', ',', '-', 'a', '\n', '\r', '\u2028', 'urigram-', 'urigram-disable');
    const text = fc.array(fc.oneof(directiveLike, noise), { maxLength: 8 }).map((a) => a.join(''));
    fc.assert(fc.property(text, (s) => expect(directiveMatches(s)).toEqual(oldMatches(s))), RUNS);
  });

  it('agrees with the old expression on directives as written', () => {
    const texts = [
      '// urigram-disable-next-line missing-scheme, bad-host -- a reason\nx',
      '<!-- urigram-disable a-b-->',
      '<!-- urigram-disable a-b -->',
      '/* urigram-enable a,b */ /*urigram-disable*/',
      '# urigram-disable-line a b!\n# urigram-disable-lines\n#urigram-disable-line-->',
      'x // urigram-disable a-- b\r{/* urigram-disable c-1-2 */}',
      'http://a/#urigram-disable a\n;#urigram-enable\u2028',
    ];
    for (const s of texts) expect(directiveMatches(s)).toEqual(oldMatches(s));
    expect(directiveMatches(texts[0])).toEqual([{ index: 0, end: 54, kind: 'disable-next-line', codes: ' missing-scheme, bad-host' }]);
  });

  it('reads a directive of 8 M codes, and a code of 8 M hyphen parts, without overflowing the stack', () => {
    const many = directives(`// urigram-disable${' a'.repeat(M16 / 2)} -- reason\nx`);
    expect(many).toHaveLength(1);
    expect(many[0].codes).toHaveLength(M16 / 2);
    const hyphens = directives(`<!-- urigram-enable a${'-b'.repeat(M16 / 2)}-->`);
    expect(hyphens).toEqual([{ kind: 'enable', line: 1, codes: [`a${'-b'.repeat(M16 / 2)}`] }]);
  });
});
