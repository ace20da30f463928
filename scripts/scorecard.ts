/**
 * npm run scorecard
 *
 * Runs the conformance suite against urigram and the libraries people use for
 * URIs in JavaScript (fast-uri, uri-js, Node's URL, url-parse, ajv-formats'
 * formats in both modes), each through its adapter (scripts/scorecard/adapters.ts),
 * and Python's urllib.parse through --exec and the JSON-lines protocol (when
 * python3 is on the PATH), and writes docs/scorecard.md with its chart
 * docs/scorecard.svg: per category, what each passes, fails or does not do,
 * and what it gets wrong, by cause, with examples.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadSuite } from '../src/conformance/suite';
import { moduleTransport, runSuite, type Report, type Transport } from '../src/conformance/run';
import { execTransport } from '../src/conformance/exec';
import { reportMarkdown, reportSvg } from '../src/conformance/report';
import { URIGRAM_ADAPTER } from '../src/conformance/urigram-adapter';
import { ajvFormats, FAST_URI, NODE_URL, URI_JS, URL_PARSE } from './scorecard/adapters';

const root = path.resolve(__dirname, '..');
const version = (name: string): string => (JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

async function main(): Promise<void> {
  const suite = loadSuite(path.join(root, 'conformance'));
  const transports: Transport[] = [
    moduleTransport('urigram (this checkout)', URIGRAM_ADAPTER),
    moduleTransport(`fast-uri ${version('fast-uri')}`, FAST_URI),
    moduleTransport(`uri-js ${version('uri-js')}`, URI_JS),
    moduleTransport(`Node ${process.version} URL (WHATWG)`, NODE_URL),
    moduleTransport(`url-parse ${version('url-parse')}`, URL_PARSE),
    moduleTransport(`ajv-formats ${version('ajv-formats')} (fast)`, ajvFormats('fast')),
    moduleTransport(`ajv-formats ${version('ajv-formats')} (full)`, ajvFormats('full')),
  ];
  const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  if (python.status === 0) {
    const t = execTransport(`python3 "${path.join(root, 'scripts', 'scorecard', 'urllib_adapter.py')}"`);
    transports.push({ ...t, name: `Python ${python.stdout.trim().replace('Python ', '')} urllib.parse (through --exec)` });
  } else console.error('python3 not found: the urllib.parse row is left out');
  const reports: Report[] = [];
  for (const t of transports) {
    const report = await runSuite(suite, t, { examples: 2 });
    reports.push(report);
    console.log(`${report.implementation}: ${report.scores.map((s) => `${s.category} ${s.passed}/${s.total - s.unsupported}`).join(', ')}`);
  }
  const summary = ['| implementation | ' + suite.categories.map((c) => c.category).join(' | ') + ' |', '| --- |' + suite.categories.map(() => ' ---: |').join('')];
  for (const r of reports) {
    summary.push(`| ${r.implementation} | ` + r.scores.map((s) => (s.total === s.unsupported ? 'n/a' : `${((100 * s.passed) / (s.total - s.unsupported)).toFixed(1)}%`)).join(' | ') + ' |');
  }
  const md = [
    '# Conformance scorecard',
    '',
    `Written by \`npm run scorecard\` on ${new Date().toISOString().slice(0, 10)}, with conformance suite ${suite.version} (\`conformance/\`, ${suite.categories.reduce((a, c) => a + c.cases.length, 0)} cases). Each library is scored through an adapter (\`scripts/scorecard/adapters.ts\`; Python through \`--exec\`), only on what it offers: an operation it does not have is "not supported", not failed. A percentage is of the cases it supports; "n/a": it supports none in that category.`,
    '',
    'uri-js maps an IRI\'s non-ASCII host to its IDNA A-label, which RFC 3987 3.1 allows as an alternative; the suite expects the percent-encoded form of 3.1 step 2, so those cases count against it.',
    '',
    'What the suite holds each answer to is RFC 3986 (and RFC 3987, RFC 2396) as written: a library that follows another standard (Node\'s URL follows the WHATWG URL Standard) fails where the two differ, which is what this page is for.',
    '',
    '![scorecard](scorecard.svg)',
    '',
    ...summary,
    '',
    ...reports.map((r) => reportMarkdown(r, 2)),
  ].join('\n');
  fs.writeFileSync(path.join(root, 'docs', 'scorecard.md'), md);
  fs.writeFileSync(path.join(root, 'docs', 'scorecard.svg'), reportSvg(reports));
  console.log('wrote docs/scorecard.md and docs/scorecard.svg');
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
