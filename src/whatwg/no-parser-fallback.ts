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
 *   (`new URL(x)` and `url.parse(x)`) with no assignment to it between them.
 *
 * The parsers: the WHATWG URL (global `URL`: `new URL`, `URL.parse`,
 * `URL.canParse`; `url.URL`; whatwg-url), Node's legacy `url.parse` (and
 * `url.resolve`), and the URL libraries url-parse, uri-js, fast-uri, urijs,
 * parse-url and url-parse-lax, when the code imports or requires them.
 */
import type { Rule, Scope } from 'eslint';
import type * as ESTree from 'estree';

/** A parser's family: two calls of one family read alike. */
type Family = 'whatwg' | 'node-legacy' | 'url-parse' | 'uri-js' | 'fast-uri' | 'urijs' | 'parse-url' | 'url-parse-lax';

/** What each module exports that parses a URL: the whole module when it is itself the parser ('default'), or its members. */
const MODULES: Readonly<Record<string, { readonly default?: Family; readonly members: Readonly<Record<string, Family>> }>> = {
  url: { members: { parse: 'node-legacy', resolve: 'node-legacy', URL: 'whatwg' } },
  'node:url': { members: { parse: 'node-legacy', resolve: 'node-legacy', URL: 'whatwg' } },
  'whatwg-url': { members: { URL: 'whatwg', parseURL: 'whatwg', basicURLParse: 'whatwg' } },
  'url-parse': { default: 'url-parse', members: {} },
  'uri-js': { members: { parse: 'uri-js' } },
  'fast-uri': { members: { parse: 'fast-uri' } },
  urijs: { default: 'urijs', members: {} },
  'parse-url': { default: 'parse-url', members: {} },
  'url-parse-lax': { default: 'url-parse-lax', members: {} },
};

/** How a message names a family. */
const NAMES: Readonly<Record<Family, string>> = {
  whatwg: 'the WHATWG URL parser',
  'node-legacy': "Node's legacy url.parse",
  'url-parse': 'url-parse',
  'uri-js': 'uri-js',
  'fast-uri': 'fast-uri',
  urijs: 'urijs',
  'parse-url': 'parse-url',
  'url-parse-lax': 'url-parse-lax',
};

/** A binding made from a module: the module itself (a namespace or its default export), or one of its members. */
type Binding = { readonly module: string; readonly member?: string };

interface ParserCall {
  readonly node: ESTree.CallExpression | ESTree.NewExpression;
  readonly family: Family;
  /** The source text of the first argument when it is a variable or a property chain, else undefined. */
  readonly key: string | undefined;
  readonly identifier: ESTree.Identifier | undefined;
}

