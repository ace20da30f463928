/**
 * The generated modules of RFC 3987 and RFC 2396, for useGrammar() in an ES
 * module bundle: a bundle holds these grammars only when the program imports
 * these constants. Node never needs them: it loads a grammar on first use.
 */
import * as rfc3987Recognizer from '../generated/rfc3987.recognizer';
import * as rfc3987Trace from '../generated/rfc3987.trace';
import * as rfc2396Recognizer from '../generated/rfc2396.recognizer';
import * as rfc2396Trace from '../generated/rfc2396.trace';
import type { GrammarModules, Recognizer } from './grammars';

/** RFC 3987 (IRIs): `useGrammar(RFC3987_GRAMMAR)` before `{ grammar: 'rfc3987' }` in a bundle. */
export const RFC3987_GRAMMAR: GrammarModules = { grammar: 'rfc3987', recognizer: rfc3987Recognizer as unknown as Recognizer, trace: rfc3987Trace };

/** RFC 2396 with RFC 2732: `useGrammar(RFC2396_GRAMMAR)` before `{ grammar: 'rfc2396' }` in a bundle. */
export const RFC2396_GRAMMAR: GrammarModules = { grammar: 'rfc2396', recognizer: rfc2396Recognizer as unknown as Recognizer, trace: rfc2396Trace };
