/**
 * The rules about what a URI's scheme says its authority must be:
 * `disallowed-scheme` (a scheme outside lint's `schemes` option), `empty-host`,
 * `port-out-of-range` and `invalid-dns-name` (for the schemes whose host is a
 * DNS name and whose port a TCP or UDP port).
 */
import { SCHEME_DEFAULTS } from '../../operations/normalize';
import type { UriRecord } from '../../core/parse';
import { located } from '../../core/records';
import { forEachTriplet, tripletOctet } from '../../encoding/triplets';
import type { ParsedContext, Report, RuleFamily } from '../diagnostic';

export const schemeAuthorityRules: RuleFamily = {
  codes: ['disallowed-scheme', 'empty-host', 'port-out-of-range', 'invalid-dns-name'],
  runs: 'valid',
  check(ctx: ParsedContext): void {
    schemeDiagnostics(ctx.record, ctx.allowedSchemes, ctx.report);
  },
};

/**
 * Schemes whose authority names a host looked up in the DNS and a TCP port
 * (coap and coaps: a UDP port, of the same 16 bits): the schemes of
 * SCHEME_DEFAULTS and other common ones. For port-out-of-range and
 * invalid-dns-name; other schemes' authorities are left alone.
 */
const DNS_PORT_SCHEMES: ReadonlySet<string> = new Set([
  ...Object.keys(SCHEME_DEFAULTS),
  'ftps', 'sftp', 'ssh', 'git', 'irc', 'ircs', 'imap', 'imaps', 'pop', 'pops', 'smtp', 'nntp', 'rtsp', 'ldaps',
  'redis', 'rediss', 'mysql', 'postgres', 'postgresql', 'mongodb', 'amqp', 'amqps', 'mqtt', 'mqtts',
]);

/** Schemes whose specifications forbid an empty host (RFC 9110 4.2.1 and 4.2.2, RFC 6455 3, RFC 1738 3.1). */
export const HOST_REQUIRED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss', 'ftp']);

/** The rules about what the scheme says the authority must be. */
function schemeDiagnostics(r: UriRecord, schemes: ReadonlySet<string> | undefined, report: Report): void {
  const scheme = located(r, 'scheme');
  if (scheme === undefined) return;
  const name = scheme.text.toLowerCase();
  if (schemes !== undefined && !schemes.has(name)) {
    const why = schemes.size === 0 ? 'is not allowed: the list of allowed schemes is empty' : `is not one of the allowed schemes: ${[...schemes].join(', ')}`;
    report('disallowed-scheme', `the scheme ${JSON.stringify(scheme.text)} ${why}`, scheme.start, scheme.end);
  }
  const host = located(r, 'host');
  if (host !== undefined && host.text === '' && HOST_REQUIRED_SCHEMES.has(name)) {
    report('empty-host', `an empty host: a ${name} URI must name one (RFC 9110 4.2.1 for http)`, host.start, host.end);
  }
  if (!DNS_PORT_SCHEMES.has(name)) return;
  const port = located(r, 'port');
  // Compared as digits, not as a number: a port of a thousand digits is out of range too.
  const digits = port?.text.replace(/^0+(?=\d)/, '') ?? '';
  if (port !== undefined && (digits.length > 5 || (digits.length === 5 && digits > '65535'))) {
    report('port-out-of-range', `port ${digits.length > 12 ? `${digits.slice(0, 12)}…` : digits} is out of range: TCP ports are 0 to 65535`, port.start, port.end);
  }
  if (host !== undefined && r.hostKind === 'reg-name' && host.text !== '') {
    const problem = dnsNameProblem(host.text);
    if (problem !== undefined) report('invalid-dns-name', `${JSON.stringify(host.text.length > 64 ? `${host.text.slice(0, 64)}…` : host.text)} is not a DNS host name: ${problem}`, host.start, host.end);
  }
}

/**
 * What makes a reg-name not a DNS host name (RFC 1035 2.3.1 as relaxed by RFC
 * 1123 2.1: labels of letters, digits and hyphens, not beginning or ending
 * with a hyphen, at most 63 octets; 2.3.4: at most 253 characters written
 * out, without the final "." of a fully qualified name), or undefined when it
 * is one. Triplets of ASCII are read as their characters; a name with
 * non-ASCII octets is an internationalized name, for IDNA, and not judged.
 */
/** A DNS name as most hosts write it: letter-digit-hyphen labels of 1 to 63, no hyphen at either end, an optional final dot. */
const PLAIN_DNS_NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?$/;

function dnsNameProblem(host: string): string | undefined {
  // The common case in one test; anything else is looked at label by label below.
  if (host.length <= 253 && PLAIN_DNS_NAME.test(host)) return undefined;
  let name = host;
  if (host.includes('%')) {
    let ascii = true;
    forEachTriplet(host, 0, host.length, (_i, octet) => {
      ascii &&= octet < 0x80;
    });
    if (!ascii) return undefined;
    name = host.replace(/%[0-9A-Fa-f]{2}/g, (t) => String.fromCharCode(tripletOctet(t, 0)));
  }
  if (/[^\x00-\x7f]/.test(name)) return undefined;
  const written = name.endsWith('.') ? name.slice(0, -1) : name;
  // long-reg-name already says so past 255.
  if (written.length > 253 && host.length <= 255) return `${written.length} characters, where DNS allows 253`;
  let at = 0;
  for (const label of written.split('.')) {
    if (label === '') return `an empty label at offset ${at}`;
    if (label.length > 63) return `a label of ${label.length} characters, where DNS allows 63`;
    const bad = /[^A-Za-z0-9-]/.exec(label);
    if (bad) return `${JSON.stringify(bad[0])} in a label, where DNS names have letters, digits and "-"`;
    if (label.startsWith('-') || label.endsWith('-')) return `the label ${JSON.stringify(label)} begins or ends with "-"`;
    at += label.length + 1;
  }
  return undefined;
}
