/**
 * `lint --format sarif`: a SARIF 2.1.0 log, written as the results come (the
 * run's head, each result, the close), so that it streams like the other
 * formats. Columns are UTF-16 code units, as the log says (columnKind) and
 * ./positions counts them.
 */
import { LINT_RULES, type Diagnostic, type Severity } from '../lint';
import { openObject, type Output } from './output';
import type { LocatedUri } from './positions';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** What a result is about: a URI, and where it was found when it came from a file. */
export interface SarifTarget {
  readonly uri: string;
  readonly file?: string;
  readonly located?: LocatedUri;
}

/** What a result says: a diagnostic, or a failure of the linter reported like one. */
export type SarifFinding = Pick<Diagnostic, 'code' | 'severity' | 'message' | 'start' | 'end' | 'fix'> & { section?: string };

export class SarifWriter {
  private first = true;

  constructor(
    private readonly out: Output,
    private readonly version: string,
  ) {}

  /** Writes the log's head, up to the opening of the results. */
  open(): void {
    const rules = Object.entries(LINT_RULES).map(([id, r]) => ({
      id,
      shortDescription: { text: `${id} (${r.section})` },
      defaultConfiguration: { level: LEVEL[r.severity as Severity] },
      properties: { section: r.section },
    }));
    const head = { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0' };
    const run = { tool: { driver: { name: 'urigram', version: this.version, rules } }, columnKind: 'utf16CodeUnits' };
    openObject(this.out, head);
    this.out.write('"runs":[');
    openObject(this.out, run);
    this.out.write('"results":[\n');
  }

  result(target: SarifTarget, finding: SarifFinding): void {
    this.out.write(`${this.first ? '' : ',\n'}${JSON.stringify(sarifResult(target, finding))}`);
    this.first = false;
  }

  /** Closes the results, the run and the log. */
  close(): void {
    this.out.write(`${this.first ? '' : '\n'}]}]}\n`);
  }
}

/** A SARIF result names its URI; one this long is cut (with "…"), so that many results on one long URI stay linear in size. */
const URI_LIMIT = 256;

function elided(uri: string): string {
  if (uri.length <= URI_LIMIT) return uri;
  const cut = /[\ud800-\udbff]/.test(uri[URI_LIMIT - 1]) ? URI_LIMIT - 1 : URI_LIMIT;
  return `${uri.slice(0, cut)}\u2026`;
}

function sarifResult(target: SarifTarget, d: SarifFinding): object {
  // A range that is empty (an error at an offset) is shown as the one code unit there.
  const range = target.located?.range(d.start, Math.max(d.end, d.start + 1));
  const region = range ? { startLine: range.start.line, startColumn: range.start.column, endLine: range.end.line, endColumn: range.end.column } : undefined;
  return {
    ruleId: d.code,
    level: LEVEL[d.severity],
    message: { text: `${d.message}${d.section ? ` (${d.section})` : ''} in ${JSON.stringify(elided(target.uri))}` },
    ...(target.file !== undefined ? { locations: [{ physicalLocation: { artifactLocation: { uri: target.file }, ...(region ? { region } : {}) } }] } : {}),
    properties: { uri: elided(target.uri), start: d.start, end: d.end, ...(d.fix ? { fix: d.fix } : {}) },
  };
}
