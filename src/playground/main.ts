/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The playground page: draws what src/playground/logic.ts computes for the
 * state, and keeps the state in the address's fragment. Built by
 * scripts/site.ts (esbuild, from the library's ES module build) into
 * dist/playground/playground.js; index.html holds the railroad diagrams
 * (computed by scripts/railroad.ts at build time) in a <script type="application/json">.
 */
import { PARSED_GRAMMARS } from '../core/grammars';
import { GRAMMAR_TITLES, REFERENCE_RULES, RFC2396_GRAMMAR, RFC3987_GRAMMAR, RFC6570_GRAMMAR, rulesOf, useGrammar, type Diagnostic, type GrammarName } from '../index';
import { DEFAULT_STATE, applyFix, conversions, decodeState, diagnostics, encodeState, normalization, resolutions, templateView, verdict, whatwgView, type ErrorView, type Outcome, type State } from './logic';

useGrammar(RFC3987_GRAMMAR);
useGrammar(RFC2396_GRAMMAR);
useGrammar(RFC6570_GRAMMAR);

interface DiagramRule {
  readonly name: string;
  readonly abnf: string;
  readonly section: string;
  readonly deviations: ReadonlyArray<{ readonly name: string }>;
  readonly svg: string;
}
type Diagrams = Record<GrammarName, { readonly rules: readonly DiagramRule[] }>;

const diagrams = JSON.parse(document.getElementById('diagrams')!.textContent!) as Diagrams;

function $<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

const input = $<HTMLInputElement>('input');
const grammarSelect = $<HTMLSelectElement>('grammar');
const ruleSelect = $<HTMLSelectElement>('rule');
const baseInput = $<HTMLInputElement>('base');
const levelSelect = $<HTMLSelectElement>('level');
const templateInput = $<HTMLInputElement>('template');
const variablesInput = $<HTMLInputElement>('variables');
const matchInput = $<HTMLInputElement>('match');

for (const g of PARSED_GRAMMARS) grammarSelect.append(el('option', { value: g }, GRAMMAR_TITLES[g]));

let state: State = DEFAULT_STATE;

/** Where the grammar pages are from the page, on the disk and as `urigram playground` serves them (scripts/site.ts). */
const GRAMMAR_PAGES = '../../docs/grammars/';

function pageOf(grammar: GrammarName, rule: string): string {
  return `${GRAMMAR_PAGES}${grammar}.html#${encodeURIComponent(rule)}`;
}

function fillRules(grammar: GrammarName): void {
  ruleSelect.replaceChildren();
  const reference = REFERENCE_RULES[grammar] as readonly string[];
  const group = (label: string, names: readonly string[]) => el('optgroup', { label }, ...names.map((n) => el('option', { value: n }, n)));
  ruleSelect.append(
    group('references (parsed: components)', reference),
    group('every rule (matched)', rulesOf(grammar).filter((r) => !reference.includes(r))),
  );
  ruleSelect.dataset.grammar = grammar;
}

function ruleLink(grammar: GrammarName, rule: string): HTMLAnchorElement {
  return el('a', { href: pageOf(grammar, rule), 'data-rule': rule }, rule);
}

/** The diagram of a rule, its rule boxes linked to the grammar page. */
function diagram(grammar: GrammarName, rule: string): HTMLElement {
  const found = diagrams[grammar].rules.find((r) => r.name === rule);
  const box = el('figure', { class: 'diagram', id: 'diagram' });
  if (found === undefined) return box;
  const svg = el('div', { class: 'svg', role: 'img', 'aria-label': `railroad diagram of ${rule}` });
  svg.innerHTML = found.svg.replace(/href="#([^"]+)"/g, (_m, name: string) => `href="${pageOf(grammar, name)}"`);
  box.append(
    el('figcaption', {}, ruleLink(grammar, rule), ` (${found.section})${found.deviations.length > 0 ? `; PEG deviation: ${found.deviations.map((d) => d.name).join(', ')}` : ''}`),
    ...(found.abnf === '' ? [] : [el('pre', { class: 'abnf' }, found.abnf)]),
    svg,
  );
  return box;
}

/** The input of an error drawn with the offending character marked and a caret under it. */
function caret(id: string, e: ErrorView): HTMLElement {
  return el('pre', { class: 'caret', id }, e.before, el('mark', {}, e.at === '' ? ' ' : e.at), e.after, '\n', `${' '.repeat([...e.before].length)}^`);
}

function outcomes(list: readonly Outcome[]): HTMLElement {
  return el(
    'dl',
    { class: 'outcomes' },
    ...list.flatMap((o) => [el('dt', {}, o.label), o.value !== undefined ? el('dd', {}, el('code', { class: 'value' }, o.value)) : el('dd', { class: 'error' }, o.error ?? '')]),
  );
}

function setState(next: State, push = false): void {
  state = next;
  const fragment = `#${encodeState(state)}`;
  if (location.hash !== fragment) history[push ? 'pushState' : 'replaceState'](null, '', fragment);
  render();
}

