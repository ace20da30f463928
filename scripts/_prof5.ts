import * as fs from 'node:fs';
import * as path from 'node:path';
import { Writable, Readable } from 'node:stream';
import { main } from '../src/cli/main';
const DIR = 'test/corpus/readmes';
const all = fs.readdirSync(DIR).filter((f) => f.endsWith('.md') && f !== 'README.md').map((f) => fs.readFileSync(path.join(DIR, f), 'utf8')).join('\n\n');
fs.writeFileSync('/tmp/all.md', all);
class Sink extends Writable { override _write(_c: Buffer, _e: string, done: () => void) { done(); } }
(async () => { for (let i = 0; i < 40; i++) await main(['lint', '--no-config', '--extract', '/tmp/all.md'], { stdin: Readable.from([]) as never, stdout: new Sink(), stderr: new Sink() }); })();
