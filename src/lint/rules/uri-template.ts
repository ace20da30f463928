/**
 * `uri-template`: a string a document says is a URI Template (lint's
 * `template` option) by RFC 6570's syntax (src/template/places.ts). No other
 * family runs on a template, and this one on nothing else.
 */
import { templateDiagnostics } from '../../template/places';
import type { RuleFamily } from '../diagnostic';

export const uriTemplateRules: RuleFamily = {
  codes: ['uri-template'],
  runs: 'template',
  find: templateDiagnostics,
};
