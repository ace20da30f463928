/**
 * The hand-derived vectors of test/vectors/*.json, loaded once for the tests
 * that read them (test/vectors.test.ts checks them against the library,
 * test/grammar-check.test.ts against the ABNF oracle). A vector names its
 * grammar, or takes its file's, or rfc3986.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GrammarName } from '../../src';

export interface Vector {
  grammar: GrammarName;
  input: string;
  rule: string;
  valid: boolean;
  why: string;
  deviation?: string;
  components?: Record<string, string | null>;
  spans?: Record<string, [number, number]>;
  offset?: number;
  codePointOffset?: number;
  found?: string | null;
  expected?: string[];
  rulePath?: string[];
}

export const VECTORS_DIR = path.join(__dirname, '..', 'vectors');

/** The vector files, by name (rfc3986-hosts.json, ...). */
export const VECTOR_FILES: readonly string[] = fs.readdirSync(VECTORS_DIR).filter((f) => f.endsWith('.json')).sort();

/** The vectors of one file, each with its grammar filled in. */
export function loadVectors(file: string): Vector[] {
  const data = JSON.parse(fs.readFileSync(path.join(VECTORS_DIR, file), 'utf8')) as { grammar?: GrammarName; vectors: Array<Omit<Vector, 'grammar'> & { grammar?: GrammarName }> };
  return data.vectors.map((v) => ({ ...v, grammar: v.grammar ?? data.grammar ?? 'rfc3986' }));
}

/** Every vector of every file. */
export function allVectors(): Vector[] {
  return VECTOR_FILES.flatMap(loadVectors);
}

export const TEMPLATE_VECTORS_DIR = path.join(VECTORS_DIR, 'templates');

/** A URI Template and whether a Level 4 processor takes it (test/vectors/templates/syntax.json). */
export interface TemplateSyntaxVector {
  template: string;
  valid: boolean;
  why: string;
  /** Where the vector comes from: a section of RFC 6570, or the ABNF. */
  source: string;
  /** Valid by the grammar (URI-Template), though a processor refuses it: a reserved operator. */
  grammarValid?: boolean;
  offset?: number;
  found?: string | null;
  expected?: string[];
  rulePath?: string[];
}

/** The template syntax vectors. */
export function templateSyntaxVectors(): TemplateSyntaxVector[] {
  return (JSON.parse(fs.readFileSync(path.join(TEMPLATE_VECTORS_DIR, 'syntax.json'), 'utf8')) as { vectors: TemplateSyntaxVector[] }).vectors;
}

/** The template syntax vectors as inputs of the grammar's rule URI-Template. */
export function templateVectors(): Array<{ input: string; rule: string }> {
  return templateSyntaxVectors().map((v) => ({ input: v.template, rule: 'URI-Template' }));
}
