/**
 * Issue 19, item 5: file URIs and paths (RFC 8089), for POSIX and Windows.
 * The examples of RFC 8089 Appendix B and Appendix E (written out here from
 * the RFC; its text is not in the repository), round trips with fast-check,
 * and a comparison with Node's url.fileURLToPath / url.pathToFileURL where
 * the two should agree (the differences are in the README).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as url from 'node:url';
import fc from 'fast-check';
import { FileUriError, fileUriToPath, isValid, normalize, pathToFileUri, UriOptionError, UriSyntaxError, type FilePlatform } from '../src';

const posix = { platform: 'posix' } as const;
const windows = { platform: 'windows' } as const;

/** The error `f` throws, for its class, offset and message. */
function thrown(f: () => unknown): Error & { offset?: number } {
  try {
    f();
  } catch (e) {
    return e as Error & { offset?: number };
  }
  throw new Error('nothing thrown');
}

describe('fileUriToPath (RFC 8089)', () => {
  it.each<[string, string | undefined, string | undefined, string]>([
    // [URI, POSIX path, Windows path, where]
    ['file:///path/to/file', '/path/to/file', undefined, 'Appendix B: an empty authority, the local machine (2)'],
    ['file:/path/to/file', '/path/to/file', undefined, 'Appendix B: no authority at all (2: local-path)'],
    ['file://localhost/path/to/file', '/path/to/file', undefined, '2: "localhost" is the local machine'],
    ['file://LOCALHOST/a', '/a', undefined, 'a host is case-insensitive (RFC 3986 3.2.2)'],
    ['file:///a/b%20c/%C3%A9', '/a/b c/é', undefined, '4: names percent-encoded as UTF-8'],
    ['file:///a/./b/../c', '/a/c', undefined, "RFC 3986 3.3: dot segments are the URI's, removed (5.2.4), not the file system's"],
    ['file:///a/%2e%2E/b', '/b', undefined, 'RFC 3986 2.3, 6.2.2: "%2E" is ".", so this is a dot segment too'],
    ['file:///%43:/x', '/C:/x', 'C:\\x', 'issue 30: "%43" is "C" (RFC 3986 2.3), so this is drive C'],
    ['file:///%63%3A/x', '/c:/x', undefined, '":" is reserved: "%3A" is not ":" (RFC 3986 2.2), so no drive'],
    ['file://%6Cocalhost/C:/x', '/C:/x', 'C:\\x', 'issue 30: "%6C" is "l", so the host is localhost, the local machine'],
    ['file://%4C%4F%43%41%4C%48%4F%53%54/a', '/a', undefined, 'and case-insensitive once decoded'],
    ['file://SERVER/Share/x', undefined, '\\\\server\\Share\\x', 'a UNC host given lower-cased: RFC 3986 3.2.2, hosts are case-insensitive'],
    ['file:///a/../C:/x', '/C:/x', 'C:\\x', 'the drive letter is the first segment once dot segments are removed'],
    ['file:a/..', '/', undefined, 'RFC 3986 5.2.4 makes the rootless "a/.." the path "/"'],
    ['file:///', '/', undefined, 'the root'],
    ['file:///c:/path/to/file', '/c:/path/to/file', 'c:\\path\\to\\file', 'E.2: a drive letter as the first segment'],
    ['file:c:/path/to/file', undefined, 'c:\\path\\to\\file', 'E.2: a drive letter without the "/" before it'],
    ['file:///C:', '/C:', 'C:\\', 'a drive alone: its root'],
    ['file://host.example.com/Share/path/to/file.txt', undefined, '\\\\host.example.com\\Share\\path\\to\\file.txt', 'E.3.1: the UNC server as the authority'],
    ['file:////host.example.com/path/to/file', '//host.example.com/path/to/file', '\\\\host.example.com\\path\\to\\file', 'E.3.2: the UNC path after an empty authority, four slashes'],
    ['file://///host.example.com/path/to/file', '///host.example.com/path/to/file', '\\\\host.example.com\\path\\to\\file', 'E.3.2: five slashes'],
    ['file://192.0.2.7/share/a%20b', undefined, '\\\\192.0.2.7\\share\\a b', 'E.3.1 with an IPv4 address'],
  ])('%s: POSIX %p, Windows %p (%s)', (uri, posixPath, windowsPath) => {
    if (posixPath === undefined) expect(thrown(() => fileUriToPath(uri, posix))).toBeInstanceOf(FileUriError);
    else expect(fileUriToPath(uri, posix)).toBe(posixPath);
    if (windowsPath === undefined) expect(thrown(() => fileUriToPath(uri, windows))).toBeInstanceOf(FileUriError);
    else expect(fileUriToPath(uri, windows)).toBe(windowsPath);
  });

  it.each<[string, FilePlatform, typeof FileUriError | typeof UriSyntaxError, number, RegExp]>([
    ['file:///c|/path/to/file', 'windows', UriSyntaxError, 9, /found "\|"/], // E.2.2: "|" is no URI character
    ['file:c:\\path\\to\\file', 'windows', UriSyntaxError, 7, /found "\\\\"/], // E.4: nor is "\"
    ['file://user@host/a', 'windows', FileUriError, 7, /E\.1/],
    ['file://host:21/a', 'windows', FileUriError, 11, /no port/],
    ['file:///a?q', 'posix', FileUriError, 9, /no query/],
    ['file:///a#f', 'posix', FileUriError, 9, /no fragment/],
    ['http://a/b', 'posix', FileUriError, 0, /not a file URI/],
    ['file:a/b', 'posix', FileUriError, 5, /path from the root/], // a valid URI, its path rootless
    ['file://host/a', 'posix', FileUriError, 7, /another machine/],
    ['file:///a%2Fb', 'posix', FileUriError, 9, /encodes "\/"/],
    // Offsets in the URI as written, after unreserved triplets are decoded and dot segments removed (issue 30, item 5).
    ['file:///%41/%2F', 'posix', FileUriError, 12, /encodes "\/"/],
    ['file:///a/../%2F', 'posix', FileUriError, 13, /encodes "\/"/],
    ['file:///%41%41/../b/%C3', 'posix', FileUriError, 20, /UTF-8/],
    ['file://%41%42/%2F/x', 'windows', FileUriError, 14, /encodes "\/"/],
    ['file:///C:/a%5Cb', 'windows', FileUriError, 12, /encodes "\\"/],
    ['file:///a%00b', 'posix', FileUriError, 9, /NUL/],
    ['file:///a/%C3', 'posix', FileUriError, 10, /UTF-8/],
    ['file:///a/b', 'windows', FileUriError, 7, /drive letter/],
    // The drive letter is the whole first segment (E.2): "xc:" and "9c:" are none, never drive C.
    ['file:xc:/a', 'windows', FileUriError, 5, /drive letter/],
    ['file:9c:/x', 'windows', FileUriError, 5, /drive letter/],
    ['file:ac:', 'windows', FileUriError, 5, /drive letter/],
    ['file://host/', 'windows', FileUriError, 11, /share name/],
    ['file://[::1]/s', 'windows', FileUriError, 7, /IP literal/],
    ['file:////host', 'windows', FileUriError, 9, /host and a share/],
    ['file:///a b', 'posix', UriSyntaxError, 9, /found " "/],
  ])('%s on %s is a %p at offset %d', (uri, platform, kind, offset, message) => {
    const e = thrown(() => fileUriToPath(uri, { platform }));
    expect(e).toBeInstanceOf(kind);
    expect(e.offset).toBe(offset);
    expect(e.message).toMatch(message);
  });

  it('needs the platform: nothing is guessed from the machine', () => {
    const e = thrown(() => fileUriToPath('file:///a', undefined as never));
    expect(e).toBeInstanceOf(UriOptionError);
    expect((e as UriOptionError).option).toBe('platform');
    expect(thrown(() => fileUriToPath('file:///a', { platform: 'linux' } as never))).toBeInstanceOf(UriOptionError);
    expect(thrown(() => pathToFileUri('/a', {} as never))).toBeInstanceOf(UriOptionError);
    expect(thrown(() => pathToFileUri('/a', { platform: 'posix', x: 1 } as never))).toBeInstanceOf(UriOptionError);
    expect(thrown(() => fileUriToPath(1 as never, posix))).toBeInstanceOf(TypeError);
  });
});

