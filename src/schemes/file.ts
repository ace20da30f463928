/**
 * file (RFC 8089): the authority and path of a URI that
 * grammar/schemes/rfc8089.abnf accepts (section 2), or, with the option
 * fileAppendixE, grammar/schemes/rfc8089-nonstandard.abnf (Appendix F: the
 * userinfo, drive letters and UNC paths of Appendix E). RFC 8089 states no
 * constraint in prose that a grammar or a check could decide: no problems.
 */
import type { SpanTuple } from '../core/records';
import { captures } from './captures';
import type { SchemeInput, SchemeReading } from './reader';
import type { FileComponents } from '../core/scheme-types';

export function readFile(s: SchemeInput): SchemeReading {
  const { input, text, rule, grammar } = s;
  const c = captures(text, rule, grammar);
  const slice = (sp: SpanTuple | undefined): string | undefined => (sp === undefined ? undefined : input.slice(sp[0], sp[1]));
  const paths = c.get('path_absolute') as SpanTuple[];
  // The last path-absolute matched is the URI's: inside a file-absolute or after an unc-authority, the one after them.
  const path = paths[paths.length - 1];
  const unc = c.get('unc_authority')?.[0];
  // "file://" then the path: an empty file-auth (the recognizer logs no match of an optional rule that matched nothing).
  const authority = unc !== undefined ? '' : (slice(c.get('file_auth')?.[0]) ?? (/^file:\/\//i.test(input) ? '' : undefined));
  const userinfo = slice(c.get('userinfo')?.[0]);
  const drive = slice(c.get('drive_letter')?.[0]);
  const host = authority === undefined ? undefined : userinfo === undefined ? authority : authority.slice(userinfo.length + 1);
  const components: FileComponents = {
    scheme: 'file',
    authority,
    // RFC 8089 3: no file-auth, or "localhost"; and 2: an empty authority is read as none (file:///path). A UNC path names a host.
    local: unc === undefined && (host === undefined || host === '' || host.toLowerCase() === 'localhost'),
    path: input.slice(path[0], path[1]),
    ...(userinfo === undefined ? {} : { userinfo }),
    ...(drive === undefined ? {} : { driveLetter: drive }),
    ...(unc === undefined ? {} : { uncHost: slice(c.get('file_host')?.[0]) ?? '' }),
  };
  return { components, problems: [] };
}
