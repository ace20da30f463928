/**
 * `uri-template`: a string a document says is a URI Template (lint's
 * `template` option; where a document says so: src/template/places.ts) by RFC
 * 6570's syntax. No other family runs on a template, and this one on nothing
 * else.
 */
import { templateError } from '../../template/parse';
import type { Diagnostic, RuleFamily } from '../diagnostic';

/**
 * The lint diagnostic of a string where a template is expected and that is not
 * one (code `uri-template`), at the offending character; [] when it is one.
 */
function templateDiagnostics(template: string): Diagnostic[] {
  const e = templateError(template);
  if (e === undefined) return [];
  const end = e.found === null ? e.offset : e.offset + e.found.length;
  return [{ code: 'uri-template', severity: 'error', message: `not a URI Template: ${e.message}`, section: 'RFC 6570 2', start: e.offset, end }];
}

export const uriTemplateRules: RuleFamily = {
  codes: ['uri-template'],
  runs: 'template',
  find: templateDiagnostics,
};
