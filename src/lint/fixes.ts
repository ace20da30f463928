/**
 * Fixes: applyFixes (a URI with the fixes of its diagnostics written), and how
 * lint() keeps the fixes of one URI from overlapping and one cause from being
 * reported twice. A diagnostic's suggestions are not fixes: nothing here
 * applies them.
 */
import { replaceSpans } from '../encoding/code-units';
import { describeValue } from '../core/options';
import { ruleOf, type LintCode, type Severity } from './registry';
import { withoutFix, type Diagnostic, type DiagnosticData, type Fix } from './diagnostic';

/** Whether two fixes cannot both be applied: they share a character, or begin at the same offset (an insertion there would go on either side). */
function conflicts(x: Fix, y: Fix): boolean {
  if (x.start === y.start) return true;
  return x.start < y.start ? y.start < x.end : x.start < y.end;
}

/**
 * Leaves off the fixes that would overlap: the safe ones (normalization's,
 * which never overlap one another) all stay; a suggestion stays when it
 * overlaps none of them and no suggestion before it. One sort and a binary
 * search per suggestion.
 */
export function dropOverlappingFixes(out: Diagnostic[]): Diagnostic[] {
  const suggested: number[] = [];
  out.forEach((d, k) => {
    if (d.fix !== undefined && ruleOf(d.code).fix !== 'safe') suggested.push(k);
  });
  // None (a URI of many "%XX" has only safe fixes): no list of the safe ones either.
  if (suggested.length === 0) return out;
  const safe: Fix[] = [];
  for (const d of out) if (d.fix !== undefined && ruleOf(d.code).fix === 'safe') safe.push(d.fix);
  safe.sort((a, b) => a.start - b.start);
  suggested.sort((a, b) => (out[a].fix as Fix).start - (out[b].fix as Fix).start || a - b);
  let last: Fix | undefined;
  const result = out.slice();
  for (const k of suggested) {
    const f = out[k].fix as Fix;
    // The first safe fix that ends at or after f begins: only it and the two after it can touch f.
    let lo = 0;
    let hi = safe.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (safe[mid].end < f.start) lo = mid + 1;
      else hi = mid;
    }
    let clash = last !== undefined && conflicts(last, f);
    for (let j = lo; !clash && j < safe.length && j < lo + 3; j++) clash = conflicts(safe[j], f);
    if (clash) result[k] = withoutFix(out[k]);
    else last = f;
  }
  return result;
}

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

/**
 * Without a WHATWG rule's diagnostic over exactly the range of another rule's
 * (but `syntax`) of the same or a higher severity: one cause, already
 * reported (an empty host, a port out of range); and without
 * `whatwg-host-differs` beside a finding of another rule that names the host
 * each reading has (its data's `hosts`: "http:/host", missing-slash): that
 * finding is the host difference. A `whatwg-host-differs` left out for a
 * finding that does not name the hosts gives it its own (message and `hosts`):
 * the one finding of the cause says where the request goes ("http:///evil.example":
 * an empty host to RFC 3986, "evil.example" to browsers). `on`: whether a rule
 * reports; a finding of a rule that is off stands for no other.
 */
export function withoutRepeatedCauses(out: Diagnostic[], on: (code: LintCode) => boolean = () => true): Diagnostic[] {
  const whatwg = (d: Diagnostic) => d.code === 'whatwg-host-differs' || d.code === 'whatwg-differs';
  if (!out.some(whatwg)) return out;
  if (out.some((d) => d.data?.hosts !== undefined && !whatwg(d) && on(d.code))) out = out.filter((d) => d.code !== 'whatwg-host-differs');
  const ranges = new Map<string, number>();
  // Not syntax: that one says RFC 3986 refuses the URI, a WHATWG rule where a browser goes with it.
  for (const d of out) if (!whatwg(d) && d.code !== 'syntax' && on(d.code)) ranges.set(`${d.start}:${d.end}`, Math.max(ranges.get(`${d.start}:${d.end}`) ?? -1, RANK[d.severity]));
  const repeated = (d: Diagnostic): boolean => whatwg(d) && (ranges.get(`${d.start}:${d.end}`) ?? -1) >= RANK[d.severity];
  const hostsOf = new Map<string, Diagnostic>();
  for (const d of out) if (d.code === 'whatwg-host-differs' && d.data?.hosts !== undefined && on(d.code) && repeated(d)) hostsOf.set(`${d.start}:${d.end}`, d);
  const kept: Diagnostic[] = [];
  for (const d of out) {
    if (repeated(d)) continue;
    const host = whatwg(d) || d.code === 'syntax' || !on(d.code) ? undefined : hostsOf.get(`${d.start}:${d.end}`);
    if (host === undefined || d.data?.hosts !== undefined) {
      kept.push(d);
      continue;
    }
    hostsOf.delete(`${d.start}:${d.end}`);
    kept.push({ ...d, message: `${d.message}; ${hostsSentence(host.data?.hosts as NonNullable<DiagnosticData['hosts']>)}`, data: { ...d.data, hosts: host.data?.hosts } });
  }
  return kept;
}

/**
 * The non-ascii finding on an IRI's host that the URL parser only encodes (LintContext.encodedHost) with the
 * hosts in its message and data: the one finding of that cause, it says where a request goes.
 */
