/**
 * The repository is self-contained: the RFC texts the grammars transcribe sit
 * beside them (grammar/rfcNNNN.txt), each .abnf file is checked against its
 * RFC's text, and nothing under src/, scripts/ or test/ reaches for a path
 * outside the repository (a user's clone has nothing beside it).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AMENDED_2396, checkRfc2396, checkSources, checkVerbatim, convert2396, rfc2396AppendixA, ruleTexts, withoutPageBreaks } from '../scripts/grammar-check/verbatim';
import { readRegistry } from '../scripts/registry';

const root = path.join(__dirname, '..');
const grammarFile = (name: string) => fs.readFileSync(path.join(root, 'grammar', name), 'utf8');

describe('each grammar/NAME.abnf against its RFC text', () => {
  it.each(['rfc3986', 'rfc3987', 'rfc2396'])('%s has not drifted', (name) => {
    expect(checkSources(root, name)).toEqual([]);
  });

  it('RFC 3986: every rule of Appendix A and the three core rules are checked, and only those', () => {
    const names = ruleTexts(grammarFile('rfc3986.abnf')).map((r) => r.name);
    expect(names).toHaveLength(39);
    expect(names).toEqual(expect.arrayContaining(['URI', 'IPv6address', 'dec-octet', 'path-empty', 'sub-delims', 'ALPHA', 'DIGIT', 'HEXDIG']));
  });

  it('RFC 3987: the rules of 2.2 are checked, ucschar and iprivate among them', () => {
    const names = ruleTexts(grammarFile('rfc3987.abnf')).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['IRI', 'irelative-part', 'ucschar', 'iprivate', 'IPv6address', 'HEXDIG']));
  });

  const rfc3986Sources = (readRegistry(root).find((e) => e.name === 'rfc3986')?.texts ?? []).map(grammarFile);

  it.each([
    ['one character of a rule changed', (t: string) => t.replace('dec-octet     = DIGIT', 'dec-octet     = DIGIT DIGIT')],
    ['an alternative dropped', (t: string) => t.replace('              / "*" / "+" / "," / ";" / "="', '              / "*" / "+" / ","')],
    ['a comment changed', (t: string) => t.replace('; begins with "/" but not "//"', '; begins with "/"')],
    ['a quoted literal changed', (t: string) => t.replace('IP-literal    = "["', 'IP-literal    = "{"')],
  ])('a copy of rfc3986.abnf with %s fails, naming the rule', (_what, mutate) => {
    const text = grammarFile('rfc3986.abnf');
    const mutated = mutate(text);
    expect(mutated).not.toBe(text);
    const problems = checkVerbatim(mutated, rfc3986Sources);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^(dec-octet|sub-delims|path|IP-literal): not verbatim/);
  });

  it('whitespace is not drift: the RFCs break pages inside rules and the .abnf files close them up', () => {
    const text = grammarFile('rfc3986.abnf').replace('hier-part     = "//" authority path-abempty', 'hier-part = "//"   authority\n   path-abempty');
    expect(checkVerbatim(text, rfc3986Sources)).toEqual([]);
  });

  it('page breaks are removed from the RFC text: footer, form feed and header', () => {
    const page = 'a = b\n\nBerners-Lee, et al.         Standards Track                    [Page 49]\n\f\nRFC 3986                   URI Generic Syntax               January 2005\n\n   / c\n';
    expect(withoutPageBreaks(page)).toBe('a = b\n   / c\n');
  });

  describe('RFC 2396, converted', () => {
    const rfc2396 = grammarFile('rfc2396.txt');
    const abnf = grammarFile('rfc2396.abnf');

    it('Appendix A is read whole from the RFC text: 40 rules, URI-reference to digit', () => {
      const rules = rfc2396AppendixA(rfc2396).map((r) => r.name);
      expect(rules).toHaveLength(40);
      expect(rules[0]).toBe('URI-reference');
      expect(rules[rules.length - 1]).toBe('digit');
    });

    it('the conversion writes "|" as "/" and "_" in names as "-", and leaves quoted strings alone', () => {
      expect(convert2396('hier_part     = ( net_path | abs_path ) [ "?" query ]')).toBe('hier-part = ( net-path / abs-path ) [ "?" query ]');
      expect(convert2396('mark = "-" | "_" | "|"')).toBe('mark = "-" / "_" / "|"');
    });

    it('a rule changed without a reason in AMENDED_2396 fails', () => {
      const mutated = abnf.replace('port          = *digit', 'port          = 1*digit');
      expect(mutated).not.toBe(abnf);
      expect(checkRfc2396(mutated, rfc2396)).toEqual([expect.stringMatching(/^port: "port = 1\*digit" is not RFC 2396's "port = \*digit"/)]);
    });

    it('an amended rule needs its reason: without AMENDED_2396, host, IPv4address, reserved and the letter rules are reported', () => {
      const problems = checkRfc2396(abnf, rfc2396, {});
      expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(Object.keys(AMENDED_2396).sort());
    });

    it('a rule of Appendix A missing from the .abnf fails', () => {
      const mutated = abnf.replace(/^param .*$/m, '');
      expect(checkRfc2396(mutated, rfc2396)).toEqual(['param: RFC 2396 Appendix A has this rule, rfc2396.abnf does not']);
    });
  });
});

describe('nothing outside the repository', () => {
  function files(dir: string): string[] {
    return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'corpus' || e.name === 'node_modules' ? [] : files(rel);
      return /\.(ts|js|json|sh)$/.test(e.name) ? [rel] : [];
    });
  }

  /**
   * Where a source file runs from, relative to the repository's root: the
   * compiled library and CLI run from dist/src/, one level deeper than src/.
   */
  const depth = (file: string): number => file.split(path.sep).length - 1 + (file.startsWith(`src${path.sep}`) ? 1 : 0);

  /** The paths a file builds from __dirname, climbing with '..', that land outside the repository. */
  function escapes(file: string, text: string): string[] {
    const found: string[] = [];
    for (const m of text.matchAll(/path\.(?:join|resolve)\(\s*__dirname((?:\s*,\s*'\.\.')+)/g)) {
      const ups = (m[1].match(/'\.\.'/g) ?? []).length;
      if (ups > depth(file)) found.push(`${file}: ${m[0]}`);
    }
    // The repository's root, climbed out of: scripts and tests call it root.
    for (const m of text.matchAll(/path\.(?:join|resolve)\(\s*root\s*,\s*'\.\.'/g)) found.push(`${file}: ${m[0]}`);
    // A path string handed to fs or path that begins by climbing: relative to the working
    // directory, the repository's root when npm runs a script, so outside it. (Strings that
    // merely begin with "../" are everywhere here: they are URI references.)
    for (const m of text.matchAll(/\b(?:fs|path)\.\w+\(\s*(['"`])\.\.[\\/][^'"`]*\1/g)) found.push(`${file}: ${m[0]}`);
    return found;
  }

  const sources = ['src', 'scripts', 'test'].flatMap(files).concat(['package.json', path.join('.ci', 'run')]);

  it('covers the sources, the scripts, the tests, package.json and .ci/run', () => {
    expect(sources).toEqual(expect.arrayContaining([path.join('src', 'cli.ts'), path.join('scripts', 'bench.ts'), path.join('test', 'sources.test.ts')]));
  });

  it('no file under src/, scripts/ or test/ names a path outside the repository', () => {
    const found = sources.filter((f) => f !== path.join('test', 'sources.test.ts')).flatMap((f) => escapes(f, fs.readFileSync(path.join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it.each([
    [path.join('test', 'x.test.ts'), "fs.readFileSync(path.join(__dirname, '..', '..', 'elsewhere', 'rfc3986.txt'))"],
    [path.join('scripts', 'bench.ts'), "const corpusDir = path.join(root, '..', 'elsewhere');"],
    [path.join('scripts', 'x.ts'), "const lines = fs.readFileSync('../elsewhere/web-urls.txt', 'utf8');"],
    [path.join('scripts', 'x.ts'), "const dir = path.resolve('../elsewhere');"],
    [path.join('src', 'cli.ts'), "path.join(__dirname, '..', '..', '..', 'x')"],
  ])('the check catches %s reading outside: %s', (file, line) => {
    expect(escapes(file, line)).not.toEqual([]);
  });

  it.each([
    [path.join('src', 'cli.ts'), "path.join(__dirname, '..', '..', 'package.json')"],
    [path.join('test', 'x.test.ts'), "path.join(__dirname, '..', 'grammar', 'rfc3986.txt')"],
    [path.join('test', 'x.test.ts'), "import { parse } from '../src';"],
    [path.join('src', 'grammars.ts'), "const load = () => require('../generated/rfc3987');"],
    [path.join('test', 'x.test.ts'), "expect(resolve(base, '../g')).toBe('http://a/g');"],
  ])('and lets %s read inside: %s', (file, line) => {
    expect(escapes(file, line)).toEqual([]);
  });

  it('the RFC texts the grammars transcribe and the corpora are in the repository, with their terms', () => {
    for (const f of ['rfc3986.txt', 'rfc3987.txt', 'rfc2396.txt', 'rfc2732.txt', 'rfc5234.txt']) {
      expect(grammarFile(f)).toMatch(/Copyright \(C\) The (Internet Society|IETF Trust)/);
    }
    for (const f of ['web-urls.txt', 'file-urls.txt', 'LICENSE-MIT', 'README.md']) expect(fs.existsSync(path.join(root, 'test', 'corpus', f))).toBe(true);
    const notice = fs.readFileSync(path.join(root, 'NOTICE.md'), 'utf8');
    expect(notice).toContain('test/corpus/LICENSE-MIT');
    expect(notice).toContain('grammar/rfc*.txt');
    expect(fs.readFileSync(path.join(root, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });
});

describe('one door to the generated code', () => {
  /** The modules of src/ that import or require something under generated/. */
  const importers = (files: ReadonlyMap<string, string>): string[] =>
    [...files].filter(([, text]) => /(?:from\s+|require\()\s*['"]\.\.\/(?:\.\.\/)?generated\//.test(text)).map(([file]) => file).sort();
  const sources = (): Map<string, string> => {
    const out = new Map<string, string>();
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts')) out.set(path.relative(root, full), fs.readFileSync(full, 'utf8'));
      }
    };
    walk(path.join(root, 'src'));
    return out;
  };

  it('only the parse kernel, src/core/, imports generated/: src/core/grammars.ts (RFC 3986 automata, the registry and the generated types), src/core/types.ts (the names in the registry), src/core/diagnose.ts (the diagnostic back end of RFC 3986, by a literal path: a first error loads no loader) and src/core/load.ts with its ES module twin (what loads on first use)', () => {
    const found = importers(sources());
    expect(found.filter((file) => !file.startsWith(`src${path.sep}core${path.sep}`))).toEqual([]);
    expect(found).toEqual([path.join('src', 'core', 'diagnose.ts'), path.join('src', 'core', 'grammars.ts'), path.join('src', 'core', 'load.esm.ts'), path.join('src', 'core', 'load.ts'), path.join('src', 'core', 'types.ts')]);
  });

  it('the check sees an import, a type import and a require of generated/ anywhere else', () => {
    for (const line of ["import { matchAt } from '../generated/rfc3986.recognizer';", "import type { Expectation } from '../generated/rfc3986';", "const p = require('../../generated/rfc3986');"]) {
      expect(importers(new Map([['src/x.ts', line]]))).toEqual(['src/x.ts']);
    }
  });
});

describe('one place per idea (each "the one X" comment is true)', () => {
  /** Every .ts file under src/ and scripts/, by path from the root. */
  const code = (): Map<string, string> => {
    const out = new Map<string, string>();
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (entry.name.endsWith('.ts')) out.set(rel.split(path.sep).join('/'), fs.readFileSync(path.join(root, rel), 'utf8'));
      }
    };
    walk('src');
    walk('scripts');
    return out;
  };
  const where = (pattern: RegExp): string[] => [...code()].filter(([, text]) => pattern.test(text)).map(([file]) => file).sort();

  it('one rule-name converter: only src/core/rule-names.ts turns "-" into "_" in a rule name or back', () => {
    expect(where(/replace\(\/-\/g, '_'\)|replace\(\/_\/g, '-'\)|function to(Peg|Abnf)Name\b/)).toEqual(['src/core/rule-names.ts']);
  });

  it('one list of component names: only src/core/records.ts writes it out', () => {
    expect(where(/'scheme', 'authority', 'userinfo'/)).toEqual(['src/core/records.ts']);
  });

  it('one record builder: only src/core/records.ts makes a record of its spans, every back end through buildRecord', () => {
    expect(where(/\bpathKind,\s*spans\b/)).toEqual(['src/core/records.ts']);
    expect(where(/\bbuildRecord\(/)).toEqual(['src/core/recognizer-records.ts', 'src/core/split.ts']);
  });

  it('one percent-decoding loop: only src/encoding/triplets.ts reads runs of triplets as UTF-8', () => {
    expect(where(/\breadTripletRun\(|readUtf8\(octets/)).toEqual(['src/encoding/triplets.ts']);
    expect(where(/\bdecodePercents\(/)).toEqual(['src/encoding/percent-encoding.ts', 'src/encoding/triplets.ts', 'src/operations/file-uri.ts', 'src/operations/iri.ts', 'src/template/encode.ts']);
  });
});
