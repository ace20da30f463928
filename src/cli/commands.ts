/**
 * The commands' run functions, one per row of the command table (./table).
 * Each reports an error thrown for one input on that input, in its format,
 * and goes on with the next; each result is written as it is complete, before
 * the run waits for more input (Output.flushSoon: no write per result).
 */
import { check, tryParse, matches, withoutStacks, type ParseOptions } from '../core/parse';
import { resolve } from '../operations/resolve';
import { GRAMMAR_TITLES, isRuleOf, REFERENCE_RULES, ruleNameIn, rulesOf, type GrammarName, type ReferenceRuleName, type RuleName } from '../core/grammars';
import { explainGrammars, RFC2396_TO_RFC3986, type GrammarComparison } from '../operations/grammar-comparison';
import { iriToUri, uriToIri } from '../operations/iri';
import { explainNormalize, type NormalizeLevel } from '../operations/normalize';
import { compare } from '../operations/compare';
import { UriSyntaxError } from '../core/errors';
import type { AnyUriRecord, SchemeRecord } from '../core/parse';
import { COMPONENT_NAMES, isRfc2396Record } from '../core/records';
import { say, UsageError } from './io';
import { errorJson, errorMessage, errorText, invalidText, openObject, syntaxErrorJson, tooLongResult, writeArray } from './output';
import { fileProblems, inputs } from './inputs';
import { listFiles } from './files';
import { inParts } from './jobs';
import { filesChosen, replayItems } from './shard';
import type { DocumentKind } from '../documents/index';
import type { Context } from './command';

async function reportInvalid(ctx: Context, input: string, e: unknown): Promise<void> {
  ctx.fail();
  ctx.out.write(invalidText(input, e));
}

function parseOptions(ctx: Context): ParseOptions {
  const grammar = ctx.grammar();
  const rule = ctx.value('--rule');
  const rules: readonly string[] = REFERENCE_RULES[grammar];
  if (rule !== undefined && !rules.includes(rule)) {
    throw new UsageError(`unknown rule for --rule with ${grammar}: ${JSON.stringify(rule)} (expected one of ${rules.join(', ')})`);
  }
  const scheme = ctx.has('--scheme');
  if (scheme && grammar !== 'rfc3986') throw new UsageError(`--scheme checks a URI by RFC 3986 and then by its scheme's grammar: it takes --grammar rfc3986 (the default), not ${grammar}`);
  return { grammar, rule: rule as ReferenceRuleName | undefined, ...(scheme ? { scheme: true } : {}) };
}


function table(input: string, record: AnyUriRecord): string {
  const rows = [`input      ${JSON.stringify(input)}`];
  for (const name of COMPONENT_NAMES) {
    const value = record[name];
    const span = record.spans[name];
    let row = `${name.padEnd(10)} ${value === undefined ? 'absent' : JSON.stringify(value)}`;
    if (span) row = `${row.padEnd(40)} [${span[0]}, ${span[1]})`;
    if (name === 'host' && record.hostKind) row += ` ${record.hostKind}`;
    if (name === 'path') row += ` ${record.pathKind}`;
    rows.push(row);
  }
  if (isRfc2396Record(record)) {
    rows.push(`${'opaque'.padEnd(10)} ${record.opaque === undefined ? 'absent' : JSON.stringify(record.opaque)}`);
    rows.push(`${'form'.padEnd(10)} ${record.authorityForm ?? 'absent'}`);
  }
  const scheme = (record as Partial<SchemeRecord>).schemeComponents;
  if (scheme !== undefined) rows.push(`${scheme.scheme.padEnd(10)} ${JSON.stringify(scheme)}`);
  return `${rows.join('\n')}\n`;
}

function recordJson(input: string, record: AnyUriRecord): string {
  const out: Record<string, unknown> = { input, valid: true };
  for (const name of COMPONENT_NAMES) out[name] = record[name] ?? null;
  out.hostKind = record.hostKind ?? null;
  out.pathKind = record.pathKind;
  if (isRfc2396Record(record)) {
    out.opaque = record.opaque ?? null;
    out.authorityForm = record.authorityForm ?? null;
  }
  out.spans = record.spans;
  const scheme = (record as Partial<SchemeRecord>).schemeComponents;
  if (scheme !== undefined) out.schemeComponents = scheme;
  return JSON.stringify(out);
}


