/**
 * The browser for the playground's tests (test/browser/) and screenshots
 * (scripts/screenshots.ts): the operating system's Chromium, driven by
 * puppeteer-core (which downloads no browser). Its path is CHROMIUM_PATH, else
 * /usr/bin/chromium, else a chromium (or chromium-browser) on PATH.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const candidates = ['/usr/bin/chromium', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean).flatMap((d) => [path.join(d, 'chromium'), path.join(d, 'chromium-browser')])];
  const found = candidates.find((f) => fs.existsSync(f));
  if (found === undefined) throw new Error('no Chromium: install it (apt-get install chromium) or set CHROMIUM_PATH');
  return found;
}

/** Headless Chromium; --no-sandbox because CI runs as root. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}
