/**
 * A conformance report as text, JSON, Markdown, JUnit XML, or an SVG bar
 * chart. Each category (and the core profile) is scored twice: over the cases
 * answered ("score") and by the share of cases answered ("coverage"); a case
 * not supported counts in the second, never as a failure.
 */
import type { BaselineComparison, CoverageChange } from './baseline';
import type { Suite } from './suite';
import type { CategoryScore, Failure, Report, Tally } from './run';
import { PROTOCOL_VERSIONS } from './protocol';

/** A --min-score target and whether the run reaches it. */
export interface MinScore {
  /** A category or a profile ("core"). */
  readonly target: string;
  /** The minimum score over the cases answered, in percent. */
  readonly min: number;
  readonly answered: number | null;
  readonly met: boolean;
}

/** A --min-coverage target and whether the run reaches it. */
export interface MinCoverage {
  /** A category or a profile ("core"). */
  readonly target: string;
  /** The minimum share of the cases answered, in percent. */
  readonly min: number;
  readonly coverage: number | null;
  readonly met: boolean;
}

/** A report with what the command line compared it with. */
export type FullReport = Report & { readonly baseline?: BaselineComparison; readonly minScores?: readonly MinScore[]; readonly minCoverages?: readonly MinCoverage[] };

/** A percentage with one decimal, from the counts (not from the rounded figure of the JSON report). */
const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);
const score = (t: Tally): string => pct(t.passed, t.passed + t.failed);
const coverage = (t: Tally): string => pct(t.passed + t.failed, t.total);
const oneLine = (s: string, max = 100): string => {
  const t = JSON.stringify(s);
  return t.length > max ? t.slice(0, max - 1) + '…' : t;
};
const requestText = (r: Record<string, unknown>): string =>
  Object.entries(r)
    .filter(([k]) => k !== 'id' && k !== 'op')
    .map(([k, v]) => `${k} ${typeof v === 'string' ? oneLine(v) : JSON.stringify(v)}`)
    .join(', ');

/** The rows of a report: the profiles first, then the categories. */
const rows = (report: Report): Array<[string, Tally]> => [...report.profiles.map((p): [string, Tally] => [`${p.profile} (profile)`, p]), ...report.scores.map((s): [string, Tally] => [s.category, s])];

const foldNote = (s: CategoryScore): string => (s.passedAfterCaseNormalization > 0 ? `  (${s.passedAfterCaseNormalization} passed after 6.2.2.1 case normalization)` : '');
/** The fields a category's passes did not judge, the answers not giving them ("offset 33, failure 2"), or undefined. */
const unjudgedText = (s: CategoryScore): string | undefined => (s.passedWithoutJudging === undefined ? undefined : Object.entries(s.passedWithoutJudging).map(([field, n]) => `${field} ${n}`).join(', '));
const unjudgedNote = (s: CategoryScore): string => {
  const text = unjudgedText(s);
  return text === undefined ? '' : `  (passed without judging, not answered: ${text})`;
};
const notRunNote = (t: Tally): string => (t.notRun > 0 ? `  (${t.notRun} not run)` : '');

/** What a report says of a run stopped by its time limit, or undefined. */
function stoppedText(report: Report): string | undefined {
  const s = report.stopped;
  if (s === undefined) return undefined;
  return `stopped: the run's time limit (--max-time ${s.limitMs} ms) came while ${s.notRun[0].id} was asked: it and the ${s.notRun.length - 1} cases after it were not run (in the cases, not answered)`;
}

/** Coverage changes grouped by category (and grammar and rule), in the order first met. */
function coverageGroups(changes: readonly CoverageChange[]): Array<{ name: string; ids: string[] }> {
  const groups = new Map<string, string[]>();
  for (const c of changes) {
    const name = c.rule === undefined ? c.category : `${c.category} ${c.rule}`;
    groups.set(name, [...(groups.get(name) ?? []), c.id]);
  }
  return [...groups].map(([name, ids]) => ({ name, ids }));
}

