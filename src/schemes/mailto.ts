/**
 * mailto (RFC 6068): the addresses and header fields of a URI that
 * grammar/schemes/rfc6068.abnf accepts, and the rules of RFC 6068 2 and 5
 * that its ABNF cannot say.
 *
 * The grammar reads the URI as written. An address there is percent-encoded
 * (RFC 6068 2 (1): DQUOTE, "[", "]" and others are not URI characters), so
 * the address it stands for is checked once decoded, against the same
 * grammar's addr-spec (RFC 5322's, without its obsolete forms). A decoded
 * character outside ASCII is taken as an atext, a qtext or a dtext, as RFC
 * 6532 3.2 extends them for internationalized addresses (RFC 6068 2 (5)
 * reserves such percent-encoding for them); its octets must be UTF-8.
 */
import { check } from '../core/parse';
import { matchesRule } from '../core/backends';
import { diagnose } from '../core/diagnose';
import { orList, type UriSyntaxError } from '../core/errors';
import { captures } from './captures';
import { decodedSpan, hasPercent, octetsOf } from './octets';
import { problem, type SchemeInput, type SchemeReading } from './reader';
import type { MailtoAddress, MailtoHeader, SchemeProblem } from '../core/scheme-types';

/** Characters an address may hold by the grammar (atext) that RFC 6068 2 (1) says are percent-encoded: gen-delims but "@" and ":", and "&", ";", "=". */
const MUST_ENCODE = ['/', '?', '&', '='];

const hex = (octet: number): string => `%${octet.toString(16).toUpperCase().padStart(2, '0')}`;

/** The decoded text, a character outside ASCII as "a" (an atext, qtext and dtext alike: RFC 6532 3.2), with the input offset of each code unit. */
function asciiStandIn(text: string): string {
  return text.replace(/[^\x00-\x7f]/gu, (c) => 'a'.repeat(c.length));
}

/** The message and the triplet of mailto-unencoded for each character: one string each, shared by every problem (an address of a million "/" has as many). */
const UNENCODED: ReadonlyMap<string, { readonly message: string; readonly replacement: string }> = new Map(
  [...MUST_ENCODE].map((c) => [c, { message: `${JSON.stringify(c)} in an address is percent-encoded in a mailto URI: ${hex(c.charCodeAt(0))}`, replacement: hex(c.charCodeAt(0)) }]),
);

/**
 * An address whose domain runs on over a "?" to the end of the URI's text ("mailto:a@b?body=a/b"): the grammar's
 * atext has "?", "=" and "/", so it read the header fields as the domain only because they are not
 * hfields. Read as header fields, as RFC 6068 2 (1) (a "?" in an address is percent-encoded) says they
 * are meant, where they fail: that is the problem, not the "?". Undefined when they are hfields.
 */
function headerFieldsProblem(input: string, textEnd: number, domainStart: number, end: number): SchemeProblem | undefined {
  if (end !== textEnd) return undefined;
  const q = input.indexOf('?', domainStart);
  if (q < 0 || q >= end) return undefined;
  const fields = input.slice(q, end);
  // Only what begins as a header field does, an hfname and its "=" ("?body="): "b?x" stays a domain with a "?" to encode.
  const eq = fields.indexOf('=');
  if (eq < 2 || !matchesRule(fields.slice(1, eq), 'hfname', 'rfc6068')) return undefined;
  if (matchesRule(fields, 'hfields', 'rfc6068')) return undefined;
  const e = diagnose(fields, 'hfields', 'rfc6068');
  const at = q + e.offset;
  const found = at < end ? JSON.stringify(String.fromCodePoint(input.codePointAt(at) as number)) : 'end of input';
  return problem('mailto-hfields', 'error', 'RFC 6068 2', `the header fields from the "?" at offset ${q}: expected ${orList(e.expected)} in ${e.rulePath[e.rulePath.length - 1] ?? 'hfields'}, found ${found}`, at, Math.min(end, at + 1));
}

