/**
 * The normalization rules: explainNormalize's steps seen from the input
 * (`lowercase-percent-encoding`, `percent-encoded-unreserved`,
 * `uppercase-scheme`, `uppercase-host`, `dot-segments`, `empty-port`,
 * `default-port`, `empty-path`, and the scheme-based `uppercase-nid`,
 * `uppercase-mail-domain`, `uppercase-hfname`). Each step's changes, in input
 * coordinates, are its diagnostics, and each region of the input that
 * normalization replaces is one fix, so the fixes never overlap, and applied
 * together they give exactly normalize()'s result.
 */
import { explainNormalizeWithRegions, type NormalizeStepName } from '../../operations/normalize';
import type { UriRecord } from '../../core/parse';
import type { SchemeComponents } from '../../core/scheme-types';
import type { LintCode } from '../registry';
import type { Fix, ParsedContext, Report, RuleFamily } from '../diagnostic';
import { HOST_REQUIRED_SCHEMES } from './scheme-authority';

export const normalizationRules: RuleFamily = {
  codes: ['lowercase-percent-encoding', 'percent-encoded-unreserved', 'uppercase-scheme', 'uppercase-host', 'dot-segments', 'empty-port', 'default-port', 'empty-path', 'uppercase-nid', 'uppercase-mail-domain', 'uppercase-hfname'],
  runs: 'valid',
  check(ctx: ParsedContext): void {
    normalizationDiagnostics(ctx.input, ctx.record, ctx.report, ctx.rule === 'URI-reference', ctx.schemeComponents, ctx.urlPrefix === true);
  },
};

/** lint's code for each normalization step. */
const STEP_CODES: Readonly<Record<NormalizeStepName, LintCode>> = {
  'decode-unreserved': 'percent-encoded-unreserved',
  'uppercase-percent-encoding': 'lowercase-percent-encoding',
  'lowercase-scheme': 'uppercase-scheme',
  'lowercase-host': 'uppercase-host',
  'remove-dot-segments': 'dot-segments',
  'remove-empty-port': 'empty-port',
  'remove-default-port': 'default-port',
  'empty-path-to-slash': 'empty-path',
  'lowercase-urn-nid': 'uppercase-nid',
  'lowercase-mailto-domain': 'uppercase-mail-domain',
  'lowercase-mailto-hfname': 'uppercase-hfname',
};

/**
 * The normalization rules: explainNormalize's changes, in input coordinates.
 * A change inside a region that a later step rewrote (a "%7e" in a host that
 * is then lower-cased) is part of that step's change and is not reported on
 * its own; each replaced region is one fix, on the diagnostic of the step
 * that wrote it last.
 */
function normalizationDiagnostics(input: string, r: UriRecord, report: Report, sameRule: boolean, schemeComponents: SchemeComponents | undefined, urlPrefix: boolean): void {
  // The record is normalization's own (rfc3986, URI-reference) when lint parsed by that rule: not parsed twice; so
  // are the scheme's components, which scheme-syntax read.
  const { result, changes, regions } = explainNormalizeWithRegions(input, undefined, sameRule ? r : undefined, schemeComponents);
  const scheme = r.scheme?.toLowerCase();
  const emptyHost = scheme !== undefined && HOST_REQUIRED_SCHEMES.has(scheme) && r.host === '';
  // A URI of many percent-encodings has one diagnostic per triplet, and most triplets repeat: each message is
  // written once per distinct triplet and shared (a 1 MB URI of "%7e" had 333,000 copies of one message).
  let messages: Map<string, string> | undefined;
  const tripletMessage = (name: NormalizeStepName, before: string, make: () => string): string => {
    messages ??= new Map();
    const key = name === 'decode-unreserved' ? before : `${before}\u0000`;
    let m = messages.get(key);
    if (m === undefined) messages.set(key, (m = make()));
    return m;
  };
  for (let k = 0; k < regions.count; k++) {
    // The change that wrote the region last, read from normalization's columns (no step object per triplet).
    const c = regions.step[k];
    const name = changes.stepName(c);
    const before = changes.before(c);
    const fix: Fix = { replacement: result.slice(regions.start[k], regions.end[k]), start: regions.inputStart[k], end: regions.inputEnd[k] };
    let message: string;
    switch (name) {
      case 'decode-unreserved':
        message = tripletMessage(name, before, () => `${before} is the unreserved character ${JSON.stringify(changes.after[c])}: write it as itself`);
        break;
      case 'uppercase-percent-encoding':
        message = tripletMessage(name, before, () => `${before}: percent-encodings are written with upper-case hex digits`);
        break;
      case 'lowercase-scheme':
        // "URL:" is then a prefix (url-prefix), not a scheme to lower-case: the two fixes would overlap.
        if (urlPrefix) continue;
        message = `the scheme is case-insensitive and normally lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'lowercase-host':
        message = `the host is case-insensitive and normally lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'remove-dot-segments':
        message = `dot segments in the path of a URI: ${JSON.stringify(fix.replacement)} once they are removed`;
        break;
      case 'remove-empty-port':
        message = 'an empty port: the ":" can go';
        break;
      case 'remove-default-port':
        message = `${before.slice(1)} is the default port of ${scheme}: it can go`;
        break;
      case 'empty-path-to-slash':
        // "https://" is not fixed by writing "https:///": the host is what is missing (empty-host).
        if (emptyHost) continue;
        message = `an empty path means "/" for ${scheme}`;
        break;
      case 'lowercase-urn-nid':
        message = `a URN's NID is case-insensitive and compared in lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'lowercase-mailto-domain':
        message = `the domain of an address is case-insensitive and normally lower case: ${JSON.stringify(fix.replacement)}`;
        break;
      case 'lowercase-mailto-hfname':
        message = `a header field name is case-insensitive: ${JSON.stringify(fix.replacement)}`;
        break;
    }
    report(STEP_CODES[name], message, changes.inputStart[c], changes.inputEnd[c], fix);
  }
}
