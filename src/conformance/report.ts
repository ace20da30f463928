/**
 * A conformance report as text, JSON, Markdown, or an SVG bar chart (one bar
 * per category: passed, failed and not supported, as shares of its cases).
 */
import type { Report } from './run';

const percent = (n: number, total: number): string => (total === 0 ? '-' : `${((100 * n) / total).toFixed(1)}%`);
const oneLine = (s: string, max = 100): string => {
  const t = JSON.stringify(s);
  return t.length > max ? t.slice(0, max - 1) + '…' : t;
};
const requestText = (r: Record<string, unknown>): string =>
  Object.entries(r)
    .filter(([k]) => k !== 'id' && k !== 'op')
    .map(([k, v]) => `${k} ${typeof v === 'string' ? oneLine(v) : JSON.stringify(v)}`)
    .join(', ');

export function reportText(report: Report): string {
  const lines = [`${report.implementation}: conformance suite ${report.suiteVersion}`];
  for (const s of report.scores) {
    lines.push(`  ${s.category.padEnd(20)} ${String(s.passed).padStart(5)} passed  ${String(s.failed).padStart(5)} failed  ${String(s.unsupported).padStart(5)} not supported  of ${s.total}  (${percent(s.passed, s.total)})`);
  }
  if (report.causes.length > 0) lines.push('', 'failures by cause:');
  for (const c of report.causes) {
    lines.push(`  [${c.category}] ${c.cause}: ${c.count}`);
    for (const e of c.examples) lines.push(`      ${e.id}: ${requestText(e.request)} -> ${e.got}`);
  }
  return lines.join('\n') + '\n';
}

export function reportJson(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

const md = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, '\\n');

export function reportMarkdown(report: Report, level = 2): string {
  const h = '#'.repeat(level);
  const out = [`${h} ${report.implementation}`, '', '| category | passed | failed | not supported | cases | score |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  for (const s of report.scores) out.push(`| ${s.category} | ${s.passed} | ${s.failed} | ${s.unsupported} | ${s.total} | ${percent(s.passed, s.total)} |`);
  if (report.causes.length > 0) {
    out.push('', `${h}# What it gets wrong`, '');
    for (const c of report.causes) {
      out.push(`- **${md(c.category)}**: ${md(c.cause)} (${c.count})`);
      for (const e of c.examples) out.push(`  - \`${md(e.id)}\`: ${md(requestText(e.request))} gives ${md(e.got)}`);
    }
  }
  return out.join('\n') + '\n';
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One row per implementation and category: a bar of passed (green), failed (red) and not supported (grey). */
export function reportSvg(reports: readonly Report[]): string {
  const categories = [...new Set(reports.flatMap((r) => r.scores.map((s) => s.category)))];
  const labelWidth = 170;
  const barWidth = 400;
  const row = 16;
  const rows: string[] = [];
  let y = 10;
  for (const r of reports) {
    rows.push(`<text x="0" y="${y + 12}" font-weight="bold">${esc(r.implementation)}</text>`);
    y += row + 4;
    for (const category of categories) {
      const s = r.scores.find((x) => x.category === category);
      rows.push(`<text x="10" y="${y + 12}">${esc(category)}</text>`);
      if (s && s.total > 0) {
        let x = labelWidth;
        for (const [n, colour] of [[s.passed, '#2e7d32'], [s.failed, '#c62828'], [s.unsupported, '#bdbdbd']] as const) {
          const w = (barWidth * n) / s.total;
          if (w > 0) rows.push(`<rect x="${x.toFixed(1)}" y="${y + 2}" width="${w.toFixed(1)}" height="${row - 4}" fill="${colour}"><title>${esc(`${category}: ${n} of ${s.total}`)}</title></rect>`);
          x += w;
        }
        rows.push(`<text x="${labelWidth + barWidth + 8}" y="${y + 12}">${percent(s.passed, s.total)}</text>`);
      }
      y += row;
    }
    y += 8;
  }
  const legend = `<g transform="translate(${labelWidth},${y})"><rect width="10" height="10" fill="#2e7d32"/><text x="14" y="9">passed</text><rect x="80" width="10" height="10" fill="#c62828"/><text x="94" y="9">failed</text><rect x="150" width="10" height="10" fill="#bdbdbd"/><text x="164" y="9">not supported</text></g>`;
  const height = y + 20;
  const width = labelWidth + barWidth + 70;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">\n${rows.join('\n')}\n${legend}\n</svg>\n`;
}