const someIds = (ids: readonly string[], n = 3): string => ids.slice(0, n).join(', ') + (ids.length > n ? ', ...' : '');

/** The counts of a comparison with a baseline, in one line's words. */
function baselineCounts(b: BaselineComparison, known: string): string {
  return `${b.known} known failures still fail${known}, ${b.new.length} new, ${b.noLongerFailing.length} no longer fail, ${b.noLongerAnswered.length} no longer answered, ${b.newlyAnswered.length} newly answered${b.notInSuite.length > 0 ? `, ${b.notInSuite.length} not in this suite` : ''}`;
}

const uncheckedText = (b: BaselineComparison): string =>
  `coverage not checked for ${b.coverageUnchecked.join(', ')}: the baseline records no answered cases there (written before they were recorded); write it again to check it: --write-baseline ${b.file}`;

// A program that states no protocol is run as the first (conformance/README.md, "The protocol").
const protocolText = (report: Report): string => (report.protocol.stated === null ? `protocol ${PROTOCOL_VERSIONS[0]} (the implementation states none)` : `protocol ${report.protocol.stated}`);

const answeredRules = (s: CategoryScore) => (s.rules ?? []).filter((r) => r.passed + r.failed > 0);

export function reportText(report: FullReport): string {
  const lines = [`${report.implementation}: conformance suite ${report.suiteVersion}, ${protocolText(report)}`];
  const head = (name: string, t: Tally, note = ''): string =>
    `  ${name.padEnd(22)} ${String(t.passed).padStart(6)} ${String(t.failed).padStart(6)} ${String(t.unsupported).padStart(13)} ${String(t.total).padStart(6)} ${score(t).padStart(7)} ${coverage(t).padStart(9)}${note}`;
  lines.push(`  ${''.padEnd(22)} ${'passed'.padStart(6)} ${'failed'.padStart(6)} ${'not supported'.padStart(13)} ${'cases'.padStart(6)} ${'score'.padStart(7)} ${'coverage'.padStart(9)}`);
  for (const p of report.profiles) lines.push(head(`${p.profile} (profile)`, p, notRunNote(p)));
  for (const s of report.scores) lines.push(head(s.category, s, foldNote(s) + unjudgedNote(s) + notRunNote(s)));
  lines.push('  score: passed of the cases answered; coverage: the cases answered, of all (a case not supported is not a failure)');
  const stopped = stoppedText(report);
  if (stopped !== undefined) lines.push('', stopped);
  for (const s of report.scores) {
    if (s.rules === undefined) continue;
    // The rules with a failure (--format json and markdown have every rule).
    const answered = answeredRules(s);
    const failing = answered.filter((r) => r.failed > 0);
    lines.push('', `${s.category} by rule: ${answered.length} of ${s.rules.length} rules answered, ${failing.length} with failures${failing.length > 0 ? ':' : ''}`);
    for (const r of failing) lines.push(head(`${r.grammar} ${r.rule}`, r));
  }
  for (const m of report.minScores ?? []) lines.push(`--min-score ${m.target}=${m.min}: ${m.met ? 'met' : 'NOT MET'} (${m.answered === null ? 'no case answered' : `${m.answered}% of the cases answered`})`);
  for (const m of report.minCoverages ?? []) lines.push(`--min-coverage ${m.target}=${m.min}: ${m.met ? 'met' : 'NOT MET'} (${m.coverage === null ? 'no cases' : `${m.coverage}% of the cases answered`})`);
  const b = report.baseline;
  const listed = b === undefined ? report.causes : groupByCause(b.new);
  if (b !== undefined) {
    lines.push('', `against the baseline ${b.file} (suite ${b.suiteVersion}): ${baselineCounts(b, ' (not listed below; --format json lists them)')}`);
    if (b.noLongerFailing.length + b.noLongerAnswered.length + b.newlyAnswered.length + b.notInSuite.length > 0) lines.push(`  write the baseline again when this is wanted: --write-baseline ${b.file}`);
    for (const n of b.noLongerFailing) lines.push(`  no longer fails: ${n.id} (${n.now}; the baseline says: ${n.cause})`);
    for (const g of coverageGroups(b.noLongerAnswered)) lines.push(`  no longer answered (the baseline has them answered): ${g.name}: ${g.ids.length} (${someIds(g.ids)})`);
    for (const g of coverageGroups(b.newlyAnswered)) lines.push(`  newly answered (and passed; no failure): ${g.name}: ${g.ids.length} (${someIds(g.ids)})`);
    for (const id of b.notInSuite) lines.push(`  not in this suite: ${id}`);
    if (b.coverageUnchecked.length > 0) lines.push(`  ${uncheckedText(b)}`);
  }
  if (listed.length > 0) lines.push('', b === undefined ? 'failures by cause:' : 'new failures by cause:');
  for (const c of listed) {
    lines.push(`  [${c.category}] ${c.cause}: ${c.count}`);
    for (const e of c.examples) lines.push(`      ${e.id}: ${requestText(e.request)} -> ${e.got}`);
  }
  return lines.join('\n') + '\n';
}

