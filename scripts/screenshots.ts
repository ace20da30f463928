/**
 * npm run screenshots
 *
 * Writes docs/playground-valid.png and docs/playground-invalid.png, the two
 * screenshots of the playground that the README and docs/playground.md show: the built page
 * (dist/playground: run npm run build first) in the operating system's
 * Chromium (scripts/browser.ts), served as `urigram playground` serves it.
 */
import * as path from 'node:path';
import { launchBrowser } from './browser';
import { servePlayground } from '../src/cli/playground';

const root = path.resolve(__dirname, '..');

const SHOTS: ReadonlyArray<{ file: string; input: string; height: number }> = [
  { file: 'docs/playground-valid.png', input: 'foo://user@example.com:8042/over/there?name=ferret#nose', height: 760 },
  { file: 'docs/playground-invalid.png', input: 'http://[v7.]/', height: 780 },
];

async function main(): Promise<void> {
  const served = await servePlayground(root, 0);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 960, height: 1000 }, deviceScaleFactor: 1 });
    for (const shot of SHOTS) {
      await page.goto(`${served.url}#i=${encodeURIComponent(shot.input)}`);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await page.screenshot({ path: path.join(root, shot.file), clip: { x: 0, y: 0, width: 960, height: shot.height } });
      process.stdout.write(`wrote ${shot.file}\n`);
    }
  } finally {
    await browser.close();
    await served.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