describe('pathToFileUri (RFC 8089)', () => {
  it.each<[string, FilePlatform, string]>([
    ['/path/to/file', 'posix', 'file:///path/to/file'],
    ['/a/b c/é/%/#?', 'posix', 'file:///a/b%20c/%C3%A9/%25/%23%3F'],
    ['/a:b/@!$&\'()*+,;=', 'posix', "file:///a:b/@!$&'()*+,;="], // pchar, as itself (RFC 3986 3.3)
    ['/a\\b', 'posix', 'file:///a%5Cb'], // a backslash is a file name character on POSIX
    ['/', 'posix', 'file:///'],
    ['//x', 'posix', 'file:////x'], // an empty authority, then the path "//x"
    ['C:\\path\\to\\file', 'windows', 'file:///C:/path/to/file'],
    ['c:/path/to/file', 'windows', 'file:///c:/path/to/file'],
    ['C:\\', 'windows', 'file:///C:/'],
    ['\\\\host.example.com\\Share\\path\\to\\file.txt', 'windows', 'file://host.example.com/Share/path/to/file.txt'],
    ['\\\\localhost\\share\\a', 'windows', 'file:////localhost/share/a'], // "file://localhost/" would be the local machine
    ['C:\\a b\\[x]', 'windows', 'file:///C:/a%20b/%5Bx%5D'],
  ])('%s on %s is %s', (p, platform, expected) => {
    expect(pathToFileUri(p, { platform })).toBe(expected);
    expect(isValid(expected, { rule: 'absolute-URI' })).toBe(true);
  });

  it.each<[string, FilePlatform, number, RegExp]>([
    ['a/b', 'posix', 0, /relative path/],
    ['C:\\a', 'posix', 0, /relative path/],
    ['/a\0b', 'posix', 2, /NUL/],
    ['/a/\uD800', 'posix', 3, /lone surrogate/],
    ['a\\b', 'windows', 0, /drive letter/],
    ['\\a', 'windows', 0, /drive letter/],
    ['C:', 'windows', 2, /current directory/],
    ['C:a', 'windows', 2, /current directory/],
    ['\\\\host', 'windows', 2, /host and a share/],
    ['\\\\?\\C:\\a', 'windows', 0, /device or long path/],
    ['\\\\.\\pipe\\x', 'windows', 0, /device or long path/],
  ])('%p on %s is a FileUriError at offset %d', (p, platform, offset, message) => {
    const e = thrown(() => pathToFileUri(p, { platform }));
    expect(e).toBeInstanceOf(FileUriError);
    expect(e.offset).toBe(offset);
    expect(e.message).toMatch(message);
  });
});

