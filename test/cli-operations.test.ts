/**
 * urigram relativize, build and redact: each input's result on its line, an
 * input that fails reported on that input (exit 1) and the next one done.
 * The expected outputs are worked out from RFC 3986 5.2 (a reference that
 * resolves back), 2.1 and 3 (what each component must encode) and the
 * redaction rules, not read from the commands.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { resolve } from '../src';

const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');

function run(args: string[], stdin = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { input: stdin, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('urigram relativize', () => {
  const base = 'http://a/b/c/d;p?q';

  it('prints the shortest reference from BASE to each TARGET, one that resolves back to it', () => {
    const targets = ['http://a/b/c/g', 'http://a/b/g?y', 'http://a/b/c/d;p?q#s', 'http://x/y', 'ftp://a/b'];
    const r = run(['relativize', base, ...targets]);
    expect(r.status).toBe(0);
    const refs = r.stdout.trimEnd().split('\n');
    expect(refs).toEqual(['g', '../g?y', '#s', '//x/y', 'ftp://a/b']);
    refs.forEach((ref, i) => expect(resolve(base, ref)).toBe(targets[i]));
  });

  it('--keep authority and --json; an invalid TARGET is reported on its line and the next one done', () => {
    const r = run(['relativize', '--keep', 'authority', '--json', base, 'http://a/b/c/g', 'http://a/b c', 'http://a/']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ base, target: 'http://a/b/c/g', reference: '//a/b/c/g' });
    expect(lines[1]).toMatchObject({ base, target: 'http://a/b c' });
    expect(lines[1].error).toMatch(/offset 10/);
    expect(lines[2]).toEqual({ base, target: 'http://a/', reference: '//a/' });
  });

  it('needs a BASE and a TARGET, and refuses a --keep it does not know (usage errors, exit 2)', () => {
    expect(run(['relativize', base]).status).toBe(2);
    expect(run(['relativize', '--keep', 'path', base, 'http://a/']).status).toBe(2);
  });
});

describe('urigram build', () => {
  it('composes each JSON PARTS, every part encoded as its component needs (2.1, 3)', () => {
    const r = run(['build'], '{"scheme":"http","host":"example.com","path":["","a b","c/d"],"query":"q=1#2","fragment":"f g"}\n{"scheme":"mailto","path":"user@example.com"}\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('http://example.com/a%20b/c%2Fd?q=1%232#f%20g\nmailto:user@example.com\n');
  });

  it('refuses what RFC 3986 3.3 forbids and what is not a JSON object, on that input, and goes on', () => {
    const r = run(['build', '--json', '{"path":"a:b"}', 'not json', '{"scheme":"s","path":"//x"}', '{"scheme":"s","host":"h","path":"p"}', '{"host":"h"}']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => ('uri' in l ? l.uri : 'error'))).toEqual(['error', 'error', 'error', 'error', '//h']);
    expect(lines[0].error).toMatch(/3\.3/);
    expect(lines[1]).toMatchObject({ input: 'not json' });
  });

  it('--keep-percent-encoded keeps a triplet that is already there', () => {
    expect(run(['build', '--keep-percent-encoded', '{"path":"/a%20b c"}']).stdout).toBe('/a%20b%20c\n');
    expect(run(['build', '{"path":"/a%20b c"}']).stdout).toBe('/a%2520b%20c\n');
  });
});

describe('urigram redact', () => {
  it('masks the password by default, and the values of the query parameters named', () => {
    const r = run(['redact', '--query', 'token,key'], 'ftp://alice:secret@h/?token=abc&x=1&key=k\nhttp://h/no-secret\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('ftp://alice:****@h/?token=****&x=1&key=****\nhttp://h/no-secret\n');
  });

  it('--userinfo remove, --mask, --json; an invalid URI is reported and the next one done', () => {
    const r = run(['redact', '--userinfo', 'remove', '--json', 'http://u:p@h/', 'http://a b/', 'http://v@h/']);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ redacted: 'http://h/' });
    expect(lines[1]).toMatchObject({ input: 2 });
    expect(lines[1].error).toMatch(/offset 8/);
    expect(lines[2]).toEqual({ redacted: 'http://h/' });
    expect(run(['redact', '--mask', 'x#y', 'http://u:p@h/']).stdout).toBe('http://u:x%23y@h/\n');
  });

  it('never writes out an input that is not a URI, masked or not: it is reported by its number and the error', () => {
    // The query parameter named by --query cannot be told in a string that is not a URI: masking the userinfo alone would show the token.
    const input = 'http://user:s3cret@host/a b\nhttp://u:p@h/\nhttps://h/?token=abc123 x\nhttps://h/?token=s3cr%Qet\n';
    const text = run(['redact', '--query', 'token'], input);
    expect(text.status).toBe(1);
    // Not even the character where the input goes wrong (the "Q" of the fourth), which is the secret's too.
    expect(text.stdout).not.toMatch(/s3cr|abc123|\*\*\*\*\*\*\*|host|Q/);
    expect(text.stdout.split('\n').filter((l) => l.startsWith('invalid'))).toEqual(['invalid  input 1', 'invalid  input 3', 'invalid  input 4']);
    expect(text.stdout).toContain('invalid URI-reference at offset 22: expected HEXDIG in pct-encoded\n');
    expect(text.stdout).toContain('\nhttp://u:****@h/\n');
    const json = run(['redact', '--json', '--query', 'token'], input);
    expect(json.status).toBe(1);
    expect(json.stdout).not.toMatch(/s3cr|abc123|host|Q/);
    const lines = json.stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(Object.keys(lines[0])).toEqual(['input', 'error']);
    expect(lines[0].input).toBe(1);
    expect(lines[2]).toEqual({ input: 3, error: expect.stringContaining('offset 23') });
    expect(lines[1]).toEqual({ redacted: 'http://u:****@h/' });
  });
});
