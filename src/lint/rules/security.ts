/**
 * The security rules (RFC 3986 section 7): `password-in-userinfo`,
 * `userinfo-looks-like-host`, `ambiguous-ip-form`, `long-reg-name`,
 * `encoded-control`, `encoded-slash` and `unusual-port`.
 */
import { SCHEME_DEFAULTS } from '../../operations/normalize';
import type { UriRecord } from '../../core/parse';
import { located } from '../../core/records';
import { DEFAULT_MASK } from '../../operations/redact';
import { forEachTriplet } from '../../encoding/triplets';
import type { Fix, ParsedContext, Report, RuleFamily } from '../diagnostic';

export const securityRules: RuleFamily = {
  codes: ['password-in-userinfo', 'userinfo-looks-like-host', 'ambiguous-ip-form', 'long-reg-name', 'encoded-control', 'encoded-slash', 'unusual-port'],
  runs: 'valid',
  check(ctx: ParsedContext): void {
    securityDiagnostics(ctx.input, ctx.record, ctx.report);
  },
};

/** Ports where other protocols listen by default (IANA service names), for unusual-port. */
const OTHER_PROTOCOL_PORTS: Readonly<Record<string, string>> = {
  '21': 'FTP',
  '22': 'SSH',
  '23': 'Telnet',
  '25': 'SMTP',
  '53': 'DNS',
  '110': 'POP3',
  '143': 'IMAP',
  '389': 'LDAP',
  '445': 'SMB',
  '587': 'SMTP submission',
  '3306': 'MySQL',
  '5432': 'PostgreSQL',
  '6379': 'Redis',
};

/** Calls `each` for every triplet of the components that can hold one (not the scheme or the port). */
function componentTriplets(input: string, r: UriRecord, each: (start: number, octet: number) => void): void {
  for (const name of ['userinfo', 'host', 'path', 'query', 'fragment'] as const) {
    const c = located(r, name);
    if (c !== undefined) forEachTriplet(input, c.start, c.end, each);
  }
}

function securityDiagnostics(input: string, r: UriRecord, report: Report): void {
  const userinfo = r.userinfo === undefined ? undefined : located(r, 'userinfo');
  if (userinfo !== undefined) {
    const { text, start: s, end: e } = userinfo;
    const colon = text.indexOf(':');
    if (colon >= 0) {
      // The fix masks the password as redact() does (its mask, without a second parse): a different URI, so a suggestion.
      const fix: Fix | undefined = colon + 1 < text.length ? { replacement: DEFAULT_MASK, start: s + colon + 1, end: e } : undefined;
      report('password-in-userinfo', 'a password in the userinfo: "user:password" is deprecated and shows the password to anyone who sees the URI', s + colon + 1, e, fix);
    }
    const user = colon >= 0 ? text.slice(0, colon) : text;
    // A label, ".", and a letter, digit or "-": what /^[a-z0-9-]+(\.[a-z0-9-]+)+/i finds, without a group repeated as often as the userinfo has dots (V8 kept a frame for each, and 8 M of them overflowed its stack).
    if (/^[a-z0-9-]+\.[a-z0-9-]/i.test(user)) {
      report('userinfo-looks-like-host', `the userinfo ${JSON.stringify(user)} looks like a host name: the host is ${JSON.stringify(r.host)}`, s, e);
    }
  }
  const host = located(r, 'host');
  if (r.hostKind === 'reg-name' && host !== undefined) {
    if (/^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}\.?$/i.test(host.text)) {
      report('ambiguous-ip-form', `${JSON.stringify(host.text)} is a reg-name to RFC 3986, but many resolvers read it as an IPv4 address`, host.start, host.end);
    }
    if (host.text.length > 255) {
      report('long-reg-name', `a host name of ${host.text.length} characters: DNS allows 255`, host.start, host.end);
    }
  }
  // Without a "%", no triplet: neither the components nor the callbacks are looked at (most URIs).
  if (input.includes('%')) {
    componentTriplets(input, r, (i, octet) => {
      if (octet < 0x20 || octet === 0x7f) {
        report('encoded-control', `${input.slice(i, i + 3)} encodes a control character, which a back end may decode into a different request`, i, i + 3);
      }
    });
    const [ps, pe] = r.spans.path;
    forEachTriplet(input, ps, pe, (i, octet) => {
      if (octet === 0x2f) {
        report('encoded-slash', '%2F in a path segment: some servers decode it into a "/" and read another path', i, i + 3);
      }
    });
  }
  const port = r.port === undefined || r.port === '' ? undefined : located(r, 'port');
  if (port !== undefined) {
    const value = port.text.replace(/^0+(?=\d)/, '');
    const other = OTHER_PROTOCOL_PORTS[value];
    const scheme = r.scheme?.toLowerCase();
    if (other && !(scheme && SCHEME_DEFAULTS[scheme]?.port === value)) {
      report('unusual-port', `port ${value} is where ${other} listens by default, not ${scheme ?? 'this scheme'}`, port.start, port.end);
    }
  }
}
