/**
 * The conformance suite's cases, as its files hold them (conformance/schema.json
 * says the same for other languages): what each category asks. Both the
 * loading of a suite (suite.ts) and the categories' checks (categories.ts)
 * read them, so neither imports the other for them.
 */
import { COMPONENT_NAMES } from '../core/records';

/** A grammar the suite's cases are written for (grammar/registry.json: `conformance: true`). */
export type Grammar = 'rfc3986' | 'rfc3987' | 'rfc2396';

export type Source =
  | { kind: 'rfc'; rfc: number; section: string }
  | { kind: 'hand'; why: string; file: string }
  | { kind: 'generated'; grammar: Grammar; rule: string; seed: number; nearMiss: boolean; judge: string }
  | { kind: 'bug'; behaviour: string; why: string };

export interface CaseBase {
  readonly id: string;
  readonly source: Source;
}

/** What a components case can ask for: the components of a record (src/core/records.ts) and the kinds of its host and path. */
export const JUDGED_COMPONENTS = [...COMPONENT_NAMES, 'hostKind', 'pathKind'] as const;
export type ComponentName = (typeof JUDGED_COMPONENTS)[number];

export interface CaseOf {
  validity: CaseBase & { grammar: Grammar; rule: string; input: string; valid: boolean };
  'error-offset': CaseBase & { grammar: Grammar; rule: string; input: string; offset: number; codePointOffset: number };
  components: CaseBase & { grammar: Grammar; rule: string; input: string; components: Partial<Record<ComponentName, string | null>> };
  resolution: CaseBase & { base: string; reference: string; mode: 'strict' | 'non-strict' | 'rfc2396'; target: string };
  'remove-dot-segments': CaseBase & { input: string; output: string };
  normalization: CaseBase & { input: string; level: 'syntax' | 'scheme'; output: string };
  equivalence: CaseBase & { a: string; b: string; level: 'simple' | 'syntax' | 'scheme'; equivalent: boolean };
  'iri-to-uri': CaseBase & { input: string; output: string };
  'uri-to-iri': CaseBase & { input: string; output: string };
  'percent-encoding': CaseBase & ({ operation: 'encode'; component: string; input: string; output: string } | { operation: 'decode'; input: string; output?: string; error?: true; offset?: number });
  /** RFC 6570: whether a template is one a Level 4 processor expands (2, and 2.2's reserved operators refused). */
  'template-validity': CaseBase & { template: string; valid: boolean };
  /** RFC 6570 3: a template expanded with the variables (null: undefined), to `expected`, or to an error (`expected` null); `iri`: an IRI's expansion. */
  'template-expansion': CaseBase & { template: string; variables: Record<string, unknown>; expected: string | null; iri?: boolean };
  /**
   * The URL Standard's two definitions of validity: `writing`, whether `input` is a valid URL string (its URL
   * writing section) against `base` (null: none), and where an invalid one stops being valid (`offset`, when
   * the case gives one); `parser`, the validation errors the basic URL parser reports on `input` (names and
   * offsets, in the order met) and whether it returns failure. `error`: the name the case is an input for.
   */
  'whatwg-validity': CaseBase &
    (
      | { definition: 'writing'; rule: string; input: string; base: string | null; valid: boolean; offset?: number }
      | { definition: 'parser'; error?: string; input: string; base: string | null; errors: ReadonlyArray<{ name: string; offset: number }>; failure: boolean }
    );
}

export type Category = keyof CaseOf;
export type AnyCase = CaseOf[Category];

export interface CategoryFile<C extends Category = Category> {
  readonly suite: string;
  readonly version: string;
  readonly category: C;
  readonly description: string;
  readonly cases: ReadonlyArray<CaseOf[C]>;
}

export interface Suite {
  readonly version: string;
  readonly dir: string;
  readonly categories: ReadonlyArray<CategoryFile>;
}