/** Failures grouped by cause, every one kept as an example (the new failures of a baseline run: all are listed). */
function groupByCause(failures: readonly Failure[]): Report['causes'] {
  const groups = new Map<string, Failure[]>();
  for (const f of failures) {
    const key = `${f.category}\n${f.cause}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.values()].map((list) => ({ category: list[0].category, cause: list[0].cause, count: list.length, examples: list }));
}

export function reportJson(report: FullReport): string {
  return JSON.stringify(report, null, 2) + '\n';
}

const md = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, '\\n');

export function reportMarkdown(report: FullReport, level = 2): string {
  const h = '#'.repeat(level);
  const out = [
    `${h} ${md(report.implementation)}`,
    '',
    `Conformance suite ${report.suiteVersion}, ${protocolText(report)}. Score: passed of the cases answered; coverage: the cases answered, of all.`,
    '',
    '| category | passed | failed | not supported | cases | score | coverage |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [name, t] of rows(report)) out.push(`| ${name.endsWith('(profile)') ? `**${name}**` : name} | ${t.passed} | ${t.failed} | ${t.unsupported} | ${t.total}${notRunNote(t).replace(/^ +/, ' ')} | ${score(t)} | ${coverage(t)} |`);
  const stopped = stoppedText(report);
  if (stopped !== undefined) out.push('', `**${md(stopped.replace(/^stopped: /, 'Stopped: '))}.**`);
  const folded = report.scores.filter((s) => s.passedAfterCaseNormalization > 0);
  if (folded.length > 0) out.push('', `Passed after 6.2.2.1 case normalization: ${folded.map((s) => `${s.category} ${s.passedAfterCaseNormalization}`).join(', ')}.`);
  const unjudged = report.scores.filter((s) => s.passedWithoutJudging !== undefined);
  if (unjudged.length > 0) out.push('', `Passed without judging a field the answers do not give: ${unjudged.map((s) => `${s.category} (${unjudgedText(s)!})`).join(', ')}.`);
  for (const s of report.scores) {
    const answered = answeredRules(s);
    if (s.rules === undefined || answered.length === 0) continue;
    out.push('', `<details><summary>${s.category} by rule: ${answered.length} of ${s.rules.length} rules answered</summary>`, '', '| grammar | rule | passed | failed | not supported | score | coverage |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const r of answered) out.push(`| ${r.grammar} | ${md(r.rule)} | ${r.passed} | ${r.failed} | ${r.unsupported} | ${score(r)} | ${coverage(r)} |`);
    out.push('', '</details>');
  }
  const b = report.baseline;
  if (b !== undefined) {
    out.push('', `${h}# Against the baseline`, '', `\`${md(b.file)}\` (suite ${b.suiteVersion}): ${baselineCounts(b, '')}.`, '');
    for (const f of b.new) out.push(`- new: \`${md(f.id)}\`: ${md(f.cause)}: ${md(requestText(f.request))} gives ${md(f.got)}`);
    for (const n of b.noLongerFailing) out.push(`- no longer fails: \`${md(n.id)}\` (${n.now})`);
    for (const g of coverageGroups(b.noLongerAnswered)) out.push(`- no longer answered: ${md(g.name)}: ${g.ids.length} (${g.ids.slice(0, 3).map((id) => `\`${md(id)}\``).join(', ')}${g.ids.length > 3 ? ', ...' : ''})`);
    for (const g of coverageGroups(b.newlyAnswered)) out.push(`- newly answered (and passed; no failure): ${md(g.name)}: ${g.ids.length}`);
    for (const id of b.notInSuite) out.push(`- not in this suite: \`${md(id)}\``);
    if (b.coverageUnchecked.length > 0) out.push(`- ${md(uncheckedText(b))}`);
  }
  if (report.causes.length > 0) {
    out.push('', `${h}# What it gets wrong`, '');
    for (const c of report.causes) {
      out.push(`- **${md(c.category)}**: ${md(c.cause)} (${c.count})`);
      for (const e of c.examples) out.push(`  - \`${md(e.id)}\`: ${md(requestText(e.request))} gives ${md(e.got)}`);
    }
  }
  return out.join('\n') + '\n';
}