function render(): void {
  if (input.value !== state.input) input.value = state.input;
  grammarSelect.value = state.grammar;
  if (ruleSelect.dataset.grammar !== state.grammar) fillRules(state.grammar);
  ruleSelect.value = state.rule;
  if (baseInput.value !== state.base) baseInput.value = state.base;
  levelSelect.value = state.level;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a.grammar-page')) a.href = `${GRAMMAR_PAGES}${state.grammar}.html`;

  const v = verdict(state);
  const result = $('result');
  result.className = v.valid ? 'valid' : 'invalid';
  if (v.valid) {
    const status = el('p', { id: 'status', class: 'status' }, `valid ${state.rule} (${GRAMMAR_TITLES[state.grammar]})`);
    const children: Node[] = [status];
    if (v.segments && v.rows) {
      children.push(
        el(
          'div',
          { class: 'drawn', id: 'drawn', 'aria-label': 'the input, coloured by component' },
          ...v.segments.map((s) =>
            s.component === null ? el('span', { class: 'delim' }, s.text) : el('span', { class: `c-${s.component}`, title: `${s.component} [${s.start}, ${s.end})`, 'data-component': s.component }, s.text),
          ),
        ),
        el(
          'table',
          { id: 'components' },
          el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'component'), el('th', { scope: 'col' }, 'text'), el('th', { scope: 'col' }, 'span'))),
          el(
            'tbody',
            {},
            ...v.rows.map((r) =>
              el(
                'tr',
                { 'data-name': r.name },
                el('th', { scope: 'row' }, el('span', { class: `swatch c-${r.name}` }), r.name),
                el('td', {}, r.text === undefined ? el('i', {}, 'absent') : r.text === '' ? el('i', {}, 'empty') : el('code', {}, r.text)),
                el('td', {}, r.span ? `[${r.span[0]}, ${r.span[1]})` : ''),
              ),
            ),
          ),
        ),
      );
    } else {
      children.push(el('p', {}, `The whole input matches ${state.rule}; components are given for the reference rules (${REFERENCE_RULES[state.grammar].join(', ')}).`), diagram(state.grammar, state.rule));
    }
    result.replaceChildren(...children);
  } else {
    const e = v.error;
    const path: Array<Node | string> = [];
    e.rulePath.forEach((r, i) => {
      if (i > 0) path.push(' > ');
      path.push(ruleLink(state.grammar, r));
    });
    result.replaceChildren(
      el('p', { id: 'status', class: 'status' }, `invalid ${state.rule} at offset ${e.offset}`),
      caret('caret', e),
      el('p', { id: 'expected' }, 'expected: ', ...e.expected.flatMap((x, i) => [i > 0 ? ', ' : '', el('code', {}, x)]), e.found === null ? ', found the end of the input' : ', found ', ...(e.found === null ? [] : [el('code', {}, JSON.stringify(e.found))])),
      el('p', { id: 'rule-path' }, 'rule path: ', ...path),
      diagram(state.grammar, e.innermost),
    );
  }

  $('resolve-out').replaceChildren(outcomes(resolutions(state)));

  const n = normalization(state);
  $('normalize-out').replaceChildren(
    ...('error' in n
      ? [el('p', { class: 'error' }, n.error)]
      : [
          el('p', {}, 'result: ', el('code', { id: 'normalized', class: 'value' }, n.result)),
          n.steps.length === 0
            ? el('p', {}, 'nothing to change')
            : el('ol', { id: 'steps' }, ...n.steps.map((s) => el('li', {}, el('b', {}, s.step), ` (RFC ${s.section}) at [${s.start}, ${s.end}): `, el('code', {}, s.before), ' → ', el('code', {}, s.after)))),
        ]),
  );

  const d = diagnostics(state);
  $('lint-out').replaceChildren(
    'error' in d
      ? el('p', { class: 'error' }, d.error)
      : d.length === 0
        ? el('p', {}, 'no diagnostics')
        : el(
            'ul',
            { id: 'diagnostics' },
            ...d.map((x: Diagnostic) => {
              const item = el('li', { class: `sev-${x.severity}` }, el('b', {}, `${x.severity} ${x.code}`), ` [${x.start}, ${x.end}) ${x.message} (${x.section}) `);
              if (x.fix) {
                const button = el('button', { type: 'button', class: 'fix' }, `apply fix: ${JSON.stringify(x.fix.replacement)}`);
                button.addEventListener('click', () => setState({ ...state, input: applyFix(state.input, x) }, true));
                item.append(button);
              }
              return item;
            }),
          ),
  );

  $('iri-out').replaceChildren(outcomes(conversions(state)));

  const wv = whatwgView(state);
  const cell = (v: string | undefined) => (v === undefined ? el('i', {}, 'absent') : v === '' ? el('i', {}, 'empty') : el('code', {}, v));
  $('whatwg-out').replaceChildren(
    ...('error' in wv
      ? [el('p', { class: 'error' }, wv.error)]
      : [
          el('p', { id: 'whatwg-verdict', class: `verdict-${wv.verdict}` }, 'verdict: ', el('b', {}, wv.verdict)),
          el(
            'table',
            { id: 'readings' },
            el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'component'), el('th', { scope: 'col' }, state.grammar === 'rfc3987' ? 'RFC 3987' : 'RFC 3986'), el('th', { scope: 'col' }, 'WHATWG (this browser\'s URL)'))),
            el(
              'tbody',
              {},
              ...wv.rows.map((row) =>
                el(
                  'tr',
                  { 'data-component': row.component, class: row.differs ? 'differs' : '' },
                  el('th', { scope: 'row' }, row.component),
                  wv.rfc3986Error !== undefined ? el('td', {}, row.component === 'scheme' ? el('span', { class: 'error' }, 'invalid') : '') : el('td', {}, cell(row.rfc3986)),
                  wv.whatwgError !== undefined ? el('td', {}, row.component === 'scheme' ? el('span', { class: 'error' }, 'failure') : '') : el('td', {}, cell(row.whatwg)),
                ),
              ),
            ),
          ),
          ...(wv.rfc3986Error === undefined ? [] : [el('p', { class: 'error' }, `RFC: ${wv.rfc3986Error}`)]),
          ...(wv.whatwgError === undefined ? [] : [el('p', { class: 'error' }, `WHATWG: ${wv.whatwgError}`)]),
          wv.entries.length === 0
            ? el('p', {}, 'nothing to note')
            : el(
                'ul',
                { id: 'whatwg-entries' },
                ...wv.entries.map((e) =>
                  el(
                    'li',
                    { class: e.note ? 'note' : e.security ? 'security' : 'difference', 'data-class': e.class },
                    el('b', {}, `${e.note ? 'note' : 'difference'}: ${e.component}, ${e.class}${e.security ? ' (security)' : ''}`),
                    ' ',
                    e.offset < 0 ? el('span', {}, '(in the base)') : el('code', { class: 'caret-line' }, e.before, el('mark', {}, e.at === '' ? ' ' : e.at), e.after),
                    el('br'),
                    e.message,
                  ),
                ),
              ),
        ]),
  );

  if (templateInput.value !== state.template) templateInput.value = state.template;
  if (variablesInput.value !== state.variables) variablesInput.value = state.variables;
  if (matchInput.value !== state.match) matchInput.value = state.match;
  const t = templateView(state);
  const parsed: Node[] = [];
  if (t.parse.valid) {
    parsed.push(
      el('p', { id: 'template-status', class: 'status' }, `a valid URI Template, Level ${t.parse.level}`),
      el(
        'ol',
        { id: 'template-parts' },
        ...t.parse.parts.map((p) =>
          p.type === 'literal'
            ? el('li', {}, 'literal ', el('code', {}, p.text), ` [${p.start}, ${p.end})`)
            : el('li', {}, `expression, operator ${p.operator === '' ? '(none)' : p.operator}: `, ...p.variables.flatMap((v, i) => [i > 0 ? ', ' : '', el('code', {}, `${v.name}${v.prefix !== undefined ? `:${v.prefix}` : ''}${v.explode ? '*' : ''}`)]), ` [${p.start}, ${p.end})`),
        ),
      ),
    );
  } else {
    const e = t.parse.error;
    parsed.push(
      el('p', { id: 'template-status', class: 'status invalid' }, `not a URI Template: offset ${e.offset}`),
      caret('template-caret', e),
      el('p', {}, e.message),
    );
  }
  $('template-out').replaceChildren(...parsed, outcomes([t.expansion, t.iri, t.match]));
}

input.addEventListener('input', () => setState({ ...state, input: input.value }));
baseInput.addEventListener('input', () => setState({ ...state, base: baseInput.value }));
grammarSelect.addEventListener('change', () => {
  const grammar = grammarSelect.value as GrammarName;
  setState({ ...state, grammar, rule: REFERENCE_RULES[grammar][0] }, true);
});
ruleSelect.addEventListener('change', () => setState({ ...state, rule: ruleSelect.value }, true));
templateInput.addEventListener('input', () => setState({ ...state, template: templateInput.value }));
variablesInput.addEventListener('input', () => setState({ ...state, variables: variablesInput.value }));
matchInput.addEventListener('input', () => setState({ ...state, match: matchInput.value }));
levelSelect.addEventListener('change', () => setState({ ...state, level: levelSelect.value === 'syntax' ? 'syntax' : 'scheme' }));
window.addEventListener('hashchange', () => {
  state = decodeState(location.hash);
  render();
});

state = location.hash.length > 1 ? decodeState(location.hash) : DEFAULT_STATE;
render();
document.body.dataset.ready = 'true';
