/**
 * The lint rule whatwg-host-differs skips the WHATWG comparison for a string that cannot have a security
 * difference (noHostDifference: a relative reference without an authority that nothing the URL parser removes
 * or reads as a slash can turn into one) when whatwg-differs is off.
 * Each string the shortcut takes must be one the comparison finds no whatwg-host-differs in: checked here on the
 * hostile families (whole and cut into the fuzz's short lines), the corpora, the web-platform-tests URL data, the
 * host-differential payloads and generated strings of the characters that move a URL's parts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { compareWithWhatwg, lint, tryParse } from '../src';
import { comparisonJson } from '../src/cli/whatwg-command';
import { syntaxErrorJson } from '../src/cli/output';
import { noHostDifference, whatwgDiagnostics } from '../src/lint/rules/whatwg';
import type { LintCode } from '../src/lint/registry';
import { HOSTILE_FAMILIES } from './support/hostile';
import { inInput, userViewError } from '../src/lint/user-view';
import { whatwgReading } from '../src/whatwg/runtime';

/** The codes the comparison reports for `uri`, as lint's rule runs it (RFC 3986's URI-reference). */
function comparisonCodes(uri: string): LintCode[] {
  const codes: LintCode[] = [];
  whatwgDiagnostics(uri, 'URI-reference', tryParse(uri), (code) => {
    codes.push(code);
  });
  return codes;
}

/** The strings of `inputs` the shortcut takes that the comparison has a whatwg-host-differs for (none, if it is right). */
function wronglyTaken(inputs: Iterable<string>): { taken: number; wrong: string[] } {
  let taken = 0;
  const wrong: string[] = [];
  for (const uri of inputs) {
    if (!noHostDifference(uri)) continue;
    taken++;
    if (comparisonCodes(uri).includes('whatwg-host-differs')) wrong.push(uri);
  }
  return { taken, wrong };
}

/** The hostile families' strings, whole and cut as scripts/fuzz.ts cuts them into short lines. */
function hostileInputs(): string[] {
  const out: string[] = [];
  let k = 0;
  for (const f of HOSTILE_FAMILIES) {
    const s = f.make(1000);
    out.push(s);
    const flat = s.replace(/[\r\n]/g, ' ');
    for (let i = 0; i < flat.length; ) {
      const length = 8 + ((k++ * 37) % 73);
      out.push(flat.slice(i, i + length));
      i += length;
    }
  }
  return out;
}

const lines = (file: string): string[] => fs.readFileSync(path.join(__dirname, file), 'utf8').split('\n').filter((l) => l !== '');