/**
 * Text for XML 1.0: markup characters as entities, and every character XML cannot hold at all
 * (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF; a lone surrogate) as the
 * text \uXXXX, so that any input of the suite can be shown.
 */
const xml = (s: string): string =>
  s.replace(/[&<>"]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * JUnit XML, as CI systems read it (jest-junit's shape): one <testsuite> per category, one
 * <testcase> per case, named by its id. A failure is a <failure> with the cause as its message and
 * the request, the answer and the expected answer as its text; a case not supported is <skipped>.
 * Against a baseline, a known failure is <skipped> too (message "known failure"), and a case the
 * baseline lists that no longer fails, or that it has answered and is no longer answered, is a
 * <failure>. Of a run stopped by its time limit, the case being asked is an <error> and those
 * after it are <skipped>. The test results then fail exactly when the run does.
 */
export function reportJunit(report: FullReport, suite: Suite): string {
  const failures = new Map(report.failures.map((f) => [f.id, f]));
  const unsupported = new Map(report.unsupported.map((u) => [u.id, u]));
  const b = report.baseline;
  const fresh = new Set(b?.new.map((f) => f.id));
  const noLonger = new Map(b?.noLongerFailing.map((n) => [n.id, n]));
  const noLongerAnswered = new Set(b?.noLongerAnswered.map((c) => c.id));
  const notRun = new Map(report.stopped?.notRun.map((n, k) => [n.id, k]));
  const suites: string[] = [];
  let tests = 0;
  let failed = 0;
  let skipped = 0;
  let errors = 0;
  for (const score of report.scores) {
    const file = suite.categories.find((f) => f.category === score.category);
    if (file === undefined) continue;
    const cases: string[] = [];
    let sf = 0;
    let ss = 0;
    let se = 0;
    for (const c of file.cases) {
      const open = `    <testcase classname="conformance.${xml(score.category)}" name="${xml(c.id)}"`;
      const f = failures.get(c.id);
      const n = noLonger.get(c.id);
      let body: string | undefined;
      if (f !== undefined && (b === undefined || fresh.has(c.id))) {
        sf++;
        body = `<failure message="${xml(f.cause)}" type="${b === undefined ? 'failure' : 'new failure'}">${xml(`request: ${JSON.stringify(f.request)}\ngot: ${f.got}\nexpected: ${f.expected}`)}</failure>`;
      } else if (f !== undefined) {
        ss++;
        body = `<skipped message="${xml(`known failure (baseline): ${f.cause}`)}"/>`;
      } else if (n !== undefined) {
        sf++;
        body = `<failure message="${xml(`no longer fails (${n.now}) but the baseline ${b!.file} lists it: write the baseline again (--write-baseline)`)}" type="baseline"/>`;
      } else if (noLongerAnswered.has(c.id)) {
        sf++;
        body = `<failure message="${xml(`no longer answered (not supported) but the baseline ${b!.file} has it answered: write the baseline again (--write-baseline)`)}" type="baseline"/>`;
      } else if (notRun.get(c.id) === 0) {
        se++;
        body = `<error message="${xml(stoppedText(report)!)}" type="max-time"/>`;
      } else if (notRun.has(c.id)) {
        ss++;
        body = `<skipped message="not run: the run's time limit (--max-time) came before it"/>`;
      } else if (unsupported.has(c.id)) {
        ss++;
        body = `<skipped message="${xml(unsupported.get(c.id)!.cause)}"/>`;
      }
      cases.push(body === undefined ? `${open}/>` : `${open}>\n      ${body}\n    </testcase>`);
    }
    tests += file.cases.length;
    failed += sf;
    skipped += ss;
    errors += se;
    suites.push(`  <testsuite name="${xml(score.category)}" tests="${file.cases.length}" failures="${sf}" errors="${se}" skipped="${ss}">\n${cases.join('\n')}\n  </testsuite>`);
  }
  const name = `urigram conformance suite ${report.suiteVersion}: ${report.implementation}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${xml(name)}" tests="${tests}" failures="${failed}" errors="${errors}" skipped="${skipped}">\n${suites.join('\n')}\n</testsuites>\n`;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One row per implementation and category (the core profile first): a bar of passed (green),
 * failed (red) and not supported (grey) over all its cases, then the score over the cases answered
 * and the coverage.
 */
export function reportSvg(reports: readonly Report[]): string {
  const names = [...new Set(reports.flatMap((r) => rows(r).map(([n]) => n)))];
  const labelWidth = 170;
  const barWidth = 360;
  const row = 16;
  const out: string[] = [];
  let y = 10;
  for (const r of reports) {
    out.push(`<text x="0" y="${y + 12}" font-weight="bold">${esc(r.implementation)}</text>`);
    y += row + 4;
    const byName = new Map(rows(r));
    for (const name of names) {
      const s = byName.get(name);
      out.push(`<text x="10" y="${y + 12}"${name.endsWith('(profile)') ? ' font-weight="bold"' : ''}>${esc(name)}</text>`);
      if (s && s.total > 0) {
        let x = labelWidth;
        for (const [n, colour] of [[s.passed, '#2e7d32'], [s.failed, '#c62828'], [s.unsupported, '#bdbdbd']] as const) {
          const w = (barWidth * n) / s.total;
          if (w > 0) out.push(`<rect x="${x.toFixed(1)}" y="${y + 2}" width="${w.toFixed(1)}" height="${row - 4}" fill="${colour}"><title>${esc(`${name}: ${n} of ${s.total}`)}</title></rect>`);
          x += w;
        }
        out.push(`<text x="${labelWidth + barWidth + 8}" y="${y + 12}">${s.passed + s.failed === 0 ? 'none answered' : `${score(s)} of ${s.passed + s.failed}`}</text>`);
        if (s.passed + s.failed > 0) out.push(`<text x="${labelWidth + barWidth + 120}" y="${y + 12}" fill="#555">${coverage(s)} answered</text>`);
      }
      y += row;
    }
    y += 8;
  }
  const legend =
    `<g transform="translate(${labelWidth},${y})"><rect width="10" height="10" fill="#2e7d32"/><text x="14" y="9">passed</text><rect x="80" width="10" height="10" fill="#c62828"/><text x="94" y="9">failed</text><rect x="150" width="10" height="10" fill="#bdbdbd"/><text x="164" y="9">not supported</text>` +
    `<text y="27">right: the score, passed of the cases answered (of how many), and the coverage, the cases answered of all</text></g>`;
  const height = y + 40;
  const width = labelWidth + barWidth + 250;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">\n${out.join('\n')}\n${legend}\n</svg>\n`;
}