export function withEncodedHost(out: Diagnostic[], note: { readonly at: number; readonly hosts: NonNullable<DiagnosticData['hosts']> }): Diagnostic[] {
  return out.map((d) =>
    d.code === 'non-ascii' && d.start === note.at && d.data?.hosts === undefined
      ? { ...d, message: `${d.message}; the WHATWG URL parser (browsers, fetch) encodes the host ${JSON.stringify(note.hosts.rfc3986)} as ${JSON.stringify(note.hosts.whatwg)}, the same name, where a request goes`, data: { ...d.data, hosts: note.hosts } }
      : d,
  );
}

/** A finding's `hosts`, said: the host each reading has (`rfc`: the RFC that reads it, 3986 or 3987), and so where a browser's request goes. */
export function hostsSentence(hosts: NonNullable<DiagnosticData['hosts']>, rfc = 'RFC 3986'): string {
  const said = (h: string | null): string => (h === null ? 'no host' : h === '' ? 'an empty host' : `the host ${JSON.stringify(h.length > 40 ? `${h.slice(0, 40)}…` : h)}`);
  return `${rfc} reads ${said(hosts.rfc3986)}, the WHATWG URL parser (browsers, fetch) ${said(hosts.whatwg)}${hosts.whatwg === null || hosts.whatwg === '' ? '' : ', where a request goes'}`;
}

/**
 * The fixes of `diagnostics`, checked (applyFixes takes diagnostics from anywhere: a file, a tool), as
 * parallel columns, each value read once: a TypeError for a diagnostic that is not an object or a fix
 * that is not { replacement: string, start, end }, a RangeError for offsets that are not integers with
 * 0 <= start <= end <= the URI's length. Never clamped: such a fix was made for another text.
 */
function checkedFixes(diagnostics: readonly unknown[], length: number): { start: Int32Array; end: Int32Array; replacement: string[] } {
  // Typed columns sized once (at most a fix per diagnostic): nothing per fix for the collector but its replacement.
  const starts = new Int32Array(diagnostics.length);
  const ends = new Int32Array(diagnostics.length);
  const replacements: string[] = [];
  for (let k = 0; k < diagnostics.length; k++) {
    const d = diagnostics[k];
    if (typeof d !== 'object' || d === null) throw new TypeError(`applyFixes: diagnostic ${k} is ${describeValue(d)}, not a diagnostic`);
    const fix = (d as { fix?: unknown }).fix;
    if (fix === undefined) continue;
    if (typeof fix !== 'object' || fix === null) throw new TypeError(`applyFixes: the fix of diagnostic ${k} is ${describeValue(fix)}, not { replacement, start, end }`);
    const { replacement, start, end } = fix as Record<string, unknown>;
    if (typeof replacement !== 'string') throw new TypeError(`applyFixes: the fix of diagnostic ${k} has a replacement that is ${describeValue(replacement)}, not a string`);
    if (typeof start !== 'number' || typeof end !== 'number' || !Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || end > length) {
      const spans = `applyFixes: the fix of diagnostic ${k} spans ${typeof start === 'number' ? start : describeValue(start)} to ${typeof end === 'number' ? end : describeValue(end)}, not offsets 0 <= start <= end <= ${length} into the URI`;
      throw typeof start !== 'number' || typeof end !== 'number' ? new TypeError(spans) : new RangeError(spans);
    }
    starts[replacements.length] = start;
    ends[replacements.length] = end;
    replacements.push(replacement);
  }
  return { start: starts.subarray(0, replacements.length), end: ends.subarray(0, replacements.length), replacement: replacements };
}

/**
 * Applies the fixes of `diagnostics` to `uri`. An Error when two of them overlap or begin at the
 * same offset (an insertion there could go on either side), which those of one lint() call never
 * do; a TypeError or a RangeError for a fix that is not one for this URI (see checkedFixes).
 */
export function applyFixes(uri: string, diagnostics: readonly Diagnostic[]): string {
  if (typeof uri !== 'string') throw new TypeError(`applyFixes: expected the URI as a string, got ${describeValue(uri)}`);
  if (!Array.isArray(diagnostics)) throw new TypeError(`applyFixes: expected the diagnostics as an array, got ${describeValue(diagnostics)}`);
  const { start: starts, end: ends, replacement: replacements } = checkedFixes(diagnostics, uri.length);
  const n = starts.length;
  // In order of start: lint's own are already (no sort, no list of indices).
  let order: number[] | undefined;
  for (let k = 1; k < n; k++) {
    if (starts[k] < starts[k - 1]) {
      order = Array.from({ length: n }, (_, i) => i).sort((a, b) => starts[a] - starts[b] || a - b);
      break;
    }
  }
  // Checked before anything is written: overlapping, or two at one offset (an insertion there could go on either side).
  let at = 0;
  let previous = -1;
  for (let i = 0; i < n; i++) {
    const k = order === undefined ? i : order[i];
    if (starts[k] < at || starts[k] === previous) throw new Error(`overlapping fixes at offset ${starts[k]}`);
    previous = starts[k];
    at = ends[k];
  }
  return replaceSpans(uri, starts, ends, replacements, order);
}
