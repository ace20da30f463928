/**
 * The spans of the rules a scheme grammar's recognizer logs (its
 * grammar/schemes/NAME.recognizer.json `captures`), for input its grammar
 * accepts: the components are where the grammar says they are, not where a
 * regular expression of ours would guess.
 */
import { recognizerOf, type GeneratedGrammar } from '../core/grammars';
import type { SpanTuple } from '../core/records';

/** Per recognizer's table of capture slots, its captured rules' names by slot: the same on every call, so read once. */
const slotNames = new WeakMap<object, readonly string[]>();

function slotNamesOf(slots: Readonly<Record<string, number>>): readonly string[] {
  let names = slotNames.get(slots);
  if (names === undefined) {
    const bySlot: string[] = [];
    for (const [name, slot] of Object.entries(slots)) bySlot[slot] = name;
    slotNames.set(slots, (names = bySlot));
  }
  return names;
}

/** Per captured rule (PEG name), every span it matched, in the order they ended. */
export type Captures = ReadonlyMap<string, readonly SpanTuple[]>;

/** The captures of `text` as `rule` (a PEG start rule) of `grammar`; an internal error when the recognizer rejects it (the caller has checked that it is valid). */
export function captures(text: string, rule: string, grammar: GeneratedGrammar): Captures {
  const r = recognizerOf(grammar);
  if (!r.recognize(text, rule)) throw new Error(`internal error: the ${grammar} recognizer refuses as ${rule} what its automaton accepted: ${JSON.stringify(text.slice(0, 200))}`);
  const names = slotNamesOf(r.CAPTURE_SLOTS);
  const out = new Map<string, SpanTuple[]>();
  const log = r.captureLog();
  for (let i = 0, n = r.captureCount(); i < n; i++) {
    const name = names[log[3 * i]];
    let list = out.get(name);
    if (list === undefined) out.set(name, (list = []));
    list.push([log[3 * i + 1], log[3 * i + 2]]);
  }
  return out;
}
