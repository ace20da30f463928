/**
 * urigram playground: serves the playground page (dist/playground/, built by
 * `npm run build` with scripts/site.ts and shipped in the package) on
 * localhost, and prints its address. Static files only: the page does all its
 * work in the browser, and works as well opened from the disk.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { InputError, UsageError } from './io';
import type { Context } from './command';

/** dist/playground, beside dist/src (this file is dist/src/cli/playground.js once built). */
export const PLAYGROUND_DIR = path.resolve(__dirname, '..', '..', 'playground');

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

/** The file of `dir` that a request path names, or undefined (outside it, not a file, or not a kind served). */
export function fileFor(dir: string, requestPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split(/[?#]/)[0]);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const file = path.resolve(dir, `.${path.posix.normalize(`/${relative}`)}`);
  if (file !== dir && !file.startsWith(dir + path.sep)) return undefined;
  if (TYPES[path.extname(file)] === undefined) return undefined;
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Serves `dir` on 127.0.0.1 at `port` (0: a free port). */
export function servePlayground(dir: string, port: number): Promise<Served> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const file = fileFor(dir, req.url ?? '/');
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
  if (!fs.existsSync(path.join(PLAYGROUND_DIR, 'index.html'))) {
    throw new InputError(`the playground is not built (${PLAYGROUND_DIR} has no index.html): run npm run build`);
  }
  let served: Served;
  try {
    served = await servePlayground(PLAYGROUND_DIR, Number(portText));
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
