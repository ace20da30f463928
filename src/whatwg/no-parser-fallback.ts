/**
 * `urigram/no-parser-fallback` (docs/eslint-no-parser-fallback.md): a second
 * URL parser reached when the first refuses, and one URL read by two parsers
 * in one function. Two parsers read some strings otherwise (docs/whatwg.md);
 * code that checks one reading and acts on the other is the shape of
 * CVE-2023-26159 (follow-redirects: `try { new URL(input) } catch {
 * url.parse(input) }`, where url.parse read a host new URL refused).
 *
 * Reported:
 * - a `try` whose block calls one parser and whose `catch` calls another;
 * - an `if` or `?:` whose test calls one parser (URL.canParse(x)) and whose
 *   other branch calls another;
 * - in one function, two parsers called on the same variable or property
 *   (`new URL(x)` and `url.parse(x)`) with no assignment to it between them;
 * - in one function, a value checked with one reading (a parser, or a string
 *   test that reads a host) and then requested by a function that reads it
 *   with another (./no-parser-fallback-readings.ts says which reads how):
 *   directly, through a helper function of the file called with it (one
 *   level), through `const`/`let` aliases and destructuring.
 *
 * The parsers: the WHATWG URL (global `URL`: `new URL`, `URL.parse`,
 * `URL.canParse`; `url.URL`; whatwg-url), Node's legacy `url.parse` (and
 * `url.resolve`), and the URL libraries url-parse, uri-js, fast-uri, urijs,
 * parse-url and url-parse-lax, when the code imports or requires them.
 */
import type { Rule, Scope } from 'eslint';
import type * as ESTree from 'estree';
import { GLOBAL_OBJECTS, GLOBAL_REQUESTS, MODULES, NAMES, prefixReadsHost, readsHost, stringValue, urlArgument, type Family, type Reader, type Role } from './no-parser-fallback-readings';

const WHATWG_PARSER: Reader = { family: 'whatwg', role: 'parse' };
const WHATWG_REQUEST: Reader = { family: 'whatwg', role: 'request', argument: 'url-first' };

/** A binding made from a module: the module itself (a namespace or its default export), or one of its members. */
type Binding = { readonly module: string; readonly member?: string };

/** What an expression reads, as a key: its root variable and the property chain from it, through aliases (`const a = t`, `const { url } = req`). */
interface Subject {
  /** `t`, `req.url`, `this.target`: the root's name and the chain. */
  readonly key: string;
  /** The root variable (undefined for `this` or a global), whose writes end what is known. */
  readonly variable: Scope.Variable | undefined;
}

/** One reading of a subject: a parser call, a request, a string test, or one of these in a helper function called with it. */
interface Reading {
  readonly node: ESTree.Node;
  readonly family: Family;
  readonly role: Role;
  readonly subject: Subject;
  /** Where it counts in the function's order: a request after what its arguments hold (`fetch(ok(t) ? t : d)`). */
  readonly at: number;
  /** The callee as written (`axios.get`), for a request's message. */
  readonly callee: string;
  /** The line it is on (in the helper, for one read there). */
  readonly line: number;
  /** The helper function it was read in, for one called with the subject. */
  readonly via?: string;
}

/** The module a `require('m')` (or `require('m').member`) names, if it is one. */
function requiredModule(node: ESTree.Node | null | undefined): string | undefined {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return undefined;
  const arg = node.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' && Object.prototype.hasOwnProperty.call(MODULES, arg.value) ? arg.value : undefined;
}

function functionOf(node: ESTree.Node & { parent?: ESTree.Node }): ESTree.Node {
  let n: (ESTree.Node & { parent?: ESTree.Node }) | undefined = node.parent;
  while (n !== undefined && n.type !== 'FunctionDeclaration' && n.type !== 'FunctionExpression' && n.type !== 'ArrowFunctionExpression' && n.type !== 'Program') n = n.parent as typeof n;
  return n ?? node;
}

