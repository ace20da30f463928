/**
 * `urigram template parse|expand|match`: URI Templates (RFC 6570) on the
 * command line. parse prints a template's literals and expressions (or why it
 * is not one, as validate does for a URI); expand expands each template with
 * the variables of --vars (a JSON object); match prints the variables with
 * which a template expands to each URI, as JSON, or says it does not. Each
 * input that fails is reported on that input, and the next one is done.
 */
import { withoutStacks } from '../core/parse';
import { compileTemplate, expandTemplate, type CompiledTemplate } from '../template/compile';
import { parseTemplate, type ParsedTemplate } from '../template/parse';
import type { TemplateVariables } from '../template/expand';
import { UsageError, type LineTooLong } from './io';
import { errorJson, errorMessage, invalidText, tooLongResult } from './output';
import { inputs } from './inputs';
import { Context } from './command';

export const TEMPLATE_ACTIONS = ['parse', 'expand', 'match'] as const;

/** The inputs after the action (and, for match, the template): the arguments, or else the lines of standard input. */
function rest(ctx: Context, skip: number): Context {
  return new Context(ctx.command, ctx.io, ctx.out, ctx.options, ctx.args.slice(skip));
}

function partsText(t: ParsedTemplate): string {
  const lines = [`template   ${JSON.stringify(t.template)}  (Level ${t.level})`];
  for (const p of t.parts) {
    const span = `[${p.start}, ${p.end})`;
    if (p.type === 'literal') lines.push(`literal    ${JSON.stringify(p.text).padEnd(28)} ${span}`);
    else {
      const specs = p.variables.map((v) => `${v.name}${v.prefix !== undefined ? `:${v.prefix}` : ''}${v.explode ? '*' : ''}`).join(',');
      lines.push(`expression ${`{${p.operator}${specs}}`.padEnd(28)} ${span}  operator ${p.operator === '' ? '(none)' : JSON.stringify(p.operator)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

async function failed(ctx: Context, json: boolean, fields: Record<string, unknown>, input: string, e: unknown): Promise<void> {
  ctx.fail();
  ctx.out.write(json ? `${JSON.stringify({ ...fields, valid: false, error: errorJson(e) })}\n` : invalidText(input, e));
}

/** A line over --max-input-bytes: reported as an input that failed. */
async function tooLong(ctx: Context, json: boolean, fields: Record<string, unknown>, e: LineTooLong): Promise<void> {
  ctx.fail();
  ctx.out.write(tooLongResult(e, json ? { ...fields, valid: false, error: { message: e.message } } : undefined));
  await ctx.out.flush();
}

function variablesOf(ctx: Context): TemplateVariables {
  const text = ctx.value('--vars');
  if (text === undefined) throw new UsageError('template expand needs --vars JSON: the variables, a JSON object ("{}" for none)');
  let vars: unknown;
  try {
    vars = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--vars is not JSON: ${(e as Error).message}`);
  }
  if (vars === null || typeof vars !== 'object' || Array.isArray(vars)) throw new UsageError('--vars must be a JSON object of variables: {"name": value, ...}');
  return vars as TemplateVariables;
}

export async function runTemplate(ctx: Context): Promise<void> {
  const action = ctx.args[0];
  if (action === undefined || !(TEMPLATE_ACTIONS as readonly string[]).includes(action)) {
    throw new UsageError(`template needs an action: ${TEMPLATE_ACTIONS.join(', ')}${action === undefined ? '' : ` (got ${JSON.stringify(action)})`}`);
  }
  const json = ctx.has('--json');
  const iri = ctx.has('--iri');
  if (action !== 'expand' && ctx.has('--vars')) throw new UsageError('--vars is for template expand');
  if (action === 'parse' && iri) throw new UsageError('--iri is for template expand and template match');
  if (action === 'parse') {
    for await (const template of inputs(rest(ctx, 1))) {
      if (typeof template !== 'string') {
        await tooLong(ctx, json, { template: null }, template);
        continue;
      }
      try {
        const t = withoutStacks(() => parseTemplate(template));
        ctx.out.write(json ? `${JSON.stringify({ template, valid: true, level: t.level, variables: t.variableNames, parts: t.parts })}\n` : partsText(t));
      } catch (e) {
        await failed(ctx, json, { template }, template, e);
      }
      await ctx.out.flushSoon();
    }
    return;
  }
  if (action === 'expand') {
    const vars = variablesOf(ctx);
    for await (const template of inputs(rest(ctx, 1))) {
      if (typeof template !== 'string') {
        await tooLong(ctx, json, { template: null }, template);
        continue;
      }
      try {
        const expanded = withoutStacks(() => expandTemplate(template, vars, { iri }));
        ctx.out.write(json ? `${JSON.stringify({ template, expanded })}\n` : `${expanded}\n`);
      } catch (e) {
        await failed(ctx, json, { template }, template, e);
      }
      await ctx.out.flushSoon();
    }
    return;
  }
  const source = ctx.args[1];
  if (source === undefined) throw new UsageError('template match needs a TEMPLATE, then the URIs (or one per line of standard input)');
  let template: CompiledTemplate;
  try {
    template = compileTemplate(source);
  } catch (e) {
    throw new UsageError(`the template is not one: ${errorMessage(e)}`);
  }
  for await (const uri of inputs(rest(ctx, 2))) {
    if (typeof uri !== 'string') {
      await tooLong(ctx, json, { template: source, uri: null }, uri);
      continue;
    }
    try {
      const found = withoutStacks(() => template.match(uri, { iri }));
      if (found === null) ctx.fail();
      if (json) ctx.out.write(`${JSON.stringify({ template: source, uri, matches: found !== null, variables: found })}\n`);
      else ctx.out.write(found === null ? `no match  ${JSON.stringify(uri)}\n` : `${JSON.stringify(found)}\n`);
    } catch (e) {
      await failed(ctx, json, { template: source, uri }, uri, e);
    }
    await ctx.out.flushSoon();
  }
}
