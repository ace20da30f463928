/**
 * Issue 30, item 3: the commands that read one input per line of standard
 * input write their results in batches (no write per line: Output.flushSoon),
 * yet a line typed at a terminal, with more input to come, is answered before
 * the next one arrives. Run as users run it: a spawned `node dist/src/cli.js`
 * whose standard input stays open.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

const cli = path.join(__dirname, '..', 'dist', 'src', 'cli.js');

/** Writes `line` to the command's open standard input and resolves with its output once `expected` is in it. */
function answeredWhileOpen(args: string[], line: string, expected: RegExp): Promise<string> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`no answer while standard input was open; output so far: ${JSON.stringify(out)}`));
    }, 20_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      if (expected.test(out)) {
        clearTimeout(timer);
        child.stdin.end();
        child.on('exit', () => resolve(out));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!expected.test(out)) reject(new Error(`exited (${code}) with ${JSON.stringify(out)}`));
    });
    child.stdin.write(`${line}\n`);
  });
}

describe('a line of standard input is answered while the input stays open', () => {
  it.each<[string[], string, RegExp]>([
    // --preset normalize: uppercase-scheme is a normalization rule, off in the default preset (issue 37).
    [['lint', '--preset', 'normalize'], 'HTTP://a.example/', /^-:1:1 {2}info {2}the scheme is case-insensitive.*uppercase-scheme\n/],
    [['lint', '--preset', 'normalize', '--format', 'ndjson'], 'HTTP://a.example/', /^\{"file":"-","line":1,"column":1,"uri":"HTTP:\/\/a\.example\/","diagnostics":\[\{.*"code":"uppercase-scheme".*\}\]\}\n/],
    [['validate'], 'a b', /^invalid {2}"a b"\n/],
    [['normalize'], 'HTTP://A/%7e', /^http:\/\/a\/~\n/],
    [['parse', '--json'], 'a:b', /^\{"input":"a:b".*\}\n/],
    [['redact'], 'http://u:p@h/', /^http:\/\/u:\*+@h\/\n/],
  ])('urigram %j', async (args, line, expected) => {
    expect(await answeredWhileOpen(args, line, expected)).toMatch(expected);
  }, 30_000);
});
