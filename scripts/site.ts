/**
 * npm run site (also the last step of `npm run build`)
 *
 * Builds the playground into dist/playground/, the folder `urigram playground`
 * serves (and that works opened from the disk: no server logic, no CDN):
 *
 *   index.html       src/playground/index.html, with the railroad diagrams of the
 *                    grammars (scripts/railroad.ts, railroadGrammar) in a
 *                    <script type="application/json" id="diagrams">
 *   playground.js    src/playground/main.ts bundled by esbuild for the browser,
 *                    minified, from the library's ES module build (dist/esm, what
 *                    a user's bundler gets): its imports of src/ are taken from
 *                    there, so the build must have run first
 *   playground.css   src/playground/playground.css and the railroad-diagrams
 *                    package's stylesheet
 *
 * The page links the grammar pages where they are, docs/grammars/NAME.html (npm run
 * generate), as ../../docs/grammars/NAME.html: from the disk as from `urigram
 * playground` (which serves docs/grammars/ there), and the package holds each once.
 *
 * The page's JavaScript is measured like the library (gzip -9) against its own
 * budget, PAGE_BUDGET (test/playground.test.ts); it is in none of the package's
 * bundles, whose budgets (scripts/size.ts) it does not touch.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { diagramCss, railroadGrammar } from './railroad';
import { readRegistry } from './registry';

const root = path.resolve(__dirname, '..');
export const SITE_DIR = path.join(root, 'dist', 'playground');
/** The grammars the playground shows: those the option `grammar` selects and parse() takes (grammar/registry.json). */
const GRAMMARS = readRegistry(root).filter((e) => e.select === 'grammar' && e.records !== 'none').map((e) => e.name);

/**
 * The page's JavaScript, gzipped, at most: the library's whole API with the three grammars, and the page (the diagrams are
 * in index.html). 72 KB since the WHATWG comparison (issue 31), which lint runs and the page shows: about 10 KB of it;
 * 84 KB since the template tab (issue 33): RFC 6570's automaton, recognizer and diagnostic back end, and
 * src/template/, about 12 KB. 88 KB since issue 36's speed work (2026-12-05): the fast path's expressions, the
 * diagnostic back ends' run skips, resolve's and normalize's component paths, about 1.5 KB, 2.5 KB left for what
 * comes next. 90 KB since issue 44 (the template matcher's texts found by one scan, its limits and
 * TemplateMatchError, the check of a repeated variable's empty expressions, the reserved operator's error: about
 * 2 KB) met issue 45's lint suggestions (about 0.8 KB) at 88.4 KB. 94 KB since issue 45's rules of authors' mistakes
 * (2026-12-07): six rules with their messages and the IANA registry's 243 scheme names (scheme-typo), 3.5 KB, which
 * lint runs and the page shows. 102 KB since issue 49 (2026-12-07): the grammar whatwg-url, which the page lists
 * with the others (its automata and the valid-domain checks, about 1.6 KB), and lint's url-writing, which names the
 * URL Standard's validation errors (src/whatwg/validation-errors.ts and validation-hosts.ts, about 5.4 KB) at 101.2 KB.
 * 104 KB since the speed work of 2026-12-07's last session (the CI's fuzz found `grammars` and lint over their CPU
 * limit): isValid's fast path for the writing grammar (its expression and the host check in one pass, which make
 * isValid with whatwg-url about as fast as URL.canParse), and lint's proofs that skip the WHATWG comparison, about
 * 1 KB, at 102.3 KB.
 * The page is opened from the disk too (file:), where a browser loads no module chunk:
 * it is one script, so a tab's code cannot wait until the tab is opened.
 */
export const PAGE_BUDGET = 104 * 1024;

/** src/playground's imports of the library (../index, ../core/diagnose, ...) resolved to the ES module build. */
const fromEsmBuild: Plugin = {
  name: 'urigram-esm-build',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/[a-z0-9/-]+$/ }, (args) => {
      if (path.resolve(args.resolveDir) !== path.join(root, 'src', 'playground')) return undefined;
      const file = path.join(root, 'dist', 'esm', 'src', `${path.relative(path.join(root, 'src'), path.resolve(args.resolveDir, args.path))}.js`);
      if (!fs.existsSync(file)) throw new Error(`scripts/site.ts: ${path.relative(root, file)} is missing: run the build (npm run build) first`);
      return { path: file };
    });
  },
};

/** The page's script, bundled and minified. */
export async function bundlePage(): Promise<{ js: Uint8Array; inputs: string[] }> {
  const result = await build({
    entryPoints: [path.join(root, 'src', 'playground', 'main.ts')],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
    plugins: [fromEsmBuild],
    legalComments: 'none',
  });
  const meta = Object.values(result.metafile.outputs)[0];
  return { js: result.outputFiles[0].contents, inputs: Object.keys(meta.inputs).filter((f) => meta.inputs[f].bytesInOutput > 0) };
}

export function gzipSize(bytes: Uint8Array): number {
  return zlib.gzipSync(bytes, { level: 9 }).length;
}

/** The diagrams as the page reads them, safe inside a <script> element. */
function diagramsJson(): string {
  const all: Record<string, unknown> = {};
  for (const g of GRAMMARS) {
    const data = railroadGrammar(root, g);
    all[g] = { rules: data.rules.map((r) => ({ name: r.name, abnf: r.abnf, section: r.section, deviations: r.deviations, svg: r.svg })) };
  }
  return JSON.stringify(all).replace(/</g, '\\u003c');
}

export async function buildSite(): Promise<{ files: string[]; gzipped: number }> {
  const { js } = await bundlePage();
  fs.rmSync(SITE_DIR, { recursive: true, force: true });
  fs.mkdirSync(SITE_DIR, { recursive: true });
  const html = fs.readFileSync(path.join(root, 'src', 'playground', 'index.html'), 'utf8');
  if (!html.includes('<!--DIAGRAMS-->')) throw new Error('scripts/site.ts: src/playground/index.html has no <!--DIAGRAMS--> marker');
  fs.writeFileSync(path.join(SITE_DIR, 'index.html'), html.replace('<!--DIAGRAMS-->', `<script type="application/json" id="diagrams">${diagramsJson()}</script>`));
  fs.writeFileSync(path.join(SITE_DIR, 'playground.js'), js);
  fs.writeFileSync(path.join(SITE_DIR, 'playground.css'), `${fs.readFileSync(path.join(root, 'src', 'playground', 'playground.css'), 'utf8')}\n${diagramCss(root)}`);
  const files = ['index.html', 'playground.js', 'playground.css'];
  return { files, gzipped: gzipSize(js) };
}

if (require.main === module) {
  buildSite().then(
    ({ gzipped }) => {
      // stderr: the build runs this, and `npm pack --json` needs stdout to be JSON alone.
      process.stderr.write(`wrote ${path.relative(root, SITE_DIR)}/ (playground.js ${(gzipped / 1024).toFixed(1)} KB gzipped, budget ${PAGE_BUDGET / 1024} KB)\n`);
      if (gzipped > PAGE_BUDGET) process.exitCode = 1;
    },
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
