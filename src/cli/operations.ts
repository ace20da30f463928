/**
 * The commands for the operations the reference libraries of other
 * languages have (issue 19): relativize, build and redact. Each input that
 * fails is reported on that input, in the command's format, and the next one
 * is done.
 */
import { relativize } from '../operations/relativize';
import { build, type UriParts } from '../operations/build';
import { redact } from '../operations/redact';
import { UsageError } from './io';
import { errorMessage, invalidText, tooLongResult } from './output';
import { inputs } from './inputs';
import type { Context } from './command';

async function failed(ctx: Context, json: boolean, fields: Record<string, unknown>, input: string, e: unknown): Promise<void> {
  ctx.fail();
  ctx.out.write(json ? `${JSON.stringify({ ...fields, error: errorMessage(e) })}\n` : invalidText(input, e));
}

export async function runRelativize(ctx: Context): Promise<void> {
  if (ctx.args.length < 2) throw new UsageError('relativize needs a BASE and at least one TARGET');
  const [base, ...targets] = ctx.args;
  const json = ctx.has('--json');
  const keep = ctx.value('--keep') as 'absolute-path' | 'authority' | undefined;
  for (const target of targets) {
    try {
      const reference = relativize(base, target, keep === undefined ? undefined : { keep });
      ctx.out.write(json ? `${JSON.stringify({ base, target, reference })}\n` : `${reference}\n`);
    } catch (e) {
      await failed(ctx, json, { base, target }, target, e);
    }
    await ctx.out.flushSoon();
  }
}

export async function runBuild(ctx: Context): Promise<void> {
  const json = ctx.has('--json');
  const options = { keepPercentEncoded: ctx.has('--keep-percent-encoded') };
  for await (const input of inputs(ctx)) {
    if (typeof input !== 'string') {
      ctx.fail();
      ctx.out.write(tooLongResult(input, json ? { input: null, error: input.message } : undefined));
      await ctx.out.flushSoon();
      continue;
    }
    let parts: UriParts;
    try {
      const value: unknown = JSON.parse(input);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new TypeError('expected a JSON object of parts: {"scheme", "userinfo", "host", "port", "path", "query", "fragment"}');
      parts = value as UriParts;
    } catch (e) {
      await failed(ctx, json, { input }, input, e);
      await ctx.out.flushSoon();
      continue;
    }
    try {
      const uri = build(parts, options);
      ctx.out.write(json ? `${JSON.stringify({ parts, uri })}\n` : `${uri}\n`);
    } catch (e) {
      await failed(ctx, json, { parts }, input, e);
    }
    await ctx.out.flushSoon();
  }
}

export async function runRedact(ctx: Context): Promise<void> {
  const json = ctx.has('--json');
  const query = ctx.value('--query');
  const mask = ctx.value('--mask');
  const options = {
    userinfo: (ctx.value('--userinfo') ?? 'password') as 'password' | 'mask' | 'remove' | 'keep',
    ...(query === undefined ? {} : { query: query.split(',') }),
    ...(mask === undefined ? {} : { mask }),
  };
  let line = 0;
  for await (const uri of inputs(ctx)) {
    line++;
    if (typeof uri !== 'string') {
      // Its first characters not shown either (see below).
      ctx.fail();
      const message = `the line is longer than ${uri.limit} bytes (--max-input-bytes): read past, not checked`;
      ctx.out.write(json ? `${JSON.stringify({ input: line, error: message })}\n` : `invalid  input ${line}\n  ${message}\n`);
      await ctx.out.flushSoon();
      continue;
    }
    try {
      const redacted = redact(uri, options);
      ctx.out.write(json ? `${JSON.stringify({ redacted })}\n` : `${redacted}\n`);
    } catch (e) {
      // An input that is not a URI is reported by its number and the error, never echoed, masked or not: it may hold
      // the very secret it was to hide, and in a string that is not a URI, what is a query parameter named by --query
      // cannot be told (the error's input masks only what could be a userinfo).
      // The message says where and what was expected, but not the character found there: it is the input's too.
      ctx.fail();
      const message = errorMessage(e).replace(/, found (?:"(?:[^"\\]|\\.)*"|end of input)/, '');
      if (json) ctx.out.write(`${JSON.stringify({ input: line, error: message })}\n`);
      else ctx.out.write(`invalid  input ${line}\n  ${message}\n`);
    }
    await ctx.out.flushSoon();
  }
}
