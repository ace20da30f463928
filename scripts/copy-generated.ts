/**
 * Part of `npm run build`: tsc compiles src/ into dist/src/, whose modules
 * require ../generated/*.js; this copies the generated parsers and their
 * typings to dist/generated/ beside them.
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