function checkAddress(input: string, a: MailtoAddress, localEnd: number, textEnd: number, out: SchemeProblem[]): string | undefined {
  const [start, end] = a.span;
  // In the domain only: a "?" in the local part is the address's own, to be percent-encoded (below).
  const fields = headerFieldsProblem(input, textEnd, localEnd + 1, end);
  if (fields !== undefined) {
    out.push(fields);
    return undefined;
  }
  // 2 (1): the characters atext lets through that must be percent-encoded; a run of one of them is one problem (one
  // cause: "a@b////" is not four mistakes), its span the run's and its fix each one encoded.
  for (let i = start; i < end; i++) {
    const u = UNENCODED.get(input[i]);
    if (u === undefined) continue;
    let j = i + 1;
    while (j < end && input.charCodeAt(j) === input.charCodeAt(i)) j++;
    out.push({ code: 'mailto-unencoded', severity: 'error', message: u.message, start: i, end: j, section: 'RFC 6068 2', fix: { replacement: u.replacement.repeat(j - i), start: i, end: j } });
    i = j - 1;
  }
  if (hasPercent(input, localEnd + 1, end)) domainEncoding(input, localEnd, end, out);
  // 2 (4), (5): octets outside ASCII only as UTF-8.
  const decoded = decodedSpan(input, start, end);
  if ('invalidAt' in decoded) {
    out.push(problem('mailto-percent-encoding', 'error', 'RFC 6068 2', 'percent-encoded octets in an address that are not UTF-8: non-ASCII characters are percent-encoded as UTF-8 (STD 63)', decoded.invalidAt, decoded.invalidAt + 3));
    return undefined;
  }
  // 2: the address, decoded, is an RFC 5322 addr-spec without its obsolete forms (the automaton first; the error only when it refuses).
  const text = /[^\x00-\x7f]/.test(decoded.text) ? asciiStandIn(decoded.text) : decoded.text;
  if (matchesRule(text, 'addr_spec', 'rfc6068')) return decoded.text;
  const e = check(text, { grammar: 'rfc6068', rule: 'addr-spec' }) as UriSyntaxError;
  const at = decoded.offsetOf(e.offset);
  const found = e.offset < decoded.text.length ? JSON.stringify(String.fromCodePoint(decoded.text.codePointAt(e.offset) as number)) : 'its end';
  out.push(problem('mailto-address', 'error', 'RFC 6068 2; RFC 5322 3.4.1', `the address ${JSON.stringify(decoded.text)} (decoded) is no addr-spec: at ${found}, expected ${e.expected.join(' or ')} in ${e.rulePath[e.rulePath.length - 1] ?? 'addr-spec'}`, at, Math.min(end, at + 3)));
  return decoded.text;
}

/**
 * 2 (4): in a domain name, percent-encoding only for the UTF-8 of an
 * internationalized name; a domain literal's "[" and "]" are percent-encoded
 * by 2 (1), and the literal is no name. The first ASCII octet encoded in the
 * domain name, if any.
 */
function domainEncoding(input: string, localEnd: number, end: number, out: SchemeProblem[]): void {
  if (/^%5B/i.test(input.slice(localEnd + 1, localEnd + 4)) && /%5D$/i.test(input.slice(end - 3, end))) return;
  const octets = octetsOf(input, localEnd + 1, end);
  for (let k = 0; k < octets.length; k++) {
    if (octets.encoded[k] === 1 && octets.octets[k] < 0x80) {
      const at = octets.at[k];
      out.push(problem('mailto-percent-encoding', 'error', 'RFC 6068 2', `${input.slice(at, at + 3)} in a domain: percent-encoding in a domain name is only for the UTF-8 of an internationalized name (write ${JSON.stringify(String.fromCharCode(octets.octets[k]))} as itself, or the name in its IDNA form)`, at, at + 3));
      return;
    }
  }
}

function decodedOrUndefined(input: string, start: number, end: number): string | undefined {
  const t = decodedSpan(input, start, end);
  return 'invalidAt' in t ? undefined : t.text;
}

/** Line breaks in a header field's value: [offset, octet] of each %0D and %0A. */
function lineBreaks(input: string, start: number, end: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (!hasPercent(input, start, end)) return out;
  const o = octetsOf(input, start, end);
  for (let k = 0; k < o.length; k++) if (o.encoded[k] === 1 && (o.octets[k] === 0x0d || o.octets[k] === 0x0a)) out.push([o.at[k], o.octets[k]]);
  return out;
}

