/**
 * What a scheme check returns (checkScheme, src/schemes/check.ts): the
 * verdict, the first error, every problem the scheme's RFC states in prose,
 * and the components the scheme's RFC defines. The scheme grammars themselves
 * are grammar/schemes/*.abnf (RFC 6068, RFC 8141, RFC 2397, RFC 8089, RFC
 * 9110), listed with their schemes in grammar/registry.json.
 *
 * Here in the core, below src/schemes/, because the core's option `scheme`
 * (src/core/parse.ts, src/core/scheme-checks.ts) returns them too: the
 * kernel imports nothing above it (docs/architecture.md).
 */
import type { UriSyntaxError } from './errors';
import type { SpanTuple } from './records';

/** The options of checkScheme, and of `{ scheme: { ... } }` in isValid, parse, check and tryParse. */
export interface SchemeOptions {
  /**
   * true: check a file URI by RFC 8089 Appendix F (the nonstandard forms of
   * Appendix E: a userinfo, a drive letter without a leading "/", a UNC path
   * "file:////host/share") instead of section 2. A departure from RFC 8089,
   * whose Appendix E "is not normative"; off by default. E.2.2's vertical line
   * ("file:///c|/") stays invalid: RFC 3986, which runs first, refuses it.
   */
  readonly fileAppendixE?: boolean;
}

/**
 * A problem that a scheme's RFC states in prose, which its ABNF cannot say:
 * each with the section that says it.
 *
 * - `mailto-unencoded`: a character RFC 6068 2 (1) says is percent-encoded in
 *   an address ("/", "?", "&", "=");
 * - `mailto-percent-encoding`: percent-encoding RFC 6068 2 (4), (5) does not
 *   allow (an ASCII octet in a domain name, octets that are not UTF-8);
 * - `mailto-address`: an address that, decoded, is not an RFC 5322 addr-spec
 *   (without its obsolete forms, RFC 6068 2);
 * - `mailto-line-break`: a line break in a body other than "%0D%0A" (RFC 6068 5,
 *   an error), or one in another header field (a warning);
 * - `mailto-fragment`, `mailto-repeated-header`, `mailto-to-header`: what RFC 6068 2
 *   says SHOULD NOT or is NOT RECOMMENDED (warnings);
 * - `urn-nid`: an NID that no namespace can be registered with by RFC 8141 5.1
 *   or assigned by 5.2 (two characters, two letters and "-", "X-", "urn-" but
 *   not an informal NID; a warning: these rules constrain registration, not a
 *   URN's syntax);
 * - `urn-q-component`: an r-component that ends at "?=" with no q-component after it (RFC 8141 2.3.1);
 * - `urn-r-component`: an r-component, which SHOULD NOT be used yet (RFC 8141 2.3.1; a warning);
 * - `mailto-hfields`: an address that runs on over a "?" whose header fields, read as such, are not hfields (RFC 6068 2);
 * - `data-base64`: ";base64" with a body that is not base64 (RFC 2397 2, RFC 2045 6.8);
 * - `data-token`: an escape in a media type or an attribute that is no token character (RFC 2397 3, RFC 2045 5.1);
 * - `http-empty-host`: an http or https URI with an empty host (RFC 9110 4.2.1, 4.2.2);
 * - `http-userinfo`: a userinfo in an http or https URI (deprecated, RFC 9110 4.2.4; a warning).
 */
export const SCHEME_PROBLEM_CODES = [
  'mailto-unencoded',
  'mailto-percent-encoding',
  'mailto-address',
  'mailto-hfields',
  'mailto-line-break',
  'mailto-fragment',
  'mailto-repeated-header',
  'mailto-to-header',
  'urn-nid',
  'urn-q-component',
  'urn-r-component',
  'data-base64',
  'data-token',
  'http-empty-host',
  'http-userinfo',
] as const;
export type SchemeProblemCode = (typeof SCHEME_PROBLEM_CODES)[number];

export interface SchemeProblem {
  readonly code: SchemeProblemCode;
  /** 'error': the RFC says MUST of the URI (it is not valid); 'warning': SHOULD NOT or NOT RECOMMENDED, or a rule of what may be registered (RFC 8141 5's NIDs). */
  readonly severity: 'error' | 'warning';
  readonly message: string;
  /** The [start, end) range of the input it is about, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  /** The RFC section that says it: "RFC 9110 4.2.1". */
  readonly section: string;
  /** Replace [start, end) of the input with `replacement`: only where the RFC says what the text must be. */
  readonly fix?: { readonly replacement: string; readonly start: number; readonly end: number };
}

/** One address of a mailto URI's `to` (RFC 6068 2): as written, and decoded. */
export interface MailtoAddress {
  /** The addr-spec as written in the URI, percent-encodings and all. */
  readonly text: string;
  readonly localPart: string;
  readonly domain: string;
  /** The addr-spec with its percent-encodings decoded (UTF-8); undefined when they are not UTF-8. */
  readonly address: string | undefined;
  readonly span: SpanTuple;
}

