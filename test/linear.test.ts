/**
 * Issue 13, items 1 to 5: paths that were quadratic (or worse) in the input's
 * length, each run on a hostile input of about 1 M characters. No time is
 * measured: `finishes` runs the work and then yields to the event loop, so
 * that jest's own timeout (5 s), which cannot interrupt synchronous work,
 * fails the test when the work outlasted it. The old code took minutes on
 * these inputs. Each test also checks the answer, and the rewritten
 * algorithms are checked against the old ones on generated inputs.
 */
import fc from 'fast-check';
import { codePointOffset, compareGrammars, explainNormalize, extract, iriToUri, isValid, lint, mergeRelativePath2396, normalize, parseUtf8, percentDecode, removeDotSegments, resolve, tryParse, uriToIri } from '../src';
import { CodeUnitBuilder } from '../src/encoding/code-units';
import { extractDocument } from '../src/documents';

const M = 1_000_000;

/**
 * A guard against the quadratic behaviour coming back, not a timing: the file
 * allows each test two minutes (a linear run takes well under a second on a
 * busy machine), and the quadratic code these tests were written against took
 * from minutes to hours on the same inputs (issue 13: 96 s for item 4 at 1 MB,
 * 264 s for item 3, 7.7 s for item 1 at 80 k characters, and it grew with the
 * square). `npm run fuzz` measures the cost per character.
 */
jest.setTimeout(120_000);

/** Runs `work`, then lets jest's timeout fire if `work` outlasted it. */
async function finishes<T>(work: () => T): Promise<T> {
  const result = work();
  await new Promise((done) => setTimeout(done, 0));
  return result;
}