describe('lint: the comparison is skipped only where it can find no whatwg-host-differs', () => {
  it('holds on the hostile families, whole and cut into short lines', () => {
    const { taken, wrong } = wronglyTaken(hostileInputs());
    expect(wrong).toEqual([]);
    expect(taken).toBeGreaterThan(100);
  });

  it('holds on the corpora and the host-differential payloads', () => {
    const inputs = [...lines('corpus/web-urls.txt'), ...lines('corpus/file-urls.txt'), ...lines('fixtures/host-differential/lint-payloads.txt')];
    // Their relative forms too: the path, query and fragment of each, and each with its "scheme:" or "//" cut off.
    const derived = inputs.flatMap((u) => [u.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, ''), u.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, ''), u.replace(/^[^/]*\/\/[^/?#]*/, '')]);
    const { taken, wrong } = wronglyTaken([...inputs, ...derived]);
    expect(wrong).toEqual([]);
    expect(taken).toBeGreaterThan(1000);
  });

  it('holds on the web-platform-tests URL data (test/wpt/urltestdata.json)', () => {
    const data = JSON.parse(fs.readFileSync(path.join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | { input: string }>;
    const inputs = data.flatMap((t) => (typeof t === 'string' ? [] : [t.input]));
    const { taken, wrong } = wronglyTaken(inputs);
    expect(wrong).toEqual([]);
    expect(taken).toBeGreaterThan(50);
  });

  it('holds on generated strings of the characters that move the parts of a URL', () => {
    const piece = fc.constantFrom('/', '//', '\\', ':', '@', '?', '#', '[', ']', '%', '%2e', '%2F', '.', '..', 'a', 'A', '1', 'x:', 'http:', 'file:', '[::1]', ' ', '\t', '\u00e9', '0x7f', ';', '=', "'", '|', '^', '\r', '\n', '\u0000', '\u0001', '\u001f', '\u3002', '\uff0f', '\uff3c', '\ud800', 'xn--', '\u00e9.example');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const uri = pieces.join('');
        return !noHostDifference(uri) || !comparisonCodes(uri).includes('whatwg-host-differs');
      }),
      { numRuns: 20000 },
    );
  });

  it('refuses what the comparison can find a host difference in', () => {
    // A leading space is trimmed: refused by the fast path, though the comparison then finds the request stays on the
    // page's host (a whatwg-differs, test/whatwg.test.ts).
    expect(noHostDifference(' abc')).toBe(false);
    // "//" first is an authority (here one the URL parser reads as 127.0.0.1), "\" a slash to the URL parser, "x:" a scheme, a leading space is trimmed.
    for (const uri of ['//0x7f.1/', '/\t/evil.example/', '\u0001//evil.example', '//evil.example\\@good/', '/\\evil.example/', '\\\\evil.example', 'https:evil.example', ' //evil.example', '\t//evil.example']) {
      expect(noHostDifference(uri)).toBe(false);
      expect(comparisonCodes(uri)).toContain('whatwg-host-differs');
    }
  });

  it('gives lint the findings of the full comparison, with whatwg-differs off and on', () => {
    // With whatwg-differs on, the comparison runs: its findings but whatwg-differs are what lint gives without it.
    const differing: string[] = [];
    for (const uri of ['a:b', ':::', '/a/./%2e%2e/b?c#d', '..', "?q='x'", '#f', 'a@b:1/c', '%zz', '[::1]', ...hostileInputs().filter((u) => u.length < 200)]) {
      const full = lint(uri, { rules: { 'whatwg-differs': 'warning' } }).filter((d) => d.code !== 'whatwg-differs');
      if (JSON.stringify(full) !== JSON.stringify(lint(uri))) differing.push(uri);
    }
    expect(differing).toEqual([]);
  });
});

describe('lint: with whatwg-differs off, only the security components are compared', () => {
  /** Each whatwg-host-differs finding whatwgDiagnostics makes, and each host it says is only encoded. */
  function hostFindings(uri: string, securityOnly: boolean): string[] {
    const out: string[] = [];
    whatwgDiagnostics(
      uri,
      'URI-reference',
      tryParse(uri),
      (code, message, start, end, fix, section, data) => {
        if (code === 'whatwg-host-differs') out.push(JSON.stringify({ message, start, end, fix, section, data }));
      },
      (at, hosts) => out.push(JSON.stringify({ encoded: at, hosts })),
      securityOnly,
    );
    return out;
  }

  it('finds every whatwg-host-differs of the full comparison, on the hostile families, corpora, payloads and wpt data', () => {
    const data = JSON.parse(fs.readFileSync(path.join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | { input: string }>;
    const inputs = [...hostileInputs(), ...lines('corpus/web-urls.txt').slice(0, 5000), ...lines('corpus/file-urls.txt').slice(0, 2000), ...lines('fixtures/host-differential/lint-payloads.txt'), ...data.flatMap((t) => (typeof t === 'string' ? [] : [t.input]))];
    const differing: string[] = [];
    let found = 0;
    for (const uri of inputs) {
      const full = hostFindings(uri, false);
      found += full.length;
      if (JSON.stringify(hostFindings(uri, true)) !== JSON.stringify(full)) differing.push(uri);
    }
    expect(differing).toEqual([]);
    expect(found).toBeGreaterThan(100);
  });

  it('finds them on generated strings', () => {
    const piece = fc.constantFrom('http://', 'https://', 'file:', '//', '/', '\\', '@', ':', '%2e', '%41', '%', '[::1]', '0x7f', '1.2.3', 'A', 'a', '.', '..', '?', '#', ' ', '\t', '\u00e9', '\uff41', '\u3002', ':80', ':0443', 'xn--');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const uri = pieces.join('');
        return JSON.stringify(hostFindings(uri, true)) === JSON.stringify(hostFindings(uri, false));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('lint: the syntax errors a finding is made of carry no stack', () => {
  it('userViewError and inInput record none, and leave Error.stackTraceLimit as it was', () => {
    const limit = Error.stackTraceLimit;
    // The parser fails in the userinfo "h:port"; the user sees a port "port" (a second error, of userViewError's own making).
    const uri = 'http://h:port/';
    const parsed = tryParse(uri);
    if (parsed.ok) throw new Error('expected an invalid URI');
    const e = userViewError(uri, 'URI-reference', parsed.error);
    expect(e).not.toBe(parsed.error);
    expect(e.message).toContain('port');
    expect(e.stack).not.toMatch(/\n\s+at /);
    const placed = inInput('http://h/é\u0020', e);
    expect(placed.stack).not.toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(limit);
    // An error made outside them still has its stack.
    expect(new Error('x').stack).toMatch(/\n\s+at /);
  });
});

describe('whatwgReading: a failure told by URL.canParse', () => {
  const RealURL = globalThis.URL;
  afterEach(() => {
    globalThis.URL = RealURL;
  });

  /** The reading's error as the runtime's URL throws it, or undefined when it reads the string. */
  function thrown(input: string, base?: string): { name: string; code?: string; message: string } | undefined {
    try {
      if (base === undefined) new RealURL(input);
      else new RealURL(input, base);
      return undefined;
    } catch (e) {
      const error = e as { name: string; code?: string; message: string };
      return { name: error.name, ...(error.code === undefined ? {} : { code: error.code }), message: error.message };
    }
  }

  it('says what the URL threw, on the web-platform-tests data with and without its base', () => {
    // whatwgReading's own call of canParse optimized first: Node 20's fast API (used once the caller is optimized)
    // refuses "https://faß.example/", a string of one byte per character, which URL reads; whatwgReading asks
    // canParse only of ASCII. Warmed at whatwgReading's call site, not here: the fast path is the caller's.
    for (let i = 0; i < 100_000; i++) whatwgReading(i % 2 === 0 ? `relative/${i % 10}` : `http://a${i % 10}/`);
    expect(whatwgReading('https://faß.ExAmPlE/').valid).toBe(true);
    expect(whatwgReading('https://faß.ExAmPlE/', 'http://a/').valid).toBe(true);
    const data = JSON.parse(fs.readFileSync(path.join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | { input: string; base?: string | null }>;
    let failures = 0;
    for (const t of data) {
      if (typeof t === 'string') continue;
      for (const base of [t.base ?? undefined, undefined]) {
        const expected = thrown(t.input, base);
        const reading = whatwgReading(t.input, base);
        if (expected === undefined) expect(reading.valid).toBe(true);
        else {
          failures++;
          expect(reading).toEqual({ valid: false, error: expected });
        }
      }
    }
    expect(failures).toBeGreaterThan(100);
  });

  it('throws no error for a string canParse refuses, where the runtime says every failure alike', () => {
    let constructed = 0;
    globalThis.URL = class extends RealURL {
      constructor(input: string, base?: string) {
        constructed++;
        super(input, base);
      }
    } as typeof URL;
    for (let i = 0; i < 1000; i++) expect(whatwgReading(`relative/${i}`).valid).toBe(false);
    // The probes of the runtime's failures, once; none for the 1,000 strings.
    expect(constructed).toBeLessThan(10);
  });

  it('keeps each error where the runtime names the input in its message', () => {
    globalThis.URL = class extends RealURL {
      constructor(input: string, base?: string) {
        if (!RealURL.canParse(input, base)) throw new TypeError(`${input} is not a valid URL`);
        super(input, base);
      }
    } as typeof URL;
    expect(whatwgReading('one')).toEqual({ valid: false, error: { name: 'TypeError', message: 'one is not a valid URL' } });
    expect(whatwgReading('two')).toEqual({ valid: false, error: { name: 'TypeError', message: 'two is not a valid URL' } });
  });
});

describe('urigram whatwg --json: each comparison written without a replacer', () => {
  it('writes what JSON.stringify with the undefined-to-null replacer writes, on the hostile families and the wpt data', () => {
    const data = JSON.parse(fs.readFileSync(path.join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | { input: string; base?: string | null }>;
    const inputs = [...hostileInputs(), ...data.flatMap((t) => (typeof t === 'string' ? [] : [t.input]))];
    const differing: string[] = [];
    for (const input of inputs) {
      for (const options of [undefined, { base: 'https://base.invalid/' }]) {
        const c = compareWithWhatwg(input, options);
        const rfc3986 = c.rfc3986.valid ? c.rfc3986 : { valid: false, error: syntaxErrorJson(c.rfc3986.error) };
        const expected = `${JSON.stringify({ ...c, rfc3986 }, (_k, v: unknown) => (v === undefined ? null : v))}\n`;
        if (comparisonJson(c) !== expected) differing.push(input);
      }
    }
    expect(differing).toEqual([]);
  });

  it('calls JSON.stringify without a replacer (one takes it off its fast path)', () => {
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      comparisonJson(compareWithWhatwg('http://a/b c'));
      expect(stringify.mock.calls.length).toBeGreaterThan(0);
      for (const call of stringify.mock.calls) expect(call[1]).toBeUndefined();
    } finally {
      stringify.mockRestore();
    }
  });
});
