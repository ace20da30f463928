/**
 * urigram itself as a conformance adapter: each operation of the protocol by
 * the public API. It is what `urigram conformance` runs by default, and what
 * the tests hold to a full score.
 */
import { equivalent, expandTemplate, iriToUri, isValid, matches, normalize, parse, percentDecode, percentEncode, removeDotSegments, resolve, tryParse, uriToIri, UriSyntaxError, whatwgValidationErrors, type EncodableComponent, type GrammarName, type ParseOptions, type RuleName, type TemplateVariables } from '..';
import type { AdapterModule, Request } from './run';
import { JUDGED_COMPONENTS } from './suite';
import { PROTOCOL_VERSION, READING_KEYS } from './protocol';

const text = (r: Request, key: string): string => r[key] as string;
const options = (r: Request): ParseOptions => ({ grammar: r.grammar as GrammarName, rule: r.rule }) as ParseOptions;
const base = (r: Request): { base?: string } => (typeof r.base === 'string' ? { base: r.base } : {});

export const URIGRAM_ADAPTER: AdapterModule = {
  protocol: PROTOCOL_VERSION,
  // matches() takes every rule of the grammar, the reference rules included: one recognizer either way.
  validate: (r) => matches(text(r, 'rule') as RuleName, text(r, 'input'), { grammar: r.grammar as GrammarName } as ParseOptions),
  errorOffset: (r) => {
    try {
      parse(text(r, 'input'), options(r));
    } catch (e) {
      if (e instanceof UriSyntaxError) return e.offset;
      throw e;
    }
    return null; // no error: the input parses
  },
  components: (r) => {
    const record = parse(text(r, 'input'), options(r)) as unknown as Record<string, string | undefined>;
    const out: Record<string, string | null> = {};
    for (const key of JUDGED_COMPONENTS) out[key] = record[key] ?? null;
    return out;
  },
  // A base's fragment is not part of the base (RFC 3986 5.1; README, the protocol's resolve): resolve strips it, as the suite's cases expect.
  resolve: (r) => resolve(text(r, 'base'), text(r, 'reference'), r.mode === 'rfc2396' ? { algorithm: 'rfc2396' } : { strict: r.mode === 'strict' }),
  removeDotSegments: (r) => removeDotSegments(text(r, 'input')),
  normalize: (r) => normalize(text(r, 'input'), { level: r.level as 'syntax' | 'scheme' }),
  equivalent: (r) => equivalent(text(r, 'a'), text(r, 'b'), { level: r.level as 'simple' | 'syntax' | 'scheme' }),
  iriToUri: (r) => iriToUri(text(r, 'input')),
  uriToIri: (r) => uriToIri(text(r, 'input')),
  percentEncode: (r) => percentEncode(text(r, 'input'), text(r, 'component') as EncodableComponent),
  percentDecode: (r) => percentDecode(text(r, 'input')),
  templateValidate: (r) => isValid(text(r, 'template'), { grammar: 'rfc6570' }),
  templateExpand: (r) => expandTemplate(text(r, 'template'), r.variables as TemplateVariables, { iri: r.iri === true }),
  // The writing grammar: true, or its error (UriSyntaxError, with the offset where the string stops being valid).
  whatwgValidate: (r) => {
    const result = tryParse(text(r, 'input'), { grammar: 'whatwg-url', ...base(r) });
    if (result.ok) return true;
    throw result.error;
  },
  whatwgValidationErrors: (r) => {
    const errors = whatwgValidationErrors(text(r, 'input'), base(r));
    return { errors: errors.map((e) => ({ name: e.name, offset: e.offset })), failure: errors.failure };
  },
  // Protocol 2: RFC 3986's reading, a URI-reference (resolved by 5.2 against the base, when there is one).
  reading: (r) => {
    const input = typeof r.base === 'string' ? resolve(r.base, text(r, 'input')) : text(r, 'input');
    const record = parse(input, { grammar: 'rfc3986', rule: 'URI-reference' }) as unknown as Record<string, string | undefined>;
    const out: Record<string, string | null> = {};
    for (const key of READING_KEYS) out[key] = record[key] ?? (key === 'path' ? '' : null);
    return out;
  },
};
