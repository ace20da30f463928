/**
 * Issue 44 item 6: three regular expressions of the document readers that were quadratic (printf
 * conversions in source strings, a Markdown link title after a destination, quoted text with spaces on
 * one line), each now linear. No time is measured: each rewrite is compared with the old expression
 * (kept here as the reference) on hostile and generated inputs, and each reader is run on a hostile
 * input so large that the old code took about a minute (22, 15 and 13 s at half the size, on a loaded
 * machine: red, seen before the fix), under jest's default timeout of 5 s:
 * `finishes` yields to the event loop after the work, so that the timeout fails the test when the work
 * outlasted it. `npm run fuzz` measures the cost per character on the same families.
 */
import fc from 'fast-check';
import { extractDocument } from '../src/documents';
import { printfConversions } from '../src/documents/source';
import { withoutTrailingTitle } from '../src/documents/markdown';
import { oneLineWithSpaces } from '../src/documents/prose';
import { isTripletAt } from '../src/encoding/triplets';
import { shortMessage, syntaxMessageParts } from '../src/short-message';
import { withoutTrailingSlashes } from '../src/cli/trailing-slashes';

/** 200,000: at 100,000 the old code took 12 to 22 s per test (loaded machine); its steps grow with the square, the new ones with N. */
const N = 200_000;

async function finishes<T>(work: () => T): Promise<T> {
  const result = work();
  await new Promise((done) => setTimeout(done, 0));
  return result;
}

const chars = (alphabet: string, maxLength = 40): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...alphabet), maxLength });

describe('printf conversions in a source string (PRINTF, src/documents/source.ts)', () => {
  // The old expression, as it was: "0" may be a flag or the width's first digit, tried every way.
  const OLD = /%(?:\([A-Za-z_]\w*\))?[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:ll|l|z)?[sdiufxXvqrp%](?![A-Za-z0-9])/g;
  const reference = (body: string): Array<[number, number]> => {
    const out: Array<[number, number]> = [];
    OLD.lastIndex = 0;
    for (let m = OLD.exec(body); m !== null; m = OLD.exec(body)) {
      if (isTripletAt(body, m.index)) OLD.lastIndex = m.index + 1;
      else out.push([m.index, m.index + m[0].length]);
    }
    return out;
  };

  it('finds what the old expression found, on hostile and generated strings', () => {
    const hostile = ['% 000000d', '%000', '%00012.05lld', '%-+ #0010.3f', '%(name)05s', '%0*.*d', '%%%%', '%2f%0', '% 0 0 0 0 0x', '%(a)%(b)s', '%0000zu', '%00d1'];
    for (const s of hostile) expect([...printfConversions(s)]).toEqual(reference(s));
    fc.assert(
      fc.property(chars('%-+ #0129*.lzsdxXqp%()ab_ "'), (s) => {
        expect([...printfConversions(s)]).toEqual(reference(s));
      }),
      { numRuns: 3000 },
    );
  });

  it(`reads a string of "% " and ${N} zeros (issue 44: 7.7 s at 50 KB), and the URI after it`, async () => {
    const text = `x = "% ${'0'.repeat(N)}";\ny = "see http://a.example/ and %05d";\n`;
    const found = await finishes(() => extractDocument(text, { kind: 'source', name: 'x.js' }));
    expect(found.map((u) => u.uri)).toEqual(['http://a.example/']);
  });
});

describe('a link title after a destination with whitespace (TRAILING_TITLE, src/documents/markdown.ts)', () => {
  const OLD = /\s+(?:"[^"]*"|'[^']*'|\([^()]*\))$/;

  it('removes what the old expression removed, on hostile and generated strings', () => {
    const hostile = ['', '"', '""', ' ""', 'a ""', 'a "t"', "a 't'", 'a (t)', 'a  \t\n"t"', 'a"t"', 'a "t" "u"', 'a (t(u))', 'a (t)u)', 'a ("t")', 'a \u00a0(t)', 'a \u2003\'t\'', ')', ' )', ' ()'];
    for (const s of hostile) expect(withoutTrailingTitle(s)).toBe(s.replace(OLD, ''));
    fc.assert(
      fc.property(chars(' \t\n\u00a0"\'()ax'), (s) => {
        expect(withoutTrailingTitle(s)).toBe(s.replace(OLD, ''));
      }),
      { numRuns: 5000 },
    );
  });

  it(`reads "[a](http://x", ${N} spaces and "y)" as one broken destination (issue 44: 3.7 s at 50,000 spaces)`, async () => {
    const text = `[a](http://x${' '.repeat(N)}y)\n`;
    const found = await finishes(() => extractDocument(text, { kind: 'markdown' }));
    expect(found.map((u) => [u.uri.length, u.start, u.end, u.valid])).toEqual([[`http://x${' '.repeat(N)}y`.length, 4, 4 + N + 9, false]]);
  });

  it(`the same with a title of ${N} spaces before it, which is not part of the destination`, async () => {
    const text = `[a](http://x y${' '.repeat(N)}"title")\n`;
    const found = await finishes(() => extractDocument(text, { kind: 'markdown' }));
    expect(found.map((u) => u.uri)).toEqual(['http://x y']);
  });
});