export async function runParse(ctx: Context): Promise<void> {
  const options = parseOptions(ctx);
  const json = ctx.has('--json');
  if (await inParts(ctx, { separator: json ? '' : '\n' })) return;
  let first = true;
  for await (const input of inputs(ctx)) {
    let text: string;
    if (typeof input !== 'string') {
      ctx.fail();
      ctx.out.write(`${first || json ? '' : '\n'}${tooLongResult(input, json ? { input: null, valid: false, error: { message: input.message } } : undefined)}`);
      await ctx.out.flushSoon();
      first = false;
      continue;
    }
    try {
      const result = withoutStacks(() => tryParse(input, options));
      if (!result.ok) ctx.fail();
      if (json) text = `${result.ok ? recordJson(input, result.value) : JSON.stringify({ input, valid: false, error: syntaxErrorJson(result.error) })}\n`;
      else text = result.ok ? table(input, result.value) : `input      ${JSON.stringify(input)}\n${result.error.format()}\n`;
    } catch (e) {
      ctx.fail();
      text = json ? `${JSON.stringify({ input, valid: false, error: errorJson(e) })}\n` : `input      ${JSON.stringify(input)}\n${errorText(e)}\n`;
    }
    ctx.out.write(`${first || json ? '' : '\n'}${text}`);
    await ctx.out.flushSoon();
    first = false;
  }
}

export async function runValidate(ctx: Context): Promise<void> {
  const options = parseOptions(ctx);
  const quiet = ctx.has('--quiet');
  if (await inParts(ctx, { separator: '' })) return;
  for await (const input of inputs(ctx)) {
    if (typeof input !== 'string') {
      ctx.fail();
      ctx.out.write(tooLongResult(input));
      await ctx.out.flushSoon();
      continue;
    }
    try {
      const error = withoutStacks(() => check(input, options));
      if (error !== undefined) await reportInvalid(ctx, input, error);
      else if (!quiet) ctx.out.write(`valid    ${JSON.stringify(input)}\n`);
    } catch (e) {
      await reportInvalid(ctx, input, e);
    }
    await ctx.out.flushSoon();
  }
}

export async function runMatch(ctx: Context): Promise<void> {
  if (ctx.args.length !== 2) throw new UsageError('match needs exactly two arguments: RULE STRING');
  const [given, input] = ctx.args;
  const grammar = ctx.grammar();
  const rule = ruleNameIn(grammar, given);
  if (!isRuleOf(grammar, rule)) {
    throw new UsageError(`unknown rule ${JSON.stringify(rule)} in ${grammar}; the rules are: ${rulesOf(grammar).join(' ')}`);
  }
  try {
    const ok = matches(rule as RuleName, input, { grammar });
    if (!ok) ctx.fail();
    ctx.out.write(`${ok ? 'match' : 'no match'}  ${rule}  ${JSON.stringify(input)}\n`);
  } catch (e) {
    await reportInvalid(ctx, input, e);
  }
}

export async function runResolve(ctx: Context): Promise<void> {
  if (ctx.args.length < 2) throw new UsageError('resolve needs a BASE and at least one REF');
  const base = ctx.args[0];
  const json = ctx.has('--json');
  const options = { strict: !ctx.has('--non-strict'), grammar: ctx.grammar(), algorithm: (ctx.value('--algorithm') ?? 'rfc3986') as 'rfc3986' | 'rfc2396' };
  for (let i = 1; i < ctx.args.length; i++) {
    const reference = ctx.args[i];
    try {
      const target = withoutStacks(() => resolve(base, reference, options));
      ctx.out.write(json ? `${JSON.stringify({ base, reference, target })}\n` : `${target}\n`);
    } catch (e) {
      if (json) {
        ctx.fail();
        ctx.out.write(`${JSON.stringify({ base, reference, error: errorMessage(e) })}\n`);
      } else {
        await reportInvalid(ctx, reference, e);
      }
    }
    await ctx.out.flushSoon();
  }
}

export async function runNormalize(ctx: Context): Promise<void> {
  const json = ctx.has('--json');
  const explain = ctx.has('--explain');
  const options = { level: (ctx.value('--level') ?? 'scheme') as NormalizeLevel, grammar: ctx.grammar() as 'rfc3986' | 'rfc3987' };
  if (await inParts(ctx, { separator: '' })) return;
  for await (const input of inputs(ctx)) {
    if (typeof input !== 'string') {
      ctx.fail();
      ctx.out.write(tooLongResult(input, json ? { input: null, error: input.message } : undefined));
      await ctx.out.flushSoon();
      continue;
    }
    let explained: ReturnType<typeof explainNormalize>;
    try {
      explained = withoutStacks(() => explainNormalize(input, options));
    } catch (e) {
      if (json) {
        ctx.fail();
        ctx.out.write(`${JSON.stringify({ input, error: errorMessage(e) })}\n`);
      } else {
        await reportInvalid(ctx, input, e);
      }
      await ctx.out.flushSoon();
      continue;
    }
    const { result, steps } = explained;
    if (json) {
      // Element by element: one long input with many steps makes more text than one string holds.
      openObject(ctx.out, { input, result });
      ctx.out.write('"steps":');
      await writeArray(ctx.out, steps, ({ step, section, start, end, before, after }) => ({ step, section, start, end, before, after }));
      ctx.out.write('}\n');
    } else {
      ctx.out.write(`${result}\n`);
      if (explain) {
        for (const s of steps) {
          ctx.out.write(`  ${s.step.padEnd(26)} RFC 3986 ${s.section.padEnd(12)} [${s.start}, ${s.end}) ${JSON.stringify(s.before)} -> ${JSON.stringify(s.after)}\n`);
          if (ctx.out.full) await ctx.out.flush();
        }
      }
    }
    await ctx.out.flushSoon();
  }
}

