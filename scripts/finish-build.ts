/**
 * The last step of `npm run build`, after tsc has compiled src/ into dist/src/:
 *
 * - copies generated/*.js and *.d.ts to dist/generated/, where the compiled
 *   modules require them (../generated/rfc3986);
 * - marks dist/src/cli.js executable. npm links the `urigram` bin when it
 *   installs, before `prepare` has built dist/, so it never gets to set the
 *   mode itself, and tsc writes files without it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..');
const from = path.join(root, 'generated');
const to = path.join(root, 'dist', 'generated');
fs.rmSync(to, { recursive: true, force: true });
fs.mkdirSync(to, { recursive: true });
for (const file of fs.readdirSync(from)) {
  if (file.endsWith('.js') || file.endsWith('.d.ts')) fs.copyFileSync(path.join(from, file), path.join(to, file));
}
fs.chmodSync(path.join(root, 'dist', 'src', 'cli.js'), 0o755);
