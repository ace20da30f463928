/**
 * Conformance adapters for the JavaScript libraries people use for URIs, for
 * npm run scorecard. Each maps the protocol's operations onto what the
 * library offers, and says "unsupported" where it offers nothing: a library
 * is scored only on what it claims to do. The peers are dev dependencies.
 *
 * Where a library has no notion of a rule, it is asked only for the rules it
 * implements: a URI parser that accepts relative references is asked
 * URI-reference; one that takes only absolute URIs (Node's URL), URI.
 */
import type { AdapterModule, Request } from '../../src/conformance/run';

/* eslint-disable @typescript-eslint/no-require-imports -- peers loaded as their users load them, typed here with what the adapters call */
const fastUri = require('fast-uri') as {
  parse(s: string, o?: object): Record<string, unknown> & { error?: string };
  resolve(base: string, ref: string, o?: object): string;
  normalize(s: string): string;
  equal(a: string, b: string): boolean;
};
const uriJs = require('uri-js') as {
  parse(s: string, o?: object): Record<string, unknown> & { error?: string };
  resolve(base: string, ref: string, o?: object): string;
  normalize(s: string, o?: object): string;
  equal(a: string, b: string, o?: object): boolean;
  serialize(c: object, o?: object): string;
};
const UrlParse = require('url-parse') as new (s: string, base?: string | object) => Record<string, string> & { href: string };
const Ajv = require('ajv') as new (o: object) => { compile(schema: object): (x: unknown) => boolean };
const addFormats = require('ajv-formats') as (ajv: object, o?: object) => void;
/* eslint-enable @typescript-eslint/no-require-imports */

const UNSUPPORTED = { unsupported: true } as const;
const input = (r: Request): string => r.input as string;
const only3986 = (r: Request): boolean => r.grammar === 'rfc3986';
const str = (x: unknown): string | null => (x === undefined || x === null ? null : String(x));

/** The components of a parse record whose fields are named as RFC 3986's (fast-uri, uri-js): absent fields are null. */
function componentsOf(c: Record<string, unknown>): Record<string, string | null> {
  return { scheme: str(c.scheme), userinfo: str(c.userinfo), host: str(c.host), port: str(c.port), path: str(c.path) ?? '', query: str(c.query), fragment: str(c.fragment) };
}

function lenientParser(name: string, lib: typeof fastUri | typeof uriJs): AdapterModule {
  const valid = (s: string, rule: string): boolean => {
    const c = lib.parse(s);
    if (c.error !== undefined) return false;
    if (rule === 'URI') return c.scheme !== undefined;
    if (rule === 'relative-ref') return c.scheme === undefined;
    if (rule === 'absolute-URI') return c.scheme !== undefined && c.fragment === undefined;
    return true;
  };
  return {
    validate: (r) => (only3986(r) && ['URI-reference', 'URI', 'relative-ref', 'absolute-URI'].includes(r.rule as string) ? valid(input(r), r.rule as string) : UNSUPPORTED),
    components: (r) => {
      if (!only3986(r)) return UNSUPPORTED;
      const c = lib.parse(input(r));
      if (c.error !== undefined) throw new Error(`${name}: ${c.error}`);
      return componentsOf(c);
    },
    resolve: (r) => (r.mode === 'rfc2396' ? UNSUPPORTED : lib.resolve(r.base as string, r.reference as string, { tolerant: r.mode === 'non-strict' })),
    normalize: (r) => lib.normalize(input(r)),
    equivalent: (r) => (r.level === 'simple' ? r.a === r.b : lib.equal(r.a as string, r.b as string)),
  };
}

export const FAST_URI: AdapterModule = lenientParser('fast-uri', fastUri);
export const URI_JS: AdapterModule = {
  ...lenientParser('uri-js', uriJs),
  iriToUri: (r) => uriJs.serialize(uriJs.parse(input(r), { iri: true }), { iri: false }),
  uriToIri: (r) => uriJs.serialize(uriJs.parse(input(r)), { iri: true }),
};

/** Node's URL (WHATWG URL, not RFC 3986): absolute URLs only; its serialization is its normalization. */
export const NODE_URL: AdapterModule = {
  validate: (r) => (only3986(r) && r.rule === 'URI' ? URL.canParse(input(r)) : UNSUPPORTED),
  resolve: (r) => (r.mode === 'strict' ? new URL(r.reference as string, r.base as string).href : UNSUPPORTED),
  normalize: (r) => new URL(input(r)).href,
  equivalent: (r) => (r.level === 'simple' ? r.a === r.b : new URL(r.a as string).href === new URL(r.b as string).href),
};

/** url-parse: never rejects, so it is asked to split and to resolve. */
export const URL_PARSE: AdapterModule = {
  components: (r) => {
    if (!only3986(r)) return UNSUPPORTED;
    const u = new UrlParse(input(r), {});
    const auth = u.auth === '' ? null : u.auth;
    return { scheme: u.protocol === '' ? null : u.protocol.replace(/:$/, ''), userinfo: auth, host: u.hostname, port: u.port === '' ? null : u.port, query: u.query === '' ? null : u.query.replace(/^\?/, ''), fragment: u.hash === '' ? null : u.hash.replace(/^#/, '') };
  },
  resolve: (r) => (r.mode === 'strict' ? new UrlParse(r.reference as string, r.base as string).href : UNSUPPORTED),
};

/** ajv-formats' uri and uri-reference, in its fast or full mode (it has no iri or iri-reference: ajv ignores an unknown format, which would pass everything). */
export function ajvFormats(mode: 'fast' | 'full'): AdapterModule {
  const ajv = new Ajv({ strict: false });
  addFormats(ajv, { mode });
  const formats: Record<string, Record<string, (x: unknown) => boolean>> = {
    rfc3986: { URI: ajv.compile({ type: 'string', format: 'uri' }), 'URI-reference': ajv.compile({ type: 'string', format: 'uri-reference' }) },
  };
  return { validate: (r) => formats[r.grammar as string]?.[r.rule as string]?.(input(r)) ?? UNSUPPORTED };
}
