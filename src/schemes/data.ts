/**
 * data (RFC 2397): the media type, parameters and data of a URL that
 * grammar/schemes/rfc2397.abnf accepts, and what RFC 2397 says in prose:
 * the data of a ";base64" URL is base64, and the escapes of a token stand for
 * token characters.
 */
import type { SpanTuple } from '../core/records';
import { captures } from './captures';
import { hasPercent, octetsOf } from './octets';
import { problem, type SchemeInput, type SchemeReading } from './reader';
import type { DataComponents, SchemeProblem } from '../core/scheme-types';

/** RFC 2045 6.8, Table 1: the 64 characters of base64, by code unit (1 for each). */
const BASE64 = Uint8Array.from({ length: 128 }, (_, c) => (/[A-Za-z0-9+/]/.test(String.fromCharCode(c)) ? 1 : 0));
const isBase64 = (o: number): boolean => o < 128 && BASE64[o] === 1;

/**
 * RFC 2045 5.1: a token is US-ASCII characters but SPACE, CTLs and tspecials
 * ("(" ")" "<" ">" "@" "," ";" ":" "\" <"> "/" "[" "]" "?" "=").
 */
function isTokenOctet(o: number): boolean {
  return o > 0x20 && o < 0x7f && !'()<>@,;:\\"/[]?='.includes(String.fromCharCode(o));
}

/**
 * The base64 of RFC 2045 6.8 on the data's octets (escapes decoded): characters of the alphabet, then at
 * most two "=" of padding, in a length that is a multiple of four, line breaks aside. RFC 2045 6.8 has
 * the encoded stream "represented in lines of no more than 76 characters each" and decoders ignore the
 * line breaks: a CR or LF (in a URL, "%0D" and "%0A") is skipped. Any other character outside the
 * alphabet is reported, not skipped (6.8: "a warning or even a message rejection might be appropriate";
 * urigram is strict).
 */
function base64Problem(input: string, [start, end]: SpanTuple): SchemeProblem | undefined {
  const o = octetsOf(input, start, end);
  const say = (message: string, at: number, to: number) => problem('data-base64', 'error', 'RFC 2397 2; RFC 2045 6.8', message, at, to);
  const width = (k: number) => (o.encoded[k] === 1 ? 3 : 1);
  // The octets that count, line breaks left out (their indexes into o).
  const kept: number[] = [];
  for (let k = 0; k < o.length; k++) if (o.octets[k] !== 0x0d && o.octets[k] !== 0x0a) kept.push(k);
  const n = kept.length;
  let pad = n;
  while (pad > 0 && o.octets[kept[pad - 1]] === 0x3d && n - pad < 2) pad--;
  for (let j = 0; j < pad; j++) {
    const k = kept[j];
    if (!isBase64(o.octets[k])) {
      const ch = String.fromCharCode(o.octets[k]);
      const what = ch === '=' ? '"=" is padding, only at the end (at most two)' : `${o.encoded[k] === 1 ? input.slice(o.at[k], o.at[k] + 3) : JSON.stringify(ch)} is not a base64 character (A-Z, a-z, 0-9, "+", "/"; line breaks aside)`;
      return say(`the data is not base64: ${what}`, o.at[k], o.at[k] + width(k));
    }
  }
  if (n % 4 !== 0) {
    return say(`the data is not base64: ${n} characters${n === o.length ? '' : ' without its line breaks'}, and base64 comes in groups of four (padded with "=")`, end, end);
  }
  return undefined;
}

export function readData(s: SchemeInput): SchemeReading {
  const { input, text, rule, grammar } = s;
  const c = captures(text, rule, grammar);
  const data = (c.get('data') as SpanTuple[])[0];
  const mediatype = c.get('mediatype')?.[0];
  // The text between the media type and the "," is ";base64" or nothing (the grammar allows no other).
  const base64 = input.slice(mediatype?.[1] ?? 5, data[0] - 1) !== '';
  const type = c.get('type')?.[0];
  const subtype = c.get('subtype')?.[0];
  const attributes = c.get('attribute') ?? [];
  const values = c.get('value') ?? [];
  const problems: SchemeProblem[] = [];
  // 3: a type, a subtype or an attribute is an RFC 2045 token, "represented using URL escaped encoding": an escape
  // there stands for a token character. (A value's escapes may stand for anything: RFC 2397 3 has values escape
  // their tspecials where RFC 2045 would quote them.)
  for (const [what, spans] of s.componentsOnly === true ? [] : ([['type', type ? [type] : []], ['subtype', subtype ? [subtype] : []], ['attribute', attributes]] as const)) {
    for (const [a, b] of spans) {
      if (!hasPercent(input, a, b)) continue;
      const o = octetsOf(input, a, b);
      const k = o.octets.findIndex((x, i) => o.encoded[i] === 1 && !isTokenOctet(x));
      if (k >= 0) problems.push(problem('data-token', 'error', 'RFC 2397 3; RFC 2045 5.1', `${input.slice(o.at[k], o.at[k] + 3)} in the ${what} ${JSON.stringify(input.slice(a, b))} stands for a character no token has (a space, a control or one of ()<>@,;:\\"/[]?=)`, o.at[k], o.at[k] + 3));
    }
  }
  if (base64 && s.componentsOnly !== true) {
    const bad = base64Problem(input, data);
    if (bad !== undefined) problems.push(bad);
  }
  const mediaType = type !== undefined && subtype !== undefined ? input.slice(type[0], subtype[1]) : undefined;
  const components: DataComponents = {
    scheme: 'data',
    mediaType,
    parameters: attributes.map(([a, b], k) => ({ attribute: input.slice(a, b), value: input.slice(values[k][0], values[k][1]) })),
    base64,
    data: input.slice(data[0], data[1]),
    spans: { data, ...(type !== undefined && subtype !== undefined ? { mediaType: [type[0], subtype[1]] as SpanTuple } : {}) },
  };
  return { components, problems };
}
