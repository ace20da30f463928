/**
 * npm run scorecard [-- --partial]
 *
 * Runs the conformance suite against urigram, the libraries people use for
 * URIs in JavaScript (fast-uri, uri-js, Node's URL, url-parse, ajv-formats'
 * formats in both modes), each through its adapter (scripts/scorecard/adapters.ts),
 * and the example adapters for other languages (conformance/adapters/: Python's
 * urllib.parse, Go's net/url, Java's java.net.URI, C's uriparser, and
 * whatwg-url for the URL Standard's whatwg-validity) through
 * --exec and the JSON-lines protocol, and writes docs/scorecard.md with its
 * chart docs/scorecard.svg: per category and for the core profile, the score
 * over the cases answered beside the coverage, and what each gets wrong.
 *
 * Every toolchain must be installed (the page records the versions measured);
 * --partial leaves out the rows of those that are not, and the page says so.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadSuite } from '../src/conformance/suite';
import { moduleTransport, runSuite, type AdapterModule, type Report, type Tally, type Transport } from '../src/conformance/run';
import { PROTOCOL_VERSION } from '../src/conformance/protocol';
import { execTransport } from '../src/conformance/exec';
import { reportMarkdown, reportSvg } from '../src/conformance/report';
import { URIGRAM_ADAPTER } from '../src/conformance/urigram-adapter';
import { ajvFormats, FAST_URI, NODE_URL, URI_JS, URL_PARSE } from './scorecard/adapters';
import { buildIn, FOREIGN_ADAPTERS } from './conformance/foreign-adapters';

const root = path.resolve(__dirname, '..');
const version = (name: string): string => (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

/** "84.1% · 4.4%": the score over the cases answered, then the coverage; "n/a" when none is answered. */
const cell = (t: Tally): string => (t.passed + t.failed === 0 ? 'n/a' : `${((100 * t.passed) / (t.passed + t.failed)).toFixed(1)}% · ${((100 * (t.passed + t.failed)) / t.total).toFixed(1)}%`);

async function main(argv: string[]): Promise<number> {
  const suite = loadSuite(path.join(root, 'conformance'));
  // The in-process adapters are written for this protocol: they state it.
  const js = (implementation: string, adapter: AdapterModule): Transport => moduleTransport(implementation, { ...adapter, protocol: PROTOCOL_VERSION, implementation });
  const transports: Transport[] = [
    js('urigram (this checkout)', URIGRAM_ADAPTER),
    js(`fast-uri ${version('fast-uri')}`, FAST_URI),
    js(`uri-js ${version('uri-js')}`, URI_JS),
    js(`Node ${process.version} URL (WHATWG)`, NODE_URL),
    js(`url-parse ${version('url-parse')}`, URL_PARSE),
    js(`ajv-formats ${version('ajv-formats')} (fast)`, ajvFormats('fast')),
    js(`ajv-formats ${version('ajv-formats')} (full)`, ajvFormats('full')),
  ];
  const left: string[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'urigram-scorecard-'));
  for (const adapter of FOREIGN_ADAPTERS) {
    const why = adapter.missing();
    if (why === undefined) {
      const dir = buildIn(adapter, root, path.join(work, path.basename(adapter.file)));
      transports.push({ ...execTransport(adapter.exec, { cwd: dir }), name: adapter.name });
    } else if (argv.includes('--partial')) left.push(`${adapter.name} (${why})`);
    else {
      console.error(`${adapter.name}: ${why}; install ${adapter.packages.join(' ')} or run with -- --partial to leave it out`);
      return 1;
    }
  }
  const reports: Report[] = [];
  try {
    for (const t of transports) {
      const report = await runSuite(suite, t, { examples: 2 });
      reports.push(report);
      console.log(`${report.implementation}: core ${cell(report.profiles[0])}; ${report.scores.map((s) => `${s.category} ${cell(s)}`).join(', ')}`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const names = suite.categories.map((c) => c.category);
  const summary = ['| implementation | **core** | ' + names.join(' | ') + ' |', '| --- | ---: |' + names.map(() => ' ---: |').join('')];
  for (const r of reports) summary.push(`| ${r.implementation} | **${cell(r.profiles[0])}** | ${r.scores.map(cell).join(' | ')} |`);
  const date = new Date().toISOString().slice(0, 10);
  const md = [
    '# Conformance scorecard',
    '',
    `Written by \`npm run scorecard\` on ${date} (${os.platform()} ${os.arch()}), with conformance suite ${suite.version} (\`conformance/\`, ${suite.categories.reduce((a, c) => a + c.cases.length, 0)} cases) and protocol ${reports[0].protocol.runner}. Each implementation is named as measured, with its version. The JavaScript libraries are scored through in-process adapters (\`scripts/scorecard/adapters.ts\`), the others through \`--exec\` and the example adapters of \`conformance/adapters/\` (with the toolchains of the machine that ran it: Go, Java and uriparser from Debian 12's packages), only on what each offers: an operation it does not have is "not supported", not failed.`,
    '',
    'Each cell gives two figures: the **score**, passed of the cases the implementation answered, and the **coverage**, the cases it answered of all the category\'s ("n/a": it answered none). Read them together: a high score at a low coverage says it is right about the little it answers. The **core** profile is what any URI library can answer (validity of RFC 3986\'s reference rules, components, strict resolution, syntax-based normalization: `conformance/README.md`, "Scores"). Most validity cases ask about one ABNF rule (`IPv6address`, `h16`, ...), which only a grammar-driven implementation answers; each section below breaks validity down by rule.',
    '',
    'Components and resolution targets are compared as written and, when they differ, after RFC 3986 6.2.2.1\'s case normalization (a parser that lower-cases the scheme or the host is not wrong); the count of such passes is given. uri-js maps an IRI\'s non-ASCII host to its IDNA A-label, which RFC 3987 3.1 allows as an alternative; the suite expects the percent-encoded form of 3.1 step 2, so those cases count against it.',
    '',
    'What the suite holds each answer to is RFC 3986 (and RFC 3987, RFC 2396, RFC 6570; the URL Standard for `whatwg-validity` alone) as written: a library that follows another standard (Node\'s URL follows the WHATWG URL Standard; `java.net.URI` follows RFC 2396) fails where the two differ, which is what this page is for.',
    ...(left.length > 0 ? ['', `Left out of this run (toolchain not installed): ${left.join('; ')}.`] : []),
    '',
    '![scorecard](scorecard.svg)',
    '',
    ...summary,
    '',
    // The suite's inputs, quoted in what each library gets wrong, are invalid or unusual on purpose: this shipped
    // page must not fail urigram's own linter (issue 37), so they are marked as what they are.
    '<!-- urigram-disable -- the conformance suite\'s inputs, invalid and unusual on purpose -->',
    '',
    ...reports.map((r) => reportMarkdown(r, 2)),
    '',
    '<!-- urigram-enable -->',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(root, 'docs', 'scorecard.md'), md);
  fs.writeFileSync(path.join(root, 'docs', 'scorecard.svg'), reportSvg(reports));
  console.log('wrote docs/scorecard.md and docs/scorecard.svg');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e) => {
    console.error(e);
    process.exitCode = 1;
  },
);