describe('round trips', () => {
  const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const name = (forbidden: RegExp) => fc.string({ unit: 'binary', maxLength: 10 }).filter((s) => !forbidden.test(s) && !LONE_SURROGATE.test(s));
  // No "." or ".." names: those are dot segments in the URI, which fileUriToPath removes (RFC 3986 3.3).
  const dots = (s: string) => s !== '.' && s !== '..';
  const posixPath = fc.array(name(/[/\0]/).filter(dots), { maxLength: 6 }).map((segments) => `/${segments.join('/')}`);
  const driveLetter = fc.constantFrom('C', 'c', 'Z');
  const windowsPath = fc.oneof(
    fc.tuple(driveLetter, fc.array(name(/[/\\\0]/).filter(dots), { maxLength: 5 })).map(([d, s]) => `${d}:\\${s.join('\\')}`),
    // A UNC host in lower case: a URI's host is case-insensitive (RFC 3986 3.2.2), and fileUriToPath gives it lower-cased.
    fc
      .tuple(name(/[/\\\0A-Z]/).filter((h) => h !== '' && h !== '?' && h !== '.'), name(/[/\\\0]/).filter((s) => s !== '' && dots(s)), fc.array(name(/[/\\\0]/).filter(dots), { maxLength: 4 }))
      .map(([host, share, rest]) => `\\\\${[host, share, ...rest].join('\\')}`),
  );

  it('fileUriToPath(pathToFileUri(p)) === p, through a valid URI, on both platforms', () => {
    fc.assert(
      fc.property(posixPath, (p) => {
        const uri = pathToFileUri(p, posix);
        return isValid(uri, { rule: 'absolute-URI' }) && fileUriToPath(uri, posix) === p;
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(windowsPath, (p) => {
        const uri = pathToFileUri(p, windows);
        return isValid(uri, { rule: 'absolute-URI' }) && fileUriToPath(uri, windows) === p;
      }),
      { numRuns: 2000 },
    );
  });

  it('pathToFileUri(fileUriToPath(u)) === u for a URI in the form pathToFileUri writes', () => {
    for (const u of ['file:///a/b%20c', 'file:///', 'file:////x/y']) expect(pathToFileUri(fileUriToPath(u, posix), posix)).toBe(u);
    for (const u of ['file:///C:/a/b%20c', 'file://h/s/%C3%A9', 'file:////localhost/s/x']) expect(pathToFileUri(fileUriToPath(u, windows), windows)).toBe(u);
  });

  it('is linear: a path of 200 000 segments', () => {
    const p = '/ab c'.repeat(200_000);
    const started = Date.now();
    expect(fileUriToPath(pathToFileUri(p, posix), posix)).toBe(p);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('a URI and its normal form name the same path (issue 30, item 5)', () => {
  /** The path, or the class of the error: throwing alike counts as equal. */
  const outcome = (uri: string, platform: FilePlatform): string => {
    try {
      return `path ${fileUriToPath(uri, { platform })}`;
    } catch (e) {
      return `throws ${(e as Error).constructor.name}`;
    }
  };
  // Pieces chosen to meet every comparison fileUriToPath makes: the host "localhost" and a UNC
  // host (percent-encoded, in either case), drive letters (encoded, or with an encoded ":",
  // which is reserved and not a ":"), dot segments (encoded too), separators and NUL encoded,
  // UTF-8 and what is not, E.3.2's extra slashes.
  const hosts = ['', 'localhost', 'LocalHost', '%6Cocalhost', '%6c%6F%63%61%6C%68%6F%73%74', 'LOCALHOS%54', 'server', 'SERVER', '%53erver', 'h%C3%A9', 'h%c3', '127.0.0.1', '[::1]', 'a.b-c~'];
  const segments = ['', '.', '..', '%2E', '%2e%2E', '.%2E', 'C:', 'c:', '%43:', '%63:', 'C%3A', '%7A:', 'a', 'A%42', '%7E', '%41%42', 'a%20b', '%2F', '%5C', '%00', '%C3%A9', '%C3', 'share', '~', 'x.txt', '%2D%5F'];
  const uri = fc
    .tuple(
      fc.option(fc.constantFrom(...hosts), { nil: undefined }),
      fc.constantFrom('', '/', '//', '///'),
      fc.array(fc.constantFrom(...segments), { maxLength: 6 }),
      fc.constantFrom('file', 'FILE', 'File'),
    )
    .map(([host, lead, segs, scheme]) => `${scheme}:${host === undefined ? '' : `//${host}`}${host === undefined ? lead : lead === '' ? '/' : lead}${segs.join('/')}`)
    .filter((u) => isValid(u, { rule: 'URI' }));

  it('fileUriToPath(x) === fileUriToPath(normalize(x)), on both platforms', () => {
    fc.assert(
      fc.property(uri, fc.constantFrom<FilePlatform>('posix', 'windows'), (x, platform) => {
        expect([x, outcome(x, platform)]).toEqual([x, outcome(normalize(x), platform)]);
      }),
      { numRuns: 5000 },
    );
  });

  it('the cases the issue names, and a few that meet the rest of the comparisons', () => {
    for (const [x, platform] of [
      ['file:///%43:/x', 'windows'],
      ['file://%6Cocalhost/C:/x', 'windows'],
      ['file://%6Cocalhost/a', 'posix'],
      ['file:///a/%2E%2E/C:/x', 'windows'],
      ['file://SERVER/s/x', 'windows'],
      ['file:a/%2E%2E', 'posix'],
    ] as const) {
      expect([x, outcome(x, platform)]).toEqual([x, outcome(normalize(x), platform)]);
      expect(outcome(x, platform)).toMatch(/^path /);
    }
  });
});

describe("compared with Node's url.fileURLToPath and url.pathToFileURL", () => {
  // Where they should agree: absolute paths with no dot segments and no empty segments (Node's
  // pathToFileURL resolves the path first), no NUL; URIs that are valid RFC 3986 URIs.
  const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const segment = (forbidden: RegExp) =>
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).filter((s) => !forbidden.test(s) && s !== '.' && s !== '..' && !LONE_SURROGATE.test(s));
  const nodeOptions = (platform: FilePlatform) => ({ windows: platform === 'windows' }) as never;

  it('POSIX: each reads the other\'s URI as the same path', () => {
    fc.assert(
      fc.property(fc.array(segment(/[/\0]/), { minLength: 1, maxLength: 5 }), (segments) => {
        const p = `/${segments.join('/')}`;
        const ours = pathToFileUri(p, posix);
        const node = url.pathToFileURL(p, nodeOptions('posix')).href;
        expect(url.fileURLToPath(ours, nodeOptions('posix'))).toBe(p);
        expect(isValid(node)).toBe(true);
        expect(fileUriToPath(node, posix)).toBe(p);
      }),
      { numRuns: 1000 },
    );
  });

  it("Windows: drive letters and UNC paths, each reads the other's URI as the same path", () => {
    const forbidden = /[/\\\0<>:"|?*]/; // and no name that Windows itself would refuse
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(segment(forbidden), { minLength: 1, maxLength: 4 }).map((s) => `C:\\${s.join('\\')}`),
          fc.array(segment(forbidden), { minLength: 1, maxLength: 3 }).map((s) => `\\\\server.example\\share\\${s.join('\\')}`),
        ),
        (p) => {
          const ours = pathToFileUri(p, windows);
          const node = url.pathToFileURL(p, nodeOptions('windows')).href;
          expect(url.fileURLToPath(ours, nodeOptions('windows'))).toBe(p);
          expect(isValid(node)).toBe(true);
          expect(fileUriToPath(node, windows)).toBe(p);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('the corpus of file URLs (a Node.js checkout): both read the same POSIX path where a path is named', () => {
    const lines = fs.readFileSync(path.join(__dirname, 'corpus', 'file-urls.txt'), 'utf8').split(/\r?\n/);
    let compared = 0;
    for (const line of lines.slice(0, 5000)) {
      const local = line.replace(/^file:\/\//, 'file:///'); // the corpus writes "file://node.gypi": a host, by RFC 3986
      if (!isValid(local, { rule: 'absolute-URI' })) continue;
      expect([local, fileUriToPath(local, posix)]).toEqual([local, url.fileURLToPath(local, nodeOptions('posix'))]);
      compared++;
    }
    expect(compared).toBeGreaterThan(4000);
  });

  it('the documented differences, each as it stands', () => {
    // A query or fragment: Node drops it, urigram refuses it.
    expect(url.fileURLToPath('file:///a?q#f', nodeOptions('posix'))).toBe('/a');
    expect(thrown(() => fileUriToPath('file:///a?q#f', posix))).toBeInstanceOf(FileUriError);
    // Dot segments (%2E too): both remove them, as RFC 3986 says (3.3, 5.2.4, 6.2.2).
    expect(url.fileURLToPath('file:///a/%2e%2E/b', nodeOptions('posix'))).toBe('/b');
    expect(fileUriToPath('file:///a/%2e%2E/b', posix)).toBe('/b');
    // NUL: Node decodes it, urigram refuses it.
    expect(url.fileURLToPath('file:///a%00b', nodeOptions('posix'))).toBe('/a\0b');
    // A drive alone: Node gives "C:" (relative to the drive's current directory), urigram its root.
    expect(url.fileURLToPath('file:///C:', nodeOptions('windows'))).toBe('C:');
    expect(fileUriToPath('file:///C:', windows)).toBe('C:\\');
    // E.3.2's UNC path in the path: Node refuses it, urigram reads it.
    expect(thrown(() => url.fileURLToPath('file:////h/s/x', nodeOptions('windows'))).message).toMatch(/absolute/);
    expect(fileUriToPath('file:////h/s/x', windows)).toBe('\\\\h\\s\\x');
    // The UNC host "localhost": Node's URL drops it, urigram keeps it in the path.
    expect(url.pathToFileURL('\\\\localhost\\s\\x', nodeOptions('windows')).href).toBe('file:///s/x');
    // Invalid URI characters: Node's URL parser repairs them, urigram refuses them.
    expect(url.fileURLToPath('file:///c|/x', nodeOptions('windows'))).toBe('c:\\x');
    expect(thrown(() => fileUriToPath('file:///a b', posix))).toBeInstanceOf(UriSyntaxError);
    // "~": Node encodes it (%7E, equivalent by RFC 3986 2.3), urigram keeps it as an unreserved character.
    expect(url.pathToFileURL('/~', nodeOptions('posix')).href).toBe('file:///%7E');
    expect(pathToFileUri('/~', posix)).toBe('file:///~');
  });
});