export function readMailto(s: SchemeInput): SchemeReading {
  const { input, text, rule, grammar, record } = s;
  const c = captures(text, rule, grammar);
  const problems: SchemeProblem[] = [];
  const to: MailtoAddress[] = [];
  // Each address has its one local part and one domain, logged in the same order: the k-th of each go together.
  const locals = c.get('local_part') ?? [];
  const domains = c.get('domain_before_hfields') ?? [];
  for (const [k, [start, end]] of (c.get('addr_spec_before_hfields') ?? []).entries()) {
    const [ls, le] = locals[k];
    const [ds, de] = domains[k];
    const a: MailtoAddress = { text: input.slice(start, end), localPart: input.slice(ls, le), domain: input.slice(ds, de), address: undefined, span: [start, end] };
    // Components only (normalize): the spans, without decoding or checking the address.
    to.push(s.componentsOnly === true ? a : { ...a, address: checkAddress(input, a, le, text.length, problems) });
  }
  const headers: MailtoHeader[] = [];
  const names = c.get('hfname') ?? [];
  const values = c.get('hfvalue') ?? [];
  (c.get('hfield') ?? []).forEach(([start, end], k) => {
    const [ns, ne] = names[k];
    const [vs, ve] = values[k];
    const decodedName = decodedOrUndefined(input, ns, ne)?.toLowerCase();
    const decodedValue = s.componentsOnly === true ? undefined : decodedOrUndefined(input, vs, ve);
    headers.push({ name: input.slice(ns, ne), value: input.slice(vs, ve), decodedName, decodedValue, span: [start, end] });
  });
  if (s.componentsOnly === true) return { components: { scheme: 'mailto', to, headers }, problems };
  // One string per distinct message, made once: a body of a million "%0A" has as many problems, all alike.
  const messages = new Map<string, string>();
  const say = (key: string, make: () => string): string => {
    let m = messages.get(key);
    if (m === undefined) messages.set(key, (m = make()));
    return m;
  };
  const seen = new Set<string>();
  for (const h of headers) {
    const vs = h.span[0] + h.name.length + 1;
    const breaks = lineBreaks(input, vs, h.span[1]);
    if (h.decodedName === 'body') {
      // 5: "line breaks in the body of a message MUST be encoded with "%0D%0A"".
      for (let k = 0; k < breaks.length; k++) {
        const [at, octet] = breaks[k];
        const paired = octet === 0x0d ? breaks[k + 1]?.[1] === 0x0a && breaks[k + 1][0] === at + 3 : breaks[k - 1]?.[1] === 0x0d && breaks[k - 1][0] === at - 3;
        if (!paired) {
          const triplet = input.slice(at, at + 3);
          problems.push(problem('mailto-line-break', 'error', 'RFC 6068 5', say(triplet, () => `${triplet} alone in a body: a line break there is "%0D%0A"`), at, at + 3));
        }
      }
    } else if (breaks.length > 0) {
      const [at] = breaks[0];
      problems.push(problem('mailto-line-break', 'warning', 'RFC 6068 5', `a line break (${input.slice(at, at + 3)}) in the header field ${JSON.stringify(h.name)}: line breaks in header fields other than the body SHOULD NOT be used`, at, at + 3));
    }
    if (h.decodedName !== undefined) {
      if (seen.has(h.decodedName)) {
        problems.push(problem('mailto-repeated-header', 'warning', 'RFC 6068 2', say(`\u0000${h.name}`, () => `the header field ${JSON.stringify(h.name)} again: the same hfname SHOULD NOT be used twice in a URI (user agents do different things with it)`), h.span[0], h.span[1]));
      }
      seen.add(h.decodedName);
      if (h.decodedName === 'to' && to.length > 0) {
        problems.push(problem('mailto-to-header', 'warning', 'RFC 6068 2', 'a "to" header field as well as addresses before the "?": NOT RECOMMENDED, some clients ignore the header field\'s', h.span[0], h.span[1]));
      }
    }
  }
  // 2: "fragment identifiers are meaningless, SHOULD NOT be used on 'mailto' URIs".
  const fragment = record.spans.fragment;
  if (fragment !== undefined) problems.push(problem('mailto-fragment', 'warning', 'RFC 6068 2', 'a fragment on a mailto URI: it means nothing there and SHOULD NOT be used ("#" in a header field value is written %23)', fragment[0] - 1, fragment[1]));
  // In input order: the addresses' come first, then the header fields', then the fragment's (sorted only if not).
  if (problems.some((p, k) => k > 0 && p.start < problems[k - 1].start)) problems.sort((a, b) => a.start - b.start);
  return { components: { scheme: 'mailto', to, headers }, problems };
}
