/**
 * The built-in readers (issue 46): `rfc3986`, urigram's own parse (RFC 3986
 * 5.2 against a base), and `whatwg`, the runtime's `URL` (../runtime). No
 * Node built-in here: the library runs in browsers too (docs/architecture.md).
 */
import { tryParse, type UriRecord } from '../../core/parse';
import { resolve } from '../../operations/resolve';
import type { Rfc3986Reading } from '../compare-whatwg';
import { whatwgParts } from '../components';
import type { ParserReading, Reader, ReaderResult } from '../reader';
import { whatwgReading, type WhatwgReading } from '../runtime';

/** The options the rfc3986 reader takes, as compareWithWhatwg does. */
export interface Rfc3986ReaderOptions {
  readonly grammar?: 'rfc3986' | 'rfc3987';
  readonly zoneId?: boolean;
}

const orNull = (v: string | undefined): string | null => v ?? null;

function fromRecord(r: Pick<UriRecord, 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment'>): ParserReading {
  return { scheme: orNull(r.scheme), userinfo: orNull(r.userinfo), host: orNull(r.host), port: orNull(r.port), path: r.path, query: orNull(r.query), fragment: orNull(r.fragment) };
}

/** compareWithWhatwg's RFC 3986 reading as a reader's result. */
export function fromRfc3986Reading(r: Rfc3986Reading): ReaderResult {
  return r.valid ? { ok: true, reading: fromRecord(r) } : { ok: false, error: r.error.message };
}

/** The runtime URL's reading as a reader's result: the userinfo as RFC 3986 writes it (user[:password]), as compareWithWhatwg compares it. */
export function fromWhatwgReading(w: WhatwgReading): ReaderResult {
  if (!w.valid) return { ok: false, error: w.error.message };
  return { ok: true, reading: fromRecord(whatwgParts(w)) };
}

/** The `rfc3986` reader: parse (RFC 3986, or RFC 3987 with `grammar: 'rfc3987'`), and against a base, resolve (RFC 3986 5.2, strict). */
export function rfc3986Reader(options: Rfc3986ReaderOptions = {}): Reader {
  const parseOptions = options.zoneId === true ? { grammar: options.grammar ?? 'rfc3986', zoneId: true } : options.grammar === 'rfc3987' ? { grammar: options.grammar } : undefined;
  const rule = options.grammar === 'rfc3987' ? 'IRI' : 'URI';
  return (input, base) => {
    const r = tryParse(input, parseOptions);
    if (!r.ok) return { ok: false, error: r.error.message };
    if (base === undefined) return { ok: true, reading: fromRecord(r.value) };
    const b = tryParse(base, { ...parseOptions, rule });
    if (!b.ok) return { ok: false, error: `the base is no absolute ${rule}: ${b.error.message}` };
    const t = tryParse(resolve(base, input, parseOptions), parseOptions);
    return t.ok ? { ok: true, reading: fromRecord(t.value) } : { ok: false, error: t.error.message };
  };
}

/** The `whatwg` reader: the runtime's URL (every browser's, Node's, Deno's, Bun's). */
export const whatwgReader: Reader = (input, base) => fromWhatwgReading(whatwgReading(input, base));