describe('quoted text with spaces on one line (ONE_LINE_SPACES, src/documents/prose.ts)', () => {
  const OLD = /^[^\n\r]*[ \t][^\n\r]*$/;

  it('says what the old expression said, on hostile and generated strings', () => {
    const hostile = ['', ' ', '\t', 'a', '\n', ' \n', '"a b"', '"a\tb"', '"a b\n"', '"a\r b"', 'a b\u2028c', '\u00a0', ` ${' '.repeat(100)}\n`];
    for (const s of hostile) expect(oneLineWithSpaces(s)).toBe(OLD.test(s));
    fc.assert(
      fc.property(chars(' \t\n\r\u00a0\u2028ab"'), (s) => {
        expect(oneLineWithSpaces(s)).toBe(OLD.test(s));
      }),
      { numRuns: 5000 },
    );
  });

  it(`reads a quote of a URI, ${N} spaces and a line break (issue 44: 2.6 s)`, async () => {
    const text = `see "http://a/ ${' '.repeat(N)}\nb" and "http://c/ d" here\n`;
    const found = await finishes(() => extractDocument(text, { kind: 'text' }));
    expect(found.map((u) => [u.uri, u.cut === true])).toEqual([
      ['http://a/b', false],
      ['http://c/', true],
    ]);
  });
});

/**
 * Issue 44 item 7: expressions that `npm run check:redos` (recheck) found polynomial on input a user controls,
 * rewritten the same way: compared with the old expression, and run on a hostile input of 200,000 characters.
 */
describe("a syntax error's message in parts (src/short-message.ts)", () => {
  const OLD = /^(?:[^:]+: )?(invalid \S+ at offset \d+): expected (.*) in (\S+), found (.*?)(; .*)?$/;
  const reference = (m: string): string[] | null => OLD.exec(m)?.slice(1, 5) ?? null;

  it('captures what the old expression captured, on real, hostile and generated messages', () => {
    const hostile = [
      'invalid URI at offset 3: expected "/", ALPHA or DIGIT in segment, found "%"',
      'not a URI Template: invalid URI Template at offset 0: expected "{" in expression, found "}"; see docs',
      'x: invalid y at offset 1: expected a in b, found c; d; e',
      'x:invalid y at offset 1: expected a in b, found c',
      'invalid y at offset 1: expected a in b in c, found d in e, found f',
      'invalid y at offset 1: expected  in b, found ',
      'invalid y at offset 1: expected a in b,c, found d',
      'invalid y at offset 1: expected a in ,, found d',
      'invalid y at offset 1: expected a in b, found c\nd',
      'a\nb: invalid y at offset 1: expected a in b, found c',
      'invalid y at offset : expected a in b, found c',
      'invalid  at offset 1: expected a in b, found c',
      'a: b: invalid y at offset 1: expected a in b, found c',
      'invalid y at offset 1: expected a in\u00a0b, found c',
      'invalid y at offset 1: expected a in b\u2028, found c',
      `invalid x at offset 0: expected ${' in t, found '.repeat(5)}${'; '.repeat(5)}\n: invalid , at offset 0: expect`,
    ];
    for (const m of hostile) expect(syntaxMessageParts(m)).toEqual(reference(m));
    // A prefix, a head (most of them right), and a tail of the pieces that the rest is made of.
    const prefix = fc.constantFrom('', 'a: ', 'a:', 'a b: ', 'a\nb: ', ': ', 'invalid x at offset 1: ');
    const head = fc.constantFrom('invalid x at offset 1: expected ', 'invalid x,y at offset 12: expected ', 'invalid  at offset 1: expected ', 'invalid x at offset : expected ', 'invalid x at offset 1: expected', '');
    const token = fc.constantFrom('invalid ', 'x', ' at offset ', '1', ': expected ', ' in ', ', found ', '; ', ': ', ',', ' ', ':', '\n', 'a', '\u00a0', 'in', 'found', ' in t, found ', ' in t,u, found ', ' in b, found c');
    let matched = 0;
    fc.assert(
      fc.property(prefix, head, fc.array(token, { maxLength: 12 }), (p, h, parts) => {
        const m = p + h + parts.join('');
        if (OLD.test(m)) matched++;
        expect(syntaxMessageParts(m)).toEqual(reference(m));
      }),
      { numRuns: 20_000 },
    );
    // Enough of them are syntax errors' messages for the comparison to mean something.
    expect(matched).toBeGreaterThan(1000);
  });

  it('shortens a message of recheck\'s attack with 2,000 repetitions (third degree: the old expression took 7 s at 1,000)', async () => {
    const m = `invalid x at offset 0: expected ${' in t, found '.repeat(2000)}${'; '.repeat(2000)}\n: invalid , at offset 0: expect`;
    expect(await finishes(() => syntaxMessageParts(m))).toBeNull();
    const short = await finishes(() => shortMessage(m, 100));
    // Not a syntax error's message (a line break before its end): cut at a word, as any message.
    expect(short).toBe(`invalid x at offset 0: expected ${' in t, found '.repeat(4)} in t, found…`);
  });
});

describe('a path named on the command line without its trailing "/" (src/cli/trailing-slashes.ts)', () => {
  const OLD = /\/+$/;

  it('gives what the old expression gave, on hostile and generated paths', () => {
    for (const p of ['', '/', '//', 'a', 'a/', 'a//', '/a', '/a/b//', 'a/\u0000/', 'a/ ']) expect(withoutTrailingSlashes(p)).toBe(p.replace(OLD, ''));
    fc.assert(
      fc.property(chars('/a.\u0000 '), (p) => {
        expect(withoutTrailingSlashes(p)).toBe(p.replace(OLD, ''));
      }),
      { numRuns: 5000 },
    );
  });

  it(`reads ${N} "/" and then a character (recheck's attack, second degree: the old expression took 1.3 s at 20,000)`, async () => {
    const p = `${'/'.repeat(N)}x`;
    expect(await finishes(() => withoutTrailingSlashes(p))).toBe(p);
    expect(await finishes(() => withoutTrailingSlashes(`${p}${'/'.repeat(N)}`))).toBe(p);
  });
});
