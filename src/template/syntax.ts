/**
 * What RFC 6570 says about each operator (2.2, 3.2, Appendix A's table). The
 * operators 2.2 reserves, which the grammar accepts and a Level 4 processor
 * refuses, are the core's (src/core/reserved-operators.ts): isValid and check
 * on templates refuse them.
 */

/** An expression's operator (RFC 6570 2.2): '' for simple string expansion, which has none. */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One column of Appendix A's table: how an operator expands. */
export interface OperatorRules {
  readonly operator: TemplateOperator;
  /** Appended first when any of the expression's variables is defined. */
  readonly first: string;
  /** Appended between the expansions of defined variables (and between exploded members). */
  readonly sep: string;
  /** Whether a variable's name is written before its value (";", "?", "&"). */
  readonly named: boolean;
  /** Appended after the name when the value is empty. */
  readonly ifemp: string;
  /** true: (U+R), unreserved, reserved and pct-encoded triplets pass unencoded ("+", "#"); false: (U), only unreserved do. */
  readonly allowReserved: boolean;
  /** The level that introduced the operator (RFC 6570 1.2). */
  readonly level: 1 | 2 | 3;
}

const rules = (operator: TemplateOperator, first: string, sep: string, named: boolean, ifemp: string, allowReserved: boolean, level: 1 | 2 | 3): OperatorRules =>
  Object.freeze({ operator, first, sep, named, ifemp, allowReserved, level });

/** Appendix A's table, by operator. */
export const OPERATORS: Readonly<Record<TemplateOperator, OperatorRules>> = Object.freeze({
  '': rules('', '', ',', false, '', false, 1),
  '+': rules('+', '', ',', false, '', true, 2),
  '#': rules('#', '#', ',', false, '', true, 2),
  '.': rules('.', '.', '.', false, '', false, 3),
  '/': rules('/', '/', '/', false, '', false, 3),
  ';': rules(';', ';', ';', true, '', false, 3),
  '?': rules('?', '?', '&', true, '=', false, 3),
  '&': rules('&', '&', '&', true, '=', false, 3),
});