const LEVEL_NAMES = { simple: 'simple string comparison, 6.2.1', syntax: 'syntax-based normalization, 6.2.2', scheme: 'scheme-based normalization, 6.2.3' } as const;

export async function runCompare(ctx: Context): Promise<void> {
  if (ctx.args.length !== 2) throw new UsageError('compare needs exactly two arguments: A B');
  const [a, b] = ctx.args;
  const json = ctx.has('--json');
  try {
    const result = compare(a, b, { grammar: ctx.grammar() as 'rfc3986' | 'rfc3987' });
    if (!result.equivalent) ctx.fail();
    if (json) {
      ctx.out.write(`${JSON.stringify({ a, b, ...result, level: result.level ?? null })}\n`);
    } else if (result.equivalent) {
      ctx.out.write(`equivalent (${LEVEL_NAMES[result.level ?? 'scheme']})\n`);
    } else {
      const d = result.difference;
      ctx.out.write(`not equivalent: ${d?.component} differs after normalization: ${JSON.stringify(d?.a ?? null)} vs ${JSON.stringify(d?.b ?? null)}\n`);
    }
  } catch (e) {
    ctx.fail();
    const which = e instanceof UriSyntaxError ? (e.input === a ? 'a' : e.input === b ? 'b' : undefined) : undefined;
    if (json) {
      ctx.out.write(`${JSON.stringify({ a, b, equivalent: false, level: null, error: { ...(which ? { input: which } : {}), ...errorJson(e) } })}\n`);
    } else {
      ctx.out.write(`${which ? `invalid ${which.toUpperCase()}  ${JSON.stringify(which === 'a' ? a : b)}\n` : ''}${errorText(e)}\n`);
    }
  }
}

export async function runExtract(ctx: Context): Promise<void> {
  const json = ctx.has('--json');
  const type = ctx.value('--type');
  const problems = fileProblems(ctx);
  const args = ctx.args.length > 0 ? ctx.args : ['-'];
  // Loaded here: the line commands of this module load neither the document extractors nor lint's configuration.
  const [{ documents }, { DEFAULT_EXTENSIONS }, { isApiDocumentFile }] = await Promise.all([import('./read-documents'), import('./config'), import('./api-files')]);
  const listing = { cwd: process.cwd(), extensions: DEFAULT_EXTENSIONS, ignored: () => false, recognized: isApiDocumentFile };
  let files: Iterable<string>;
  const part = ctx.part;
  if (part?.kind === 'files') files = replayItems(ctx, part.items, problems.unreadable);
  else {
    const chosen = await filesChosen(ctx, args, listing);
    if (chosen === true) return;
    files = chosen ?? listFiles(args, { ...listing, warn: (m) => say(ctx.io, `urigram extract: ${m}\n`), unreadable: problems.unreadable });
  }
  for await (const { file, text, uris } of documents(ctx, files, { kind: type === undefined || type === 'auto' ? undefined : (type as DocumentKind), code: ctx.has('--code'), ...problems })) {
    for (const { found, position } of uris) {
      const { uri, valid, kind } = found;
      const { line, column } = position;
      // The raw text: for Appendix C, with its delimiters, as before; else the range the URI was read from.
      const raw = found.found ? found.found.raw : text.slice(found.start, found.end);
      const delimited = found.found ? found.found.delimited : 'none';
      ctx.out.write(json ? `${JSON.stringify({ file, line, column, uri, raw, delimited, kind, valid })}\n` : `${file}:${line}:${column}  ${uri}${valid ? '' : '  invalid'}\n`);
      if (ctx.out.full) await ctx.out.flush();
    }
    await ctx.out.flushSoon();
  }
}

/** Each grammar's title in grammars' text, padded to its column: made once. */
const grammarLabels = new Map<string, string>();

