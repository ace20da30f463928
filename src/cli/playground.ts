/**
 * urigram playground: serves the playground page (dist/playground/, built by
 * `npm run build` with scripts/site.ts and shipped in the package) on
 * localhost, and prints its address. Static files only: the page does all its
 * work in the browser, and works as well opened from the disk.
 *
 * The page links the grammar pages where the package has them, as
 * ../../docs/grammars/NAME.html (so that the links work from the disk too, and
 * the package holds each page once): the server maps /docs/grammars/ to the
 * package's docs/grammars/ and every other path to dist/playground/.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { InputError, UsageError } from './io';
import type { Context } from './command';

/** The package's root (this file is dist/src/cli/playground.js once built). */
export const PACKAGE_ROOT = path.resolve(__dirname, '..', '..', '..');

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface Served {
  /** http://127.0.0.1:PORT/ */
  readonly url: string;
  close(): Promise<void>;
}

/** The file that a request path names under the package's root `root`, or undefined (outside the two folders served, not a file, or not a kind served). */
export function fileFor(root: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const normal = path.posix.normalize(`/${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  const pages = '/docs/grammars/';
  const dir = normal.startsWith(pages) ? path.join(root, 'docs', 'grammars') : path.join(root, 'dist', 'playground');
  const file = path.resolve(dir, `.${normal.startsWith(pages) ? normal.slice(pages.length - 1) : normal}`);
  if (file !== dir && !file.startsWith(dir + path.sep)) return undefined;
  if (TYPES[path.extname(file)] === undefined) return undefined;
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Serves the playground of the package at `root` on 127.0.0.1 at `port` (0: a free port). */
export function servePlayground(root: string, port: number): Promise<Served> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = fileFor(root, req.url ?? '/');
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const body = fs.readFileSync(file);
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)], 'content-length': body.length, 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address !== null ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actual}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

export async function runPlayground(ctx: Context): Promise<void> {
  if (ctx.args.length > 0) throw new UsageError(`playground takes no arguments (got ${JSON.stringify(ctx.args[0])})`);
  const portText = ctx.value('--port') ?? '3986';
  if (!/^(0|[1-9][0-9]{0,4})$/.test(portText) || Number(portText) > 65535) throw new UsageError(`--port needs a port number from 0 to 65535, got ${JSON.stringify(portText)}`);
  const index = path.join(PACKAGE_ROOT, 'dist', 'playground', 'index.html');
  if (!fs.existsSync(index)) throw new InputError(`the playground is not built (${index} is missing): run npm run build`);
  let served: Served;
  try {
    served = await servePlayground(PACKAGE_ROOT, Number(portText));
  } catch (e) {
    throw new InputError(`cannot listen on port ${portText}: ${(e as Error).message}`);
  }
  ctx.out.write(`urigram playground: ${served.url}\n(Ctrl-C stops it)\n`);
  await ctx.out.flush();
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      served.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