describe('extract: closers after a URL (item 1)', () => {
  it('drops a million unbalanced ")" after a URL', async () => {
    const found = await finishes(() => extract(`http://a/${')'.repeat(M)}`));
    expect(found.map((f) => f.uri)).toEqual(['http://a/']);
  });

  it('drops "." and ")" alternating, and keeps the one ")" that is opened', async () => {
    const found = await finishes(() => extract(`http://a/(x${').'.repeat(M / 2)}`));
    expect(found.map((f) => f.uri)).toEqual(['http://a/(x)']);
  });

  it('trims as the model does: a ")" that closes nothing ends it; then closers it does not open, sentence punctuation, in any mix', () => {
    // The old trimming, which recounted the candidate for every closer, after the cut at the first ")" that closes nothing.
    const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{', '>': '<' };
    const oldTrim = (whole: string): string => {
      let candidate = whole;
      for (let i = 1; i <= whole.length; i++) {
        const prefix = whole.slice(0, i);
        if (prefix.split(')').length > prefix.split('(').length) {
          candidate = whole.slice(0, i - 1);
          break;
        }
      }
      let end = candidate.length;
      for (;;) {
        const last = candidate[end - 1];
        if (last === undefined) break;
        if ('.,;:!?\'"*'.includes(last)) {
          end--;
          continue;
        }
        const opener = CLOSERS[last];
        if (opener !== undefined) {
          let opened = 0;
          let closed = 0;
          for (let i = 0; i < end; i++) {
            if (candidate[i] === opener) opened++;
            else if (candidate[i] === last) closed++;
          }
          if (closed > opened) {
            end--;
            continue;
          }
        }
        break;
      }
      return candidate.slice(0, end);
    };
    const tail = fc.array(fc.constantFrom('(', ')', '[', ']', '{', '}', '.', ',', 'x', '!', '*'), { maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(tail, (t) => {
        const found = extract(`see http://a/${t} now`);
        // "http://a/" alone never trims: the candidate always has its "/".
        expect(found.map((f) => f.uri)).toEqual([oldTrim(`http://a/${t}`)]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('extract: many delimited regions (item 2)', () => {
  it('finds each of 100,000 URIs in angle brackets, 40 characters apart (4 M characters)', async () => {
    // Each gap between two regions used to be searched to the end of the text for each kind of quote.
    const n = 100_000;
    const found = await finishes(() => extract(`<a:b>${' '.repeat(35)}`.repeat(n)));
    expect(found).toHaveLength(n);
    expect(found.every((f, i) => f.uri === 'a:b' && f.delimited === 'angle' && f.start === 40 * i)).toBe(true);
  });

  it('finds each of 83,333 URIs in double quotes, and the angle brackets between them', async () => {
    const n = Math.floor(M / 12);
    const found = await finishes(() => extract('"a:b" <c:d> '.repeat(n)));
    expect(found).toHaveLength(2 * n);
    expect(found[0]).toMatchObject({ uri: 'a:b', delimited: 'quote', start: 0, end: 5 });
    expect(found[1]).toMatchObject({ uri: 'c:d', delimited: 'angle', start: 6, end: 11 });
  });

  it('a quote left open in one gap does not pair with one in the next', () => {
    expect(extract('"x <a:b> y:z" "c:d"').map((f) => [f.uri, f.delimited])).toEqual([
      ['a:b', 'angle'],
      ['c:d', 'quote'],
    ]);
  });
});

describe('lint: IPv6 zone identifiers (item 3)', () => {
  it('"[1%25" repeated to 1 M characters: a syntax error, and no zone identifier (no "]")', async () => {
    const diagnostics = await finishes(() => lint('[1%25'.repeat(M / 5)));
    expect(diagnostics.map((d) => d.code)).toEqual(['syntax']);
  });

  it('the same with a "]" at the end: the zone runs from the first "%25" to it', async () => {
    const input = `${'[1%25'.repeat(M / 5)}]`;
    const diagnostics = await finishes(() => lint(input));
    expect(diagnostics.find((d) => d.code === 'zone-identifier')).toMatchObject({ start: 2, end: input.length - 1 });
  });

  it('finds what the old regular expression found, on generated strings', () => {
    const text = fc.array(fc.constantFrom('[', ']', '1', 'f', ':', '.', '%25', '%', 'x', '/', 'http://'), { maxLength: 16 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (s) => {
        const zone = /\[[0-9A-Fa-f:.]+(%25[^\]]*)\]/.exec(s);
        const d = lint(s).find((x) => x.code === 'zone-identifier');
        if (zone === null || isValidReference(s)) {
          expect(d).toBeUndefined();
        } else {
          const start = zone.index + zone[0].length - 1 - zone[1].length;
          expect(d).toMatchObject({ start, end: start + zone[1].length });
        }
      }),
      { numRuns: 2000 },
    );
  });
});

/** lint reports a zone identifier only for input that does not parse. */
function isValidReference(s: string): boolean {
  // Not "no syntax finding": since issue 37 a form browsers accept is an unencoded-character finding instead.
  return isValid(s);
}

/** RFC 2396 5.2 step 6 as the code had it: step e) restarted from the first segment after each removal. */
function naiveMerge2396(basePath: string, referencePath: string): string {
  const buffer = basePath.slice(0, basePath.lastIndexOf('/') + 1) + referencePath;
  const segments = buffer.split('/');
  const first = buffer.startsWith('/') ? 1 : 0;
  for (let i = segments.length - 2; i >= first; i--) if (segments[i] === '.') segments.splice(i, 1);
  if (segments.length - 1 >= first && segments[segments.length - 1] === '.') segments[segments.length - 1] = '';
  for (let i = first; i + 2 < segments.length; ) {
    if (segments[i] !== '..' && segments[i + 1] === '..') {
      segments.splice(i, 2);
      i = first;
    } else {
      i++;
    }
  }
  const n = segments.length;
  if (n - 2 >= first && segments[n - 1] === '..' && segments[n - 2] !== '..') segments.splice(n - 2, 2, '');
  return segments.join('/');
}

describe('RFC 2396 resolution: step 6e (item 4)', () => {
  it('resolves 250,000 "a/" then 250,000 "../" (1.25 M characters)', async () => {
    const target = await finishes(() => resolve('http://a/b', 'a/'.repeat(M / 4) + '../'.repeat(M / 4), { algorithm: 'rfc2396' }));
    expect(target).toBe('http://a/');
  });

  it('merges "./" repeated 500,000 times', async () => {
    expect(await finishes(() => mergeRelativePath2396('/b/c', `${'./'.repeat(M / 2)}g`))).toBe('/b/g');
  });

  it('gives what the step-by-step algorithm gives, on generated paths', () => {
    const path = fc
      .array(fc.constantFrom('a', 'b', '.', '..', '', '...', '.a'), { maxLength: 10 })
      .chain((segments) => fc.boolean().map((absolute) => (absolute ? '/' : '') + segments.join('/')));
    fc.assert(
      fc.property(path, path, (base, reference) => {
        expect(mergeRelativePath2396(base, reference)).toBe(naiveMerge2396(base, reference));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('codePointOffset: offsets outside the text (item 5)', () => {
  it('rejects an offset that is not an integer from 0 to the length, with a RangeError', () => {
    for (const offset of [Infinity, 1e9, 2, -1, 0.5, NaN]) {
      expect(() => codePointOffset('a', offset)).toThrow(RangeError);
    }
    expect(() => codePointOffset('a', 1e9)).toThrow('offset 1000000000 is not an offset into a text of 1 UTF-16 code units');
  });

  it('counts code points up to any offset in the text', () => {
    expect(codePointOffset('a\u{1F600}b', 0)).toBe(0);
    expect(codePointOffset('a\u{1F600}b', 3)).toBe(2);
    expect(codePointOffset('a\u{1F600}b', 4)).toBe(3);
  });

  it('counts as the string iterator does, at every offset, lone surrogates and long ASCII runs included', () => {
    // Units that make pairs, lone high and low surrogates, and runs long enough that the first low surrogate is
    // found after many code units (the function skips to it).
    const unit = fc.constantFrom('a', 'abcdefghijklmnopqrstuvwxyz', '\ud83d', '\ude00', '\u{1F600}', '\u00e9', '\udbff\udfff');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = units.join('');
        for (let offset = 0; offset <= text.length; offset++) {
          expect(codePointOffset(text, offset)).toBe([...text.slice(0, offset)].length);
        }
      }),
      { seed: 13, numRuns: 500 },
    );
  });
});

describe('text rewritten piece by piece: one code-unit builder (src/encoding/code-units.ts)', () => {
  it('writes code units past its first capacity and across the chunks it reads out, lone surrogates as they are', () => {
    const b = new CodeUnitBuilder(1);
    const text = 'a\ud800b\u{1F600}'.repeat(5000); // 25,000 code units: four chunks of 8192
    b.pushString(text);
    b.pushCodePoint(0x1f600);
    b.push(0xdc00);
    expect(b.toString()).toBe(`${text}\u{1F600}\udc00`);
    b.truncate(3);
    expect(b.toString()).toBe('a\ud800b');
  });

  it('writes the UTF-8 triplets of a code point as encodeURIComponent does', () => {
    for (const ch of ['\u00e9', '\u0800', '\uffff', '\u{10000}', '\u{10FFFF}']) {
      const b = new CodeUnitBuilder();
      b.pushUtf8Triplets(ch.codePointAt(0) as number);
      expect(b.toString()).toBe(encodeURIComponent(ch));
    }
  });

  it('decodes, converts and removes a million characters of pieces with the same answers', async () => {
    const n = M / 6;
    expect(await finishes(() => percentDecode('%C3%A9'.repeat(n)))).toBe('\u00e9'.repeat(n));
    expect(await finishes(() => uriToIri(`http://h/${'%C3%A9'.repeat(n)}`))).toBe(`http://h/${'\u00e9'.repeat(n)}`);
    expect(await finishes(() => iriToUri(`http://h/${'\u00e9'.repeat(n)}`))).toBe(`http://h/${'%C3%A9'.repeat(n)}`);
    expect(await finishes(() => normalize(`http://h/${'%41%7e'.repeat(n)}`))).toBe(`http://h/${'A~'.repeat(n)}`);
    expect(await finishes(() => removeDotSegments(`/x${'/a/..'.repeat(n)}`))).toBe('/x/');
    expect(await finishes(() => mergeRelativePath2396('/', '/'.repeat(M)))).toBe('/'.repeat(M + 1));
    expect((await finishes(() => parseUtf8(new TextEncoder().encode(`http://h/${'\u65e5'.repeat(n)}`)))).path).toBe(`/${'\u65e5'.repeat(n)}`);
  });
});

describe('explainNormalize in input coordinates (issue 12 item 4)', () => {
  it('maps 300 k edits of a million characters through the steps before them, merging sorted lists', async () => {
    // Two triplets decoded and one upper-cased per 10 characters, then one dot-segment edit over the whole path.
    const n = M / 10;
    const input = `HTTP://H/${'%7e%41%2f/'.repeat(n)}..`;
    const { result, steps } = await finishes(() => explainNormalize(input));
    expect(result).toBe(`http://h/${'~A%2F/'.repeat(n - 1)}`);
    expect(steps.length).toBe(3 * n + 3);
    const decoded = steps.filter((s) => s.step === 'decode-unreserved');
    expect(decoded.length).toBe(2 * n);
    expect(decoded.every((s, k) => s.inputStart === 9 + 10 * (k >> 1) + 3 * (k & 1) && s.inputEnd === s.inputStart + 3)).toBe(true);
    // Upper-cased after the decoding: each at its place in the input, not in the shorter text.
    const upper = steps.filter((s) => s.step === 'uppercase-percent-encoding');
    expect(upper.every((s, k) => s.inputStart === 15 + 10 * k && s.inputEnd === s.inputStart + 3 && s.start === 11 + 6 * k)).toBe(true);
    const path = steps.find((s) => s.step === 'remove-dot-segments');
    expect([path?.inputStart, path?.inputEnd]).toEqual([8, input.length]);
  });

  it('lint on the same input reports the one path change, with normalize()\'s result as its fix', async () => {
    const n = M / 10;
    const input = `http://h/${'%7e%41%2f/'.repeat(n)}..`;
    const found = await finishes(() => lint(input));
    const slashes = found.filter((d) => d.code === 'encoded-slash');
    expect(slashes.length).toBe(n);
    expect(found.filter((d) => d.code !== 'encoded-slash').map((d) => [d.code, d.start, d.end, d.fix?.replacement === `/${'~A%2F/'.repeat(n - 1)}`])).toEqual([['dot-segments', 8, input.length, true]]);
  });
});

describe('the error path: one run of the diagnostic back end (src/core/diagnose.ts)', () => {
  it('explains a rejection at the end of a million characters', async () => {
    const input = `http://h/${'a/'.repeat(M / 2)} `;
    const r = await finishes(() => tryParse(input));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.offset).toBe(input.length - 1);
    expect(r.error.found).toBe(' ');
    // The last segment begins at the space itself (it is empty), so the path ends in the rule around it.
    expect(r.error.rulePath).toEqual(['URI-reference', 'URI', 'hier-part', 'path-abempty']);
  });

  it('compareGrammars explains a rejection when its error is read, as parse does, once', () => {
    const input = 'http://h/a b';
    const c = compareGrammars(input);
    for (const v of c.verdicts) {
      expect(v.valid).toBe(false);
      expect(Object.keys(v)).toContain('error');
      const direct = tryParse(input, { grammar: v.grammar });
      expect(direct.ok).toBe(false);
      if (!direct.ok) expect(v.error?.toJSON()).toEqual(direct.error.toJSON());
      expect(v.error).toBe(v.error); // kept, not worked out again
    }
    expect(JSON.parse(JSON.stringify(c.verdicts[2])).error.offset).toBe(10);
  });
});

describe('Markdown prose: what is looked at around each URI stays near it', () => {
  // A line of 4 M characters: a path that read back to the line's start for each URI (the reference-definition
  // check of 2026-12-05, found by the CI fuzz at 10 s per MB) takes minutes here, past the file's timeout.
  const N = 4 * M;

  it('a line of many URLs between spaces', async () => {
    const line = 'http://a/b '.repeat(N / 11);
    const found = await finishes(() => extractDocument(line, { kind: 'markdown' }));
    expect(found.length).toBe(Math.floor(N / 11));
    expect(found.every((u) => u.uri === 'http://a/b' && u.cut !== true)).toBe(true);
  });

  it('a line of many would-be reference definitions', async () => {
    const line = '[a]: http://a/b '.repeat(N / 16);
    const found = await finishes(() => extractDocument(line, { kind: 'markdown' }));
    expect(found.length).toBeGreaterThan(0);
    // Only the first is at the start of the line, where a definition's label can be.
    expect(found.filter((u) => u.cut === true).length).toBeLessThanOrEqual(1);
  });

  it('a URI that ends in a long run of an emphasis character (counted back once, not tried at every start)', async () => {
    const uri = `http://a/${'*'.repeat(N)}x`;
    const found = await finishes(() => extractDocument(`see ${uri} end`, { kind: 'markdown' }));
    expect(found.map((u) => u.uri)).toEqual([uri]);
  });
});

/**
 * Expressions whose group V8's backtracking engine repeats once per item keep a frame per repetition on its
 * own stack, and threw RangeError (Maximum call stack size exceeded) on long runs: normalize's one-look
 * expressions on a path of 4 M "/" (`npm run fuzz`, family "run of /") and on a mailto URI of 4 M addresses,
 * lint's userinfo-looks-like-host test on a userinfo of 8 M labels. Each now gives its answer.
 */
describe('long runs of what an expression repeats: no stack overflow', () => {
  // The mailto URI of 4 M addresses (16 M characters, what it took to overflow) is in test/linear.long.ts: normalize's
  // steps on it peak at 1.7 GB, past what a jest worker of npm test may hold (issue 47 item 5).
  it('normalize leaves a path of 4 M "/" and a URN of 4 M "/" as they are', async () => {
    const path = `http://h${'/'.repeat(4 * M)}`;
    expect(await finishes(() => normalize(path))).toBe(path);
    const urn = `urn:a:b${'/'.repeat(4 * M)}`;
    expect(await finishes(() => normalize(urn))).toBe(urn);
  });

  it('lint finds a userinfo of 8 M labels that looks like a host name', async () => {
    const findings = await finishes(() => lint(`http://a${'.a'.repeat(8 * M)}@h/`));
    expect(findings.map((f) => f.code)).toContain('userinfo-looks-like-host');
  });
});