/** The module a `require('m')` (or `require('m').member`) names, if it is one. */
function requiredModule(node: ESTree.Node | null | undefined): string | undefined {
  if (node?.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'require') return undefined;
  const arg = node.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' && arg.value in MODULES ? arg.value : undefined;
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
    },
  },
  create(context) {
    const source = context.sourceCode;
    /** The declarations that bind a module (or one of its members), by the declared identifier. */
    const declared = new Map<ESTree.Node, Binding>();
    /** Declarations of a member of something (`var URL = url.URL`), resolved at the end: a module's member when the object is a module. */
    const aliases = new Map<ESTree.Node, { readonly object: ESTree.Identifier; readonly member: string }>();
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

    /** The family of the parser a call or `new` calls, if it is one. */
    function familyOf(node: ESTree.CallExpression | ESTree.NewExpression): Family | undefined {
      const callee = node.callee;
      if (callee.type === 'Identifier') {
        if (callee.name === 'URL' && node.type === 'NewExpression' && isGlobal(node, 'URL')) return 'whatwg';
        const b = bindingOf(callee);
        if (b === undefined) return undefined;
        return b.member === undefined ? MODULES[b.module].default : MODULES[b.module].members[b.member];
      }
      if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') {
        const member = callee.property.name;
        const object = callee.object;
        if (object.type === 'Identifier' && object.name === 'URL' && (member === 'parse' || member === 'canParse') && isGlobal(node, 'URL')) return 'whatwg';
        const b = object.type === 'Identifier' ? bindingOf(object) : undefined;
        const module = b !== undefined && b.member === undefined ? b.module : requiredModule(object);
        if (module !== undefined) return MODULES[module].members[member];
      }
      return undefined;
    }

    const plain = (n: ESTree.Node | undefined): boolean => n !== undefined && (n.type === 'Identifier' || n.type === 'ThisExpression' || (n.type === 'MemberExpression' && !n.computed && plain(n.object as ESTree.Node)));

    function parserCall(node: ESTree.CallExpression | ESTree.NewExpression): ParserCall | undefined {
      const family = familyOf(node);
      if (family === undefined) return undefined;
      const arg = node.arguments[0];
      const key = arg !== undefined && arg.type !== 'SpreadElement' && plain(arg) ? source.getText(arg) : undefined;
      return { node, family, key, identifier: arg?.type === 'Identifier' ? arg : undefined };
    }

    /** Whether the variable both calls read is assigned between them (the second then reads another string). */
    function assignedBetween(a: ParserCall, b: ParserCall): boolean {
      const variable = a.identifier === undefined ? undefined : variableOf(a.identifier);
      if (variable === undefined) return false;
      const from = (a.node.range as [number, number])[1];
      const to = (b.node.range as [number, number])[0];
      // A write after the first call, or one whose value holds it (`s = new URL(s).href`), before the second.
      return variable.references.some((r) => {
        const at = (r.identifier.range as [number, number])[0];
        return r.isWrite() && at < to && (at > from || within(a.node, r.writeExpr as ESTree.Node | null));
      });
    }

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
        // Resolved at the end: a function may call a parser bound further down (hoisting).
        const calls = candidates.map(parserCall).filter((c): c is ParserCall => c !== undefined);
        if (calls.length < 2) return;
        const reported = new Set<ESTree.Node>();
        const report = (call: ParserCall, messageId: 'fallback' | 'twoParsers', data: Record<string, string>) => {
          if (reported.has(call.node)) return;
          reported.add(call.node);
          context.report({ node: call.node, messageId, data });
        };
        // A parser in a catch, a parser in the try: the fallback.
        for (const t of tries) {
          const first = calls.find((c) => within(c.node, t.block));
          if (first === undefined) continue;
          for (const c of calls) if (within(c.node, t.handler?.body) && c.family !== first.family) report(c, 'fallback', { first: NAMES[first.family], second: NAMES[c.family] });
        }
        // URL.canParse(x) ? new URL(x) : url.parse(x), and the same as an if.
        for (const b of branches) {
          const first = calls.find((c) => within(c.node, b.test));
          if (first === undefined) continue;
          for (const c of calls) if (within(c.node, b.alternate) && c.family !== first.family) report(c, 'fallback', { first: NAMES[first.family], second: NAMES[c.family] });
        }
        // One variable read by two parsers in one function, with no assignment to it between.
        const byFunction = new Map<ESTree.Node, ParserCall[]>();
        for (const c of calls) {
          if (c.key === undefined) continue;
          const f = functionOf(c.node as ESTree.Node & { parent?: ESTree.Node });
          byFunction.set(f, [...(byFunction.get(f) ?? []), c]);
        }
        for (const list of byFunction.values()) {
          for (let k = 1; k < list.length; k++) {
            const c = list[k];
            const first = list.slice(0, k).find((p) => p.key === c.key && p.family !== c.family && !assignedBetween(p, c));
            if (first !== undefined) report(c, 'twoParsers', { subject: c.key as string, first: NAMES[first.family], second: NAMES[c.family], line: String(first.node.loc?.start.line ?? '') });
          }
        }
      },
    } as Rule.RuleListener;
  },
};

export default rule;
