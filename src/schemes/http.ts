/**
 * http and https (RFC 9110 4.2): an http URI's parts are RFC 3986's (the
 * generic record's); what RFC 9110 adds in prose is checked here: an empty
 * host is invalid (4.2.1, 4.2.2), and a userinfo is deprecated (4.2.4).
 */
import { located } from '../core/records';
import { problem, type SchemeInput, type SchemeReading } from './reader';
import type { HttpComponents, SchemeProblem } from '../core/scheme-types';

export function readHttp(s: SchemeInput): SchemeReading {
  const { record: r, scheme } = s;
  const problems: SchemeProblem[] = [];
  const section = scheme === 'https' ? 'RFC 9110 4.2.2' : 'RFC 9110 4.2.1';
  const host = located(r, 'host');
  if (host !== undefined && host.text === '') {
    problems.push(problem('http-empty-host', 'error', section, `an ${scheme} URI with an empty host: a recipient MUST reject it as invalid`, host.start, host.end));
  }
  const userinfo = located(r, 'userinfo');
  if (userinfo !== undefined) {
    problems.push(problem('http-userinfo', 'warning', 'RFC 9110 4.2.4', `a userinfo in an ${scheme} URI: deprecated, a sender MUST NOT generate it (and its "@")`, userinfo.start, userinfo.end + 1));
  }
  const components: HttpComponents = { scheme: scheme as 'http' | 'https', host: r.host as string, port: r.port, path: r.path, query: r.query };
  return { components, problems };
}
