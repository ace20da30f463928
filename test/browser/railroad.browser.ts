/**
 * The railroad diagrams as a browser draws them: the grammar pages and the playground hold them compacted
 * (scripts/railroad.ts, compactSvg: issue 48's package size), and each must look as railroad-diagrams' own output
 * does, with the stylesheet the pages use. Not pixel for pixel: railroad-diagrams draws each line segment as a
 * <path> of its own, and where two meet end to end (x = 128.5, say, with the .5 translation) the anti-aliased pixel
 * column is half covered by each, which composites to 3/4 (a faint seam); compacted, the segments are subpaths of
 * one <path>, whose pixel there is covered once, in full. So: a few pixels differ, by at most a quarter of the range.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../scripts/browser';
import { diagramCss, linkedDiagram, ruleDiagram } from '../../scripts/railroad';
import { parsePeggy } from '../../scripts/grammar-check/peggy';
import { grammarFileOf } from '../../scripts/registry';
import { GRAMMARS } from '../../src';

const root = path.join(__dirname, '..', '..');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
});

/** The diagram drawn alone, at the page's top left (the same place for both, so that text lands on the same pixels). */
async function shot(svg: string): Promise<string> {
  await page.setContent(`<!DOCTYPE html><html><head><style>${diagramCss(root)}</style></head><body>${svg}</body></html>`);
  return (await page.locator('svg').screenshot()).toString('base64');
}

/** How many pixels of two screenshots of one size differ, and by how much at most (a channel's 0 to 255). */
function compare(a: string, b: string): Promise<{ pixels: number; differ: number; most: number }> {
  return page.evaluate(async ([x, y]) => {
    const read = async (png: string): Promise<{ data: Uint8ClampedArray; width: number; height: number }> => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return { data: context.getImageData(0, 0, bitmap.width, bitmap.height).data, width: bitmap.width, height: bitmap.height };
    };
    const [p, q] = [await read(x), await read(y)];
    if (p.width !== q.width || p.height !== q.height) return { pixels: p.width * p.height, differ: Infinity, most: 255 };
    let differ = 0;
    let most = 0;
    for (let i = 0; i < p.data.length; i += 4) {
      let d = 0;
      for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(p.data[i + c] - q.data[i + c]));
      if (d > 0) differ++;
      most = Math.max(most, d);
    }
    return { pixels: p.width * p.height, differ, most };
  }, [a, b] as const);
}

describe('the compacted railroad diagrams', () => {
  it.each([...GRAMMARS])("%s: every rule's diagram is drawn as railroad-diagrams' own output is, but for the seams where two segments met", async (grammar) => {
    const rules = parsePeggy(fs.readFileSync(path.join(root, grammarFileOf(root, grammar, 'peggy')), 'utf8')).rules;
    expect(rules.length).toBeGreaterThan(0);
    const far: string[] = [];
    for (const rule of rules) {
      const { pixels, differ, most } = await compare(await shot(linkedDiagram(rule)), await shot(ruleDiagram(rule)));
      if (differ > pixels * 0.02 || most > 64) far.push(`${rule.name}: ${differ} of ${pixels} pixels differ, by up to ${most}`);
    }
    expect(far).toEqual([]);
  }, 180_000);
});