/** One header field of a mailto URI (RFC 6068 2: hfname "=" hfvalue), as written and decoded. */
export interface MailtoHeader {
  readonly name: string;
  readonly value: string;
  /** hfname decoded and lower-cased (RFC 6068 2: "<hfname> is case-insensitive"); undefined when not UTF-8. */
  readonly decodedName: string | undefined;
  /** hfvalue decoded (UTF-8); undefined when not UTF-8. */
  readonly decodedValue: string | undefined;
  readonly span: SpanTuple;
}

export interface MailtoComponents {
  readonly scheme: 'mailto';
  readonly to: readonly MailtoAddress[];
  readonly headers: readonly MailtoHeader[];
}

/** A URN's parts (RFC 8141 2), as written: an absent component is undefined. */
export interface UrnComponents {
  readonly scheme: 'urn';
  readonly nid: string;
  readonly nss: string;
  /** The r-component, up to the first "?=" (RFC 8141 2.3.1). */
  readonly rComponent: string | undefined;
  readonly qComponent: string | undefined;
  readonly fComponent: string | undefined;
  /** Whether the NID is an informal namespace's ("urn-" and a number, RFC 8141 5.2). */
  readonly informal: boolean;
  readonly spans: Readonly<Record<'nid' | 'nss', SpanTuple>> & Readonly<Partial<Record<'rComponent' | 'qComponent' | 'fComponent', SpanTuple>>>;
}

/** A media type parameter of a data URL, as written. */
export interface DataParameter {
  readonly attribute: string;
  readonly value: string;
}

/** A data URL's parts (RFC 2397 3), as written. */
export interface DataComponents {
  readonly scheme: 'data';
  /** "type/subtype" as written; undefined when left out (RFC 2397 2: it then means "text/plain"). */
  readonly mediaType: string | undefined;
  readonly parameters: readonly DataParameter[];
  /** Whether ";base64" is there. */
  readonly base64: boolean;
  /** The data, as written (percent-encoded). */
  readonly data: string;
  readonly spans: { readonly data: SpanTuple; readonly mediaType?: SpanTuple };
}

/** A file URI's parts (RFC 8089 2, with Appendix E under fileAppendixE), as written. */
export interface FileComponents {
  readonly scheme: 'file';
  /** file-auth: undefined without "//"; "" for "file:///"; "localhost" or a host otherwise. */
  readonly authority: string | undefined;
  /** RFC 8089 3: no file-auth, an empty one or "localhost" (a host that resolves to this machine is local too, but that takes a lookup). */
  readonly local: boolean;
  /** The path-absolute, from its "/" (after the drive letter or the UNC host, where there is one). */
  readonly path: string;
  /** The userinfo of Appendix E.1 (fileAppendixE only). */
  readonly userinfo?: string;
  /** The drive letter of Appendix E.2 ("c:" or "c|"), where there is one (fileAppendixE only). */
  readonly driveLetter?: string;
  /** The host of a UNC path in the path, Appendix E.3.2 ("file:////host/share"; fileAppendixE only). */
  readonly uncHost?: string;
}

/** An http or https URI's parts (RFC 9110 4.2): those of RFC 3986. */
export interface HttpComponents {
  readonly scheme: 'http' | 'https';
  readonly host: string;
  readonly port: string | undefined;
  readonly path: string;
  readonly query: string | undefined;
}

export type SchemeComponents = MailtoComponents | UrnComponents | DataComponents | FileComponents | HttpComponents;

/** What checkScheme says of a URI reference. */
export interface SchemeCheck {
  readonly input: string;
  /** The scheme, lower-cased; undefined for a relative reference, or an input the generic grammar refuses. */
  readonly scheme: string | undefined;
  /** The grammar of grammar/registry.json that checks this scheme; undefined when urigram has none for it. */
  readonly grammar: string | undefined;
  /** The rule of that grammar the URI must match (up to its "#", unless the rule has the fragment). */
  readonly rule: string | undefined;
  /** The generic grammar and the scheme's grammar accept it, and no problem is an error. */
  readonly valid: boolean;
  /**
   * Why it is not valid: the generic grammar's UriSyntaxError, the scheme
   * grammar's (offsets into the whole input), or a UriSchemeError for the
   * first problem that is an error. Undefined when valid.
   */
  readonly error: UriSyntaxError | undefined;
  /** Every problem the scheme's RFC states in prose, errors and warnings, in input order (none when a grammar refused the input). */
  readonly problems: readonly SchemeProblem[];
  /** The scheme's components, when its grammar accepts the input and urigram reads them. */
  readonly components: SchemeComponents | undefined;
}
