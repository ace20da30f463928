/**
 * A generated CommonJS module of our own (the recognizer, the diagnostic back
 * end, the automata: generated/NAME.recognizer.js, .diagnose.js, .dfa.js) as
 * an ES module, for the ES module build that bundlers tree-shake:
 * scripts/finish-build.ts writes dist/esm/generated/NAME.KIND.js with it, so
 * that generated/ holds each module once (the .d.ts beside the CommonJS file
 * describes both).
 */
const STRICT = "'use strict';\n";
/** The one line of our own generated CommonJS modules that exports: `module.exports = { a, b, NAME: [...] };`. */
const EXPORTS_LINE = /^module\.exports = \{ (.*) \};$/m;
/** An entry of that line that is a value (a JSON array of rule names), not a name already declared. */
const VALUE_ENTRY = /(\w+): (\[[^\]\n]*\])(?:, )?/g;

/**
 * A module that scripts/compile-recognizer.ts or scripts/compile-dfa.ts wrote
 * (the recognizer, the diagnostic back end, the automata) as an ES module: the
 * same code, without 'use strict', its one module.exports line turned into
 * declarations of its values and an export list. `what` names the module for
 * the error when its shape is not this.
 */
export function asEsModule(js: string, file: string, what: string): string {
  const match = EXPORTS_LINE.exec(js);
  if (!js.startsWith(STRICT) || match === null || js.includes('module.exports', match.index + 1) || js.includes('require(')) {
    throw new Error(`${file}: the ${what}'s module shape is not what scripts/generate.ts expects; update asEsModule`);
  }
  const values = [...match[1].matchAll(VALUE_ENTRY)];
  const names = match[1].replace(VALUE_ENTRY, '').split(', ').filter((n) => n !== '');
  if (!names.every((n) => /^\w+$/.test(n))) throw new Error(`${file}: the ${what}'s exports are not names and arrays; update asEsModule`);
  const declarations = values.map(([, name, value]) => `const ${name} = ${value};\n`).join('');
  return js.slice(STRICT.length, match.index) + `${declarations}export { ${[...names, ...values.map((v) => v[1])].join(', ')} };` + js.slice(match.index + match[0].length);
}

/**
 * The file `text` of generated/ (its do-not-edit header, then the module) as
 * an ES module: the same header, saying so, and the module by asEsModule.
 */
export function esModuleOf(text: string, file: string, what: string): string {
  const at = text.indexOf(STRICT);
  const head = at < 0 ? '' : text.slice(0, at);
  if (at < 0 || !head.split('\n').every((line) => line === '' || line.startsWith('//'))) {
    throw new Error(`${file}: not a generated module of scripts/generate.ts (a header of comments, then 'use strict'); update esModuleOf`);
  }
  return `${head}// As an ES module, by scripts/finish-build.ts (scripts/es-module.ts).\n${asEsModule(text.slice(at), file, what)}`;
}