/** Whether `inner` lies within `outer` (by range). */
const within = (inner: ESTree.Node, outer: ESTree.Node | null | undefined): boolean => outer != null && (outer.range as [number, number])[0] <= (inner.range as [number, number])[0] && (inner.range as [number, number])[1] <= (outer.range as [number, number])[1];

const rule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'A second URL parser reached when the first refuses, or one URL read by two parsers in one function: each reads some strings otherwise (CVE-2023-26159)',
      recommended: true,
    },
    schema: [],
    messages: {
      fallback: '{{second}} is reached when {{first}} refuses the input: the two read some URLs otherwise (a host one refuses, the other reads), the shape of CVE-2023-26159; refuse the input instead',
      twoParsers: '{{subject}} is read by {{first}} (line {{line}}) and by {{second}} in one function: a check made on one reading does not hold for the other',
      requested: '{{subject}} is checked with {{first}} (line {{line}}) and requested by {{request}}, which reads it with {{second}}: the two read some URLs otherwise, so the check does not hold for the host the request goes to',
    },
  },
  create(context) {
    const source = context.sourceCode;
    /** The declarations that bind a module (or one of its members), by the declared identifier. */
    const declared = new Map<ESTree.Node, Binding>();
    /** Declarations of a member of something (`var URL = url.URL`), resolved at the end: a module's member when the object is a module. */
    const aliases = new Map<ESTree.Node, { readonly object: ESTree.Identifier; readonly member: string }>();
    /** Declarations of an instance of something (`const api = axios.create()`), resolved at the end: the module when the object is one. */
    const instances = new Map<ESTree.Node, ESTree.Identifier>();
    const candidates: Array<ESTree.CallExpression | ESTree.NewExpression> = [];
    const tries: ESTree.TryStatement[] = [];
    const branches: Array<ESTree.IfStatement | ESTree.ConditionalExpression> = [];

    /** The variable an identifier refers to, through the scopes it is used in. */
    function variableOf(id: ESTree.Identifier): Scope.Variable | undefined {
      for (let scope: Scope.Scope | null = source.getScope(id); scope !== null; scope = scope.upper) {
        const v = scope.set.get(id.name);
        if (v !== undefined) return v;
      }
      return undefined;
    }

    /** The module binding an identifier refers to, if it refers to one (a local variable of the same name does not). */
    function bindingOf(id: ESTree.Identifier, depth = 0): Binding | undefined {
      const v = depth > 8 ? undefined : variableOf(id);
      if (v === undefined) return undefined;
      for (const d of v.defs) {
        const b = declared.get(d.name as ESTree.Node);
        if (b !== undefined) return b;
        const alias = aliases.get(d.name as ESTree.Node);
        const of = alias === undefined ? undefined : bindingOf(alias.object, depth + 1);
        if (of !== undefined && of.member === undefined && alias !== undefined) return { module: of.module, member: alias.member };
        const instance = instances.get(d.name as ESTree.Node);
        const made = instance === undefined ? undefined : bindingOf(instance, depth + 1);
        if (made !== undefined && made.member === undefined && MODULES[made.module].default?.role === 'request') return made;
      }
      return undefined;
    }

    /** Whether `name` is a global where `node` is (no declared variable of that name). */
    function isGlobal(node: ESTree.Node, name: string): boolean {
      for (let scope: Scope.Scope | null = source.getScope(node); scope !== null; scope = scope.upper) {
        const v = scope.set.get(name);
        if (v !== undefined && v.defs.length > 0) return false;
      }
      return true;
    }

    const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);

    /** A module's reader for a binding: its default export or namespace called, or one of its members. */
    const moduleReader = (b: Binding): Reader | undefined => (b.member === undefined ? MODULES[b.module].default : own(MODULES[b.module].members, b.member));

    /** What a call or `new` calls that reads a URL (a parser or a request function), if it is one. */
    function readerOf(node: ESTree.CallExpression | ESTree.NewExpression): Reader | undefined {
      const callee = node.callee;
      if (callee.type === 'Identifier') {
        if (callee.name === 'URL' && node.type === 'NewExpression' && isGlobal(node, 'URL')) return WHATWG_PARSER;
        if ((callee.name === 'fetch' || (callee.name === 'Request' && node.type === 'NewExpression')) && isGlobal(node, callee.name)) return WHATWG_REQUEST;
        const b = bindingOf(callee);
        return b === undefined ? undefined : moduleReader(b);
      }
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
        const member = callee.property.name;
        const object = callee.object;
        if (object.type === 'Identifier' && object.name === 'URL' && (member === 'parse' || member === 'canParse') && isGlobal(node, 'URL')) return WHATWG_PARSER;
        // globalThis.fetch(x), window.fetch(x), new self.Request(x).
        if (object.type === 'Identifier' && GLOBAL_OBJECTS.has(object.name) && GLOBAL_REQUESTS.has(member) && isGlobal(node, object.name)) return WHATWG_REQUEST;
        const b = object.type === 'Identifier' ? bindingOf(object) : undefined;
        const module = b !== undefined && b.member === undefined ? b.module : requiredModule(object);
        if (module !== undefined) return own(MODULES[module].members, member);
      }
      return undefined;
    }

    /** The one definition of a variable by `const`/`let`/`var` with an initializer, and no other write to it: what it always holds. */
    /** The writes to each variable after its declaration (not its initializer): their positions in order, and the values they assign; computed once a variable. */
    const writesOf = new Map<Scope.Variable, { readonly at: readonly number[]; readonly values: ReadonlyMap<ESTree.Node, number> }>();
    function writes(v: Scope.Variable): { readonly at: readonly number[]; readonly values: ReadonlyMap<ESTree.Node, number> } {
      let w = writesOf.get(v);
      if (w === undefined) {
        const at: number[] = [];
        const values = new Map<ESTree.Node, number>();
        for (const r of v.references) {
          if (!r.isWrite() || r.init) continue;
          const p = (r.identifier.range as [number, number])[0];
          at.push(p);
          if (r.writeExpr != null) values.set(r.writeExpr as ESTree.Node, p);
        }
        w = { at: at.sort((x, y) => x - y), values };
        writesOf.set(v, w);
      }
      return w;
    }

    function onlyValue(v: Scope.Variable | undefined): { readonly declarator: ESTree.VariableDeclarator; readonly init: ESTree.Expression } | undefined {
      if (v === undefined || v.defs.length !== 1) return undefined;
      const d = v.defs[0];
      if (d.type !== 'Variable' || d.node.init == null || writes(v).at.length > 0) return undefined;
      return { declarator: d.node, init: d.node.init };
    }

    /**
     * What an expression reads, as a key: a variable, `this` or a property chain on one, through
     * aliases: `const a = t` reads `t`, `const { url } = req` reads `req.url` (a variable written
     * again is no alias). A value a parser made (`const { href } = new URL(t)`) is another string.
     */
    function subjectOf(node: ESTree.Node | undefined, depth = 0): Subject | undefined {
      if (node === undefined || depth > 8) return undefined;
      if (node.type === 'ThisExpression') return { key: 'this', variable: undefined };
      // `t as string`, `t!`, `t satisfies string` (TypeScript), `${t}`: the same string.
      const wrapped = node as unknown as { type: string; expression?: ESTree.Node };
      if (wrapped.type === 'TSAsExpression' || wrapped.type === 'TSNonNullExpression' || wrapped.type === 'TSSatisfiesExpression' || wrapped.type === 'TSTypeAssertion') return subjectOf(wrapped.expression, depth + 1);
      if (node.type === 'TemplateLiteral' && node.expressions.length === 1 && node.quasis.every((q) => q.value.cooked === '')) return subjectOf(node.expressions[0], depth + 1);
      if (node.type === 'MemberExpression') {
        if (node.computed || node.property.type !== 'Identifier') return undefined;
        const object = subjectOf(node.object, depth + 1);
        return object === undefined ? undefined : { key: `${object.key}.${node.property.name}`, variable: object.variable };
      }
      if (node.type !== 'Identifier') return undefined;
      const variable = variableOf(node);
      const value = onlyValue(variable);
      const id = value?.declarator.id;
      let path: string | undefined;
      if (id?.type === 'Identifier') path = '';
      else if (id?.type === 'ObjectPattern') {
        const at = (variable as Scope.Variable).defs[0].name.range as [number, number];
        for (const p of id.properties) {
          if (p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.value.type === 'Identifier' && (p.value.range as [number, number])[0] === at[0]) path = `.${p.key.name}`;
        }
      }
      const of = path === undefined ? undefined : subjectOf(value?.init, depth + 1);
      return of !== undefined ? { key: of.key + path, variable: of.variable } : { key: node.name, variable };
    }

    /** The source of a regular expression: a literal, `new RegExp('...')`, or a variable that holds one. */
    function regexSource(node: ESTree.Node | undefined, depth = 0): string | undefined {
      if (node === undefined || depth > 8) return undefined;
      if (node.type === 'Literal' && 'regex' in node && node.regex !== undefined) return node.regex.pattern;
      if ((node.type === 'NewExpression' || node.type === 'CallExpression') && node.callee.type === 'Identifier' && node.callee.name === 'RegExp' && isGlobal(node, 'RegExp')) return stringValue(node.arguments[0] as ESTree.Node | undefined);
      if (node.type === 'Identifier') return regexSource(onlyValue(variableOf(node))?.init, depth + 1);
      return undefined;
    }

    /** A string test that reads a host: `re.test(t)`, `re.exec(t)`, `t.match(re)`, `t.search(re)` with a regular expression that reads one, `t.startsWith('https://good.example')`. */
    function stringTest(node: ESTree.CallExpression | ESTree.NewExpression): { readonly subject: ESTree.Node | undefined; readonly family: Family } | undefined {
      const callee = node.callee;
      if (node.type !== 'CallExpression' || callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
      const method = callee.property.name;
      const arg = node.arguments[0] as ESTree.Node | undefined;
      const host = (s: string | undefined): boolean => s !== undefined && readsHost(s);
      if ((method === 'test' || method === 'exec') && host(regexSource(callee.object))) return { subject: arg, family: 'regexp' };
      if ((method === 'match' || method === 'matchAll' || method === 'search') && host(regexSource(arg))) return { subject: callee.object, family: 'regexp' };
      const prefix = stringValue(arg);
      if (method === 'startsWith' && prefix !== undefined && prefixReadsHost(prefix)) return { subject: callee.object, family: 'prefix' };
      return undefined;
    }

    /** The readings a call makes: a parser's of its first argument, a request's of its URL (each branch of `ok ? t : d`), a string test's. */
    function readingsOf(node: ESTree.CallExpression | ESTree.NewExpression): Reading[] {
      const range = node.range as [number, number];
      const reader = readerOf(node);
      if (reader !== undefined) {
        const arg = reader.role === 'request' ? urlArgument(node, reader) : (node.arguments[0] as ESTree.Node | undefined);
        const args = reader.role === 'request' && arg?.type === 'ConditionalExpression' ? [arg.consequent, arg.alternate] : [arg];
        const callee = source.getText(node.callee);
        return args.flatMap((a) => {
          const subject = subjectOf(a);
          return subject === undefined ? [] : [{ node, family: reader.family, role: reader.role, subject, at: reader.role === 'request' ? range[1] : range[0], callee, line: node.loc?.start.line ?? 0 }];
        });
      }
      const test = stringTest(node);
      const subject = test === undefined ? undefined : subjectOf(test.subject);
      return test === undefined || subject === undefined ? [] : [{ node, family: test.family, role: 'test', subject, at: range[0], callee: source.getText(node.callee), line: node.loc?.start.line ?? 0 }];
    }

    /** The function a callee names when this file defines it once: `function ok(u) {}`, `const ok = (u) => ...`, or a method of the class the call is in (`this.ok(u)`). */
    function helperOf(callee: ESTree.Node): ESTree.FunctionDeclaration | ESTree.FunctionExpression | ESTree.ArrowFunctionExpression | undefined {
      if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression' && !callee.computed && callee.property.type === 'Identifier') {
        const name = callee.property.name;
        let n = (callee as ESTree.Node & { parent?: ESTree.Node }).parent as (ESTree.Node & { parent?: ESTree.Node }) | undefined;
        // The class around the call, through arrows (whose `this` is the method's), not through another function.
        while (n !== undefined && n.type !== 'ClassBody' && n.type !== 'FunctionDeclaration' && !(n.type === 'FunctionExpression' && (n.parent as ESTree.Node | undefined)?.type !== 'MethodDefinition')) n = n.parent as typeof n;
        if (n?.type !== 'ClassBody') return undefined;
        const methods = n.body.filter((m): m is ESTree.MethodDefinition => m.type === 'MethodDefinition' && m.kind === 'method' && !m.computed && m.key.type === 'Identifier' && m.key.name === name);
        return methods.length === 1 ? methods[0].value : undefined;
      }
      if (callee.type !== 'Identifier') return undefined;
      const v = variableOf(callee);
      if (v?.defs.length === 1 && v.defs[0].type === 'FunctionName' && v.defs[0].node.type === 'FunctionDeclaration' && writes(v).at.length === 0) return v.defs[0].node;
      const init = onlyValue(v)?.init;
      return init?.type === 'FunctionExpression' || init?.type === 'ArrowFunctionExpression' ? init : undefined;
    }

    /**
     * The readings of helper functions called with a subject (one level): what `ok(u)` reads of its
     * parameter `u` (or of `u.url`), a reading of the argument at the call.
     */
    function helperReadings(direct: readonly Reading[]): Reading[] {
      const out: Reading[] = [];
      // The readings of each parameter, by the parameter's identifier: one look-up a call.
      const ofParameter = new Map<ESTree.Node, Reading[]>();
      for (const r of direct) {
        const def = r.subject.variable?.defs[0];
        if (def?.type !== 'Parameter') continue;
        const list = ofParameter.get(def.name);
        if (list === undefined) ofParameter.set(def.name, [r]);
        else list.push(r);
      }
      if (ofParameter.size === 0) return out;
      for (const call of candidates) {
        const fn = call.type === 'CallExpression' ? helperOf(call.callee) : undefined;
        if (fn === undefined) continue;
        const range = call.range as [number, number];
        fn.params.forEach((declared, k) => {
          // `u` or `u = default`: the argument given, when one is.
          const param = declared.type === 'AssignmentPattern' ? declared.left : declared;
          const arg = call.arguments[k] as ESTree.Node | undefined;
          const subject = param.type === 'Identifier' && arg?.type !== 'SpreadElement' ? subjectOf(arg) : undefined;
          if (subject === undefined || param.type !== 'Identifier') return;
          for (const r of ofParameter.get(param) ?? []) {
            if (r.subject.variable?.defs[0].node !== fn) continue;
            const via = source.getText(call.callee);
            out.push({ ...r, node: call, subject: { key: subject.key + r.subject.key.slice(param.name.length), variable: subject.variable }, at: r.role === 'request' ? range[1] : range[0], via });
          }
        });
      }
      return out;
    }

    /** Whether the subject both readings read is assigned between them (the second then reads another string). */
    function assignedBetween(a: Reading, b: Reading): boolean {
      const variable = a.subject.variable;
      if (variable === undefined) return false;
      const from = (a.node.range as [number, number])[1];
      const to = (b.node.range as [number, number])[0];
      const w = writes(variable);
      if (w.at.length === 0) return false;
      // A write after the first reading and before the second (the first write after it, by halving)...
      let lo = 0;
      for (let hi = w.at.length; lo < hi; ) {
        const mid = (lo + hi) >> 1;
        if (w.at[mid] > from) hi = mid;
        else lo = mid + 1;
      }
      if (lo < w.at.length && w.at[lo] < to) return true;
      // ...or one whose value holds the first reading (`s = new URL(s).href`): the reading or one around it.
      for (let n: (ESTree.Node & { parent?: ESTree.Node | null }) | null | undefined = a.node; n != null; n = n.parent) {
        const at = w.values.get(n);
        if (at !== undefined && at < to) return true;
      }
      return false;
    }

    /** How a message names a reading: its family, and the helper it is in. */
    const named = (r: Reading): string => (r.via === undefined ? NAMES[r.family] : `${NAMES[r.family]} in ${r.via}`);

    return {
      ImportDeclaration(node: ESTree.ImportDeclaration) {
        const module = node.source.value;
        if (typeof module !== 'string' || !Object.prototype.hasOwnProperty.call(MODULES, module)) return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier') declared.set(s.local, { module, member: s.imported.type === 'Identifier' ? s.imported.name : String(s.imported.value) });
          else declared.set(s.local, { module });
        }
      },
      VariableDeclarator(node: ESTree.VariableDeclarator) {
        const init = node.init;
        let module = requiredModule(init);
        let member: string | undefined;
        if (module === undefined && init?.type === 'MemberExpression' && !init.computed && init.property.type === 'Identifier') {
          module = requiredModule(init.object);
          member = init.property.name;
        }
        if (module === undefined) {
          if (node.id.type === 'Identifier' && init?.type === 'MemberExpression' && !init.computed && init.object.type === 'Identifier' && init.property.type === 'Identifier') aliases.set(node.id, { object: init.object, member: init.property.name });
          // An instance (`axios.create()`, `got.extend()`) reads as the module does.
          if (node.id.type === 'Identifier' && init?.type === 'CallExpression' && init.callee.type === 'MemberExpression' && !init.callee.computed && init.callee.object.type === 'Identifier' && init.callee.property.type === 'Identifier' && (init.callee.property.name === 'create' || init.callee.property.name === 'extend')) instances.set(node.id, init.callee.object);
          return;
        }
        if (node.id.type === 'Identifier') declared.set(node.id, member === undefined ? { module } : { module, member });
        else if (node.id.type === 'ObjectPattern' && member === undefined) {
          for (const p of node.id.properties) {
            if (p.type === 'Property' && p.key.type === 'Identifier' && p.value.type === 'Identifier') declared.set(p.value, { module, member: p.key.name });
          }
        }
      },
      CallExpression(node: ESTree.CallExpression) {
        candidates.push(node);
      },
      NewExpression(node: ESTree.NewExpression) {
        candidates.push(node);
      },
      TryStatement(node: ESTree.TryStatement) {
        if (node.handler != null) tries.push(node);
      },
      IfStatement(node: ESTree.IfStatement) {
        if (node.alternate != null) branches.push(node);
      },
      ConditionalExpression(node: ESTree.ConditionalExpression) {
        branches.push(node);
      },
      'Program:exit'() {
        // Resolved at the end: a function may call a parser or a helper bound further down (hoisting).
        const direct = candidates.flatMap(readingsOf);
        const readings = [...direct, ...helperReadings(direct)];
        if (readings.length < 2) return;
        const reported = new Set<ESTree.Node>();
        const report = (node: ESTree.Node, messageId: 'fallback' | 'twoParsers' | 'requested', data: Record<string, string>) => {
          if (reported.has(node)) return;
          reported.add(node);
          context.report({ node, messageId, data });
        };
        // The fallback: a parser in the try (or the test), another parser or a request of another reading in the catch (or the other branch).
        // The readings within a node, found by halving the readings in order of their start.
        const start = (n: ESTree.Node): number => (n.range as [number, number])[0];
        const byStart = [...direct].sort((a, b) => start(a.node) - start(b.node));
        const inside = (body: ESTree.Node | null | undefined): Reading[] => {
          if (body == null) return [];
          let lo = 0;
          for (let hi = byStart.length; lo < hi; ) {
            const mid = (lo + hi) >> 1;
            if (start(byStart[mid].node) >= start(body)) hi = mid;
            else lo = mid + 1;
          }
          const out: Reading[] = [];
          for (let k = lo; k < byStart.length && start(byStart[k].node) < (body.range as [number, number])[1]; k++) if (within(byStart[k].node, body)) out.push(byStart[k]);
          return out;
        };
        const fallback = (first: Reading | undefined, body: ESTree.Node | null | undefined): void => {
          if (first === undefined) return;
          for (const c of inside(body)) if (c.role !== 'test' && c.family !== first.family) report(c.node, 'fallback', { first: NAMES[first.family], second: NAMES[c.family] });
        };
        for (const t of tries) fallback(inside(t.block).find((c) => c.role === 'parse'), t.handler?.body);
        for (const b of branches) fallback(inside(b.test).find((c) => c.role === 'parse'), b.alternate);
        // One subject read two ways, with no assignment to it between: a parser (or a string test) then
        // another parser or a request of another reading, in one function or in a function within it
        // (a request in a callback: `new Promise((resolve) => https.get(t, resolve))`).
        const functionOfReading = new Map<Reading, ESTree.Node>(readings.map((r) => [r, functionOf(r.node as ESTree.Node & { parent?: ESTree.Node })]));
        /** A function and those around it, to the program. */
        const chains = new Map<ESTree.Node, Set<ESTree.Node>>();
        const chain = (fn: ESTree.Node): Set<ESTree.Node> => {
          let set = chains.get(fn);
          if (set === undefined) {
            set = new Set<ESTree.Node>([fn]);
            for (let f = fn; f.type !== 'Program'; ) set.add((f = functionOf(f as ESTree.Node & { parent?: ESTree.Node })));
            chains.set(fn, set);
          }
          return set;
        };
        /**
         * The nearest check before `c` of another reading of its variable, in its function, one around
         * it (not the module's top level: a constant read there and in functions is no check of an
         * input) or a callback within it (`ALLOWED.some((h) => url.parse(t).hostname === h)`); none
         * when the variable is assigned between (then it is for every check before too).
         */
        const nearestCheck = (c: Reading, checks: ReadonlyMap<Family, readonly Reading[]>): Reading | undefined => {
          const own = functionOfReading.get(c) as ESTree.Node;
          let nearest: Reading | undefined;
          for (const [family, list] of checks) {
            if (family === c.family) continue;
            // The nearest related check of this family: a few back at most (those between are in callbacks
            // beside this one), so that a file of many checks stays linear.
            for (let k = list.length - 1; k >= 0 && k >= list.length - 64; k--) {
              const p = list[k];
              if (p.node === c.node) continue;
              const where = functionOfReading.get(p) as ESTree.Node;
              if (where === own || (c.subject.variable !== undefined && where.type !== 'Program' && (chain(own).has(where) || chain(where).has(own)))) {
                if (nearest === undefined || p.at > nearest.at) nearest = p;
                break;
              }
            }
          }
          return nearest === undefined || assignedBetween(nearest, c) ? undefined : nearest;
        };
        // By subject (its key and variable), in order: each parser or request against the checks before
        // it of each other reading, the nearest first.
        const bySubject = new Map<string, Map<Scope.Variable | undefined, Reading[]>>();
        for (const r of [...readings].sort((a, b) => a.at - b.at)) {
          const ofKey = bySubject.get(r.subject.key) ?? new Map<Scope.Variable | undefined, Reading[]>();
          bySubject.set(r.subject.key, ofKey);
          const list = ofKey.get(r.subject.variable);
          if (list === undefined) ofKey.set(r.subject.variable, [r]);
          else list.push(r);
        }
        for (const list of [...bySubject.values()].flatMap((ofKey) => [...ofKey.values()])) {
          const checks = new Map<Family, Reading[]>();
          for (const c of list) {
            const first = c.role === 'test' ? undefined : nearestCheck(c, checks);
            if (c.role !== 'request') {
              const ofFamily = checks.get(c.family);
              if (ofFamily === undefined) checks.set(c.family, [c]);
              else ofFamily.push(c);
            }
            if (first === undefined) continue;
            const data = { subject: c.subject.key, first: named(first), second: named(c), line: String(first.line), request: c.via === undefined ? c.callee : `${c.callee} in ${c.via}` };
            report(c.node, c.role === 'request' ? 'requested' : 'twoParsers', c.role === 'request' ? { ...data, second: NAMES[c.family] } : data);
          }
        }
      },
    } as Rule.RuleListener;
  },
};

export default rule;
