/**
 * `urigram whatwg` (issue 31): the readings side by side, a caret under each
 * cause, --json, --table, --base, standard input, exit 1 on a security
 * difference; and every `$ npx urigram whatwg ...` of README.md and docs/*.md,
 * run, with its output as shown there. Runs dist/ (npm run build).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const cli = path.join(root, 'dist', 'src', 'cli.js');

function run(args: readonly string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The words of a POSIX shell command line: '...', "..." (with \\ and \"), $'...' (with \t \n \\ \'), and bare words. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ') i++;
    if (i >= line.length) break;
    let word = '';
    while (i < line.length && line[i] !== ' ') {
      if (line.startsWith("$'", i)) {
        i += 2;
        while (line[i] !== "'") {
          if (line[i] === '\\') {
            const e = line[i + 1];
            word += e === 't' ? '\t' : e === 'n' ? '\n' : e === 'r' ? '\r' : e;
            i += 2;
          } else word += line[i++];
        }
        i++;
      } else if (line[i] === "'") {
        const end = line.indexOf("'", i + 1);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (line[i] === '"') {
        i++;
        while (line[i] !== '"') {
          if (line[i] === '\\' && '"\\$`'.includes(line[i + 1])) i++;
          word += line[i++];
        }
        i++;
      } else word += line[i++];
    }
    words.push(word);
  }
  return words;
}

/** Each `$ npx urigram whatwg ...` of a Markdown file's code blocks, with the output shown under it. */
function examples(file: string): Array<{ args: string[]; output: string; exit?: number }> {
  const text = fs.readFileSync(file, 'utf8');
  const out: Array<{ args: string[]; output: string; exit?: number }> = [];
  for (const block of text.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)) {
    const lines = block[1].split('\n');
    for (let k = 0; k < lines.length; k++) {
      const m = /^\$ npx urigram (whatwg .*?)(; echo \$\?)?$/.exec(lines[k]);
      if (m === null) continue;
      let end = k + 1;
      while (end < lines.length && !lines[end].startsWith('$ ')) end++;
      const shown = lines.slice(k + 1, end).join('\n').replace(/\n*$/, '\n');
      if (m[2] === undefined) out.push({ args: shellWords(m[1]), output: shown });
      else {
        const body = shown.trimEnd().split('\n');
        out.push({ args: shellWords(m[1]), output: `${body.slice(0, -1).join('\n')}\n`, exit: Number(body[body.length - 1]) });
      }
    }
  }
  return out;
}

describe('the shell words of a documented command line', () => {
  it("reads quotes as a shell does: 'a\\\\b' is two backslashes, $'a\\tb' a tab", () => {
    expect(shellWords("whatwg --table 'http:\\\\e\\x' $'ht\\ttp' \"a\\\"b\" c")).toEqual(['whatwg', '--table', 'http:\\\\e\\x', 'ht\ttp', 'a"b', 'c']);
  });
});

describe('the documented runs of urigram whatwg', () => {
  const files = [path.join(root, 'README.md'), ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join(root, 'docs', f))];
  const all = files.flatMap((file) => examples(file).map((e) => [path.relative(root, file), e] as const));

  it('are there: the README shows the issue\'s table, docs/whatwg.md more', () => {
    expect(all.filter(([f]) => f === 'README.md').length).toBeGreaterThanOrEqual(1);
    expect(all.filter(([f]) => f === path.join('docs', 'whatwg.md')).length).toBeGreaterThanOrEqual(2);
    const readme = all.find(([f, e]) => f === 'README.md' && e.args.includes('--table'))?.[1];
    for (const input of ['http://0x7f.1/', 'http://127.1/', 'http://2130706433/', 'https://10.1000/x', 'http://127.0.0.1./', 'http://%6c%6fcalhost/', 'http://a%2fb/', 'http:\\\\evil.com\\x', 'http://a\\@b/', 'http://evil\u3002com/', 'ht\ttp://ex\nample.com/', 'http:example.com', 'http:////x', 'http://EXAMPLE.com:80/a/../b']) {
      expect(readme?.args).toContain(input);
    }
  });

  it.each(all.map(([file, e]) => [`${file}: urigram ${e.args.join(' ').slice(0, 60)}`, e] as const))('%s', (_title, e) => {
    const r = run(e.args);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(e.output);
    if (e.exit !== undefined) expect(r.status).toBe(e.exit);
  });
});

describe('urigram whatwg', () => {
  it('draws both readings side by side, the verdict, and a caret under each cause', () => {
    const r = run(['whatwg', 'http://0x7f.1/']);
    expect(r.stdout).toContain('  host       "0x7f.1" reg-name  "127.0.0.1" IPv4\n');
    expect(r.stdout).toContain('verdict    differs\n  difference: host, ipv4-number-form (security)\n    http://0x7f.1/\n           ^\n');
    const b = run(['whatwg', 'http://a\\@b/']);
    expect(b.stdout).toContain('  difference: host, backslash (security)\n    http://a\\@b/\n            ^\n');
    expect(b.stdout).toContain('  RFC 3986: invalid URI-reference at offset 8');
  });

  it('exits 1 when any input has a security difference, 0 otherwise (notes and other differences are no failure)', () => {
    expect(run(['whatwg', 'https://example.com/', 'http://%6c%6fcalhost/', 'ftp://h']).status).toBe(0);
    expect(run(['whatwg', 'https://example.com/', 'http://127.1/']).status).toBe(1);
    expect(run(['whatwg', 'http://h/a b']).status).toBe(0);
  });

  it('--json: compareWithWhatwg\'s result, one object per line, the RFC 3986 error as JSON', () => {
    const lines = run(['whatwg', '--json', 'http://0x7f.1/', 'http:\\\\x']).stdout.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.verdict)).toEqual(['differs', 'whatwg-only']);
    expect(lines[0].differences[0]).toMatchObject({ component: 'host', class: 'ipv4-number-form', offset: 7, security: true });
    expect(lines[1].rfc3986).toMatchObject({ valid: false, error: { offset: 5, rule: 'URI-reference' } });
  });

  it('reads standard input, one URI per line, and takes --base and --grammar', () => {
    const r = run(['whatwg', '--table', '--base', 'https://good.example/'], '/\\evil.example\n/ok\n');
    expect(r.stdout).toContain('| `/\\evil.example` | host `evil.example`, path `/` | invalid at offset 1 | whatwg-only: backslash (security) |');
    expect(r.stdout).toContain('| `/ok` | the same | the same | same |');
    expect(r.status).toBe(1);
    expect(run(['whatwg', '--grammar', 'rfc3987', '--table', 'http://evil\u3002com/']).stdout).toContain('differs: idna-mapping (security)');
  });

  it('refuses a base that is no absolute URI as a usage error, and a grammar it does not take', () => {
    const r = run(['whatwg', '--base', '/relative', 'g']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--base: must be an absolute URI');
    expect(run(['whatwg', '--grammar', 'rfc2396', 'g']).status).toBe(2);
  });
});