function grammarLabel(grammar: GrammarName): string {
  let label = grammarLabels.get(grammar);
  if (label === undefined) {
    label = GRAMMAR_TITLES[grammar].padEnd(36);
    grammarLabels.set(grammar, label);
  }
  return label;
}

/**
 * A syntax error's message without its head, "invalid RULE at offset N: ", which grammars' line says
 * itself: cut by the head's length when it is the message's start (as it is for every UriSyntaxError;
 * the rule, an ABNF name, has no space), else as the expression that says what a head is cuts it.
 */
function withoutHead(error: UriSyntaxError): string {
  const head = `invalid ${error.rule} at offset ${error.offset}: `;
  if (!error.rule.includes(' ') && error.message.startsWith(head)) return error.message.slice(head.length);
  return error.message.replace(/^invalid [^ ]+ at offset \d+: /, '');
}

export async function runGrammars(ctx: Context): Promise<void> {
  if (ctx.has('--table')) {
    if (ctx.args.length > 0 || ctx.has('--json')) throw new UsageError('--table takes no URI arguments and no --json');
    let width = 0;
    for (const r of RFC2396_TO_RFC3986) width = Math.max(width, r.obsolete.length);
    ctx.out.write('RFC 3986 Appendix D.2: obsolete RFC 2396 rule, and its translation\n');
    for (const r of RFC2396_TO_RFC3986) ctx.out.write(`${r.obsolete.padEnd(width)}  ${r.translation}\n`);
    return;
  }
  const json = ctx.has('--json');
  if (await inParts(ctx, { separator: json ? '' : '\n' })) return;
  let first = true;
  for await (const input of inputs(ctx)) {
    if (typeof input !== 'string') {
      ctx.fail();
      ctx.out.write(`${first || json ? '' : '\n'}${tooLongResult(input, json ? { input: null, error: input.message } : undefined)}`);
      await ctx.out.flushSoon();
      first = false;
      continue;
    }
    let c: GrammarComparison;
    try {
      // The rejections, explained now: an explanation's error is data here, printed by its message and fields and never
      // by its stack, so none is recorded (a stack per rejection was a fifth of the command's time on many short lines).
      c = withoutStacks(() => explainGrammars(input));
    } catch (e) {
      ctx.fail();
      ctx.out.write(json ? `${JSON.stringify({ input, error: errorMessage(e) })}\n` : `${first ? '' : '\n'}input      ${JSON.stringify(input)}\nerror: ${errorMessage(e)}\n`);
      await ctx.out.flushSoon();
      first = false;
      continue;
    }
    if (c.verdicts.some((v) => !v.valid)) ctx.fail();
    if (json) {
      const verdicts = c.verdicts.map((v) => (v.error ? { grammar: v.grammar, rule: v.rule, valid: v.valid, error: syntaxErrorJson(v.error) } : { grammar: v.grammar, rule: v.rule, valid: v.valid }));
      ctx.out.write(`${JSON.stringify({ input, verdicts, notes: c.notes })}\n`);
    } else {
      // Each grammar's label padded once, each message cut by its known head: no regular expression a line.
      const lines = [`${first ? '' : '\n'}input      ${JSON.stringify(input)}`];
      for (const v of c.verdicts) {
        const label = grammarLabel(v.grammar);
        lines.push(v.valid ? `${label} valid ${v.rule}` : `${label} invalid at offset ${v.error?.offset}: ${v.error === undefined ? undefined : withoutHead(v.error)}`);
      }
      for (const n of c.notes) lines.push(`note: ${n.message} (${n.section})`);
      lines.push('');
      // Joined: one flat string a result (a string built by += is a tree of pieces, each kept until the chunk is written).
      ctx.out.write(lines.join('\n'));
    }
    await ctx.out.flushSoon();
    first = false;
  }
}

export async function runConvert(ctx: Context, command: 'to-uri' | 'to-iri'): Promise<void> {
  const idna = ctx.has('--idna');
  const nfc = ctx.has('--nfc');
  if (await inParts(ctx, { separator: '' })) return;
  for await (const input of inputs(ctx)) {
    if (typeof input !== 'string') {
      ctx.fail();
      ctx.out.write(tooLongResult(input));
      await ctx.out.flushSoon();
      continue;
    }
    try {
      const out = withoutStacks(() => (command === 'to-uri' ? iriToUri(input, { normalize: nfc ? 'NFC' : undefined, host: idna ? 'idna' : 'percent-encode' }) : uriToIri(input, { host: idna ? 'idna' : 'keep' })));
      ctx.out.write(`${out}\n`);
    } catch (e) {
      await reportInvalid(ctx, input, e);
    }
    await ctx.out.flushSoon();
  }
}


