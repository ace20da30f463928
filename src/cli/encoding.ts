/**
 * The text of a file in whatever encoding it is in, and the same encoding to write it back in.
 *
 * A file is UTF-8 when it says so by its byte-order mark or when its bytes are well-formed UTF-8;
 * a UTF-16 byte-order mark makes it UTF-16. Otherwise it is read by the encoding it declares (an
 * HTML <meta charset> or http-equiv Content-Type, an XML declaration's encoding, in its first 1,024
 * bytes, as HTML's prescan looks), and failing that as windows-1252 (what browsers read an
 * undeclared legacy file as, and a superset of Latin-1's printable characters); the caller is told
 * how it was read, never silently (`note`).
 *
 * The decoding is the platform's TextDecoder, which in Node (full ICU) knows every WHATWG Encoding
 * label; no library is needed for the reading (iconv-lite would add a dependency for what Node
 * already does). Writing back is done only when the bytes read come back byte for byte from the
 * text (encodeText checks the round trip before --fix writes anything): UTF-8 and UTF-16 by Node's
 * Buffer, a single-byte encoding by the inverse of its decoding table (read off TextDecoder); any
 * other (Shift_JIS, GBK, ...) is read but not written.
 */
import { TextDecoder } from 'node:util';
import { decodeUtf8 } from '../encoding/utf8';

export interface DecodedText {
  readonly text: string;
  /** The WHATWG Encoding name it was read by: "utf-8", "utf-16le", "windows-1252", ... */
  readonly encoding: string;
  /** Whether it began with a byte-order mark (left out of the text). */
  readonly bom: boolean;
  /** How it was read, when that is not plain UTF-8: for a notification. */
  readonly note?: string;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where the first ill-formed UTF-8 sequence begins (the lead byte of "caf\xe9 ", not the space after it), for a message. */
function illFormedAt(bytes: Uint8Array): string {
  const r = decodeUtf8(bytes);
  const at = 'sequenceAt' in r ? r.sequenceAt : 0;
  return `ill-formed UTF-8 at byte ${at}${at < bytes.length ? `, 0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')}` : ', the end'}`;
}

/** The encoding label a document declares in its first 1,024 bytes (HTML's meta prescan, an XML declaration), if any. */
function declaredLabel(bytes: Uint8Array): { label: string; where: string } | undefined {
  // The head as Latin-1: every byte one character, so that ASCII markup reads as itself whatever the encoding.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const xml = /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  if (xml) return { label: xml[1], where: 'the XML declaration' };
  // redos-bound: head is at most 1,024 characters (the prescan's bytes), so the third degree recheck finds stays under a millisecond
  const meta = /<meta\s[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)/i.exec(head);
  if (meta) return { label: meta[1], where: '<meta charset>' };
  return undefined;
}

/** A TextDecoder for a label, or undefined when the platform does not know it. */
function decoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label, { ignoreBOM: true });
  } catch {
    return undefined;
  }
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const body = bytes.subarray(3);
    try {
      return { text: STRICT_UTF8.decode(body), encoding: 'utf-8', bom: true };
    } catch {
      return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252', bom: false, note: `begins with a UTF-8 byte-order mark but is not UTF-8 (${illFormedAt(body)}): read as windows-1252` };
    }
  }
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    const encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be';
    return { text: new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(2)), encoding, bom: true, note: `read as ${encoding.toUpperCase()} (its byte-order mark)` };
  }
  let problem: string;
  try {
    return { text: STRICT_UTF8.decode(bytes), encoding: 'utf-8', bom: false };
  } catch {
    problem = illFormedAt(bytes);
  }
  const declared = declaredLabel(bytes);
  const decoder = declared === undefined ? undefined : decoderFor(declared.label);
  // A declaration of UTF-8 that the bytes belie is no help: they are read as a legacy file is.
  if (declared !== undefined && decoder !== undefined && decoder.encoding !== 'utf-8') {
    return { text: decoder.decode(bytes), encoding: decoder.encoding, bom: false, note: `not UTF-8 (${problem}): read as ${decoder.encoding}, as ${declared.where} declares` };
  }
  const why = declared === undefined ? 'no encoding declared' : decoder === undefined ? `${declared.where} declares ${JSON.stringify(declared.label)}, which is no encoding known here` : `${declared.where} declares UTF-8`;
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252', bom: false, note: `not UTF-8 (${problem}; ${why}): read as windows-1252` };
}

/** Per single-byte encoding, the byte of each character (null: not a single-byte encoding whose 256 bytes decode to 256 characters). */
const singleByteTables = new Map<string, Map<number, number> | null>();

function singleByteTable(encoding: string): Map<number, number> | null {
  let table = singleByteTables.get(encoding);
  if (table === undefined) {
    table = null;
    const decoder = decoderFor(encoding);
    if (decoder !== undefined) {
      const all = decoder.decode(Uint8Array.from({ length: 256 }, (_, b) => b));
      if (all.length === 256) {
        table = new Map();
        for (let b = 0; b < 256; b++) table.set(all.charCodeAt(b), b);
        if (table.size !== 256) table = null;
      }
    }
    singleByteTables.set(encoding, table);
  }
  return table;
}

/** `text` in `encoding` (with its byte-order mark when `bom`), or undefined when the encoding cannot be written here or `text` has a character it has not. */
export function encodeText(text: string, encoding: string, bom: boolean): Buffer | undefined {
  if (encoding === 'utf-8') return Buffer.from(bom ? `\ufeff${text}` : text, 'utf8');
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const le = Buffer.from(bom ? `\ufeff${text}` : text, 'utf16le');
    return encoding === 'utf-16le' ? le : le.swap16();
  }
  const table = singleByteTable(encoding);
  if (table === null) return undefined;
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const b = table.get(text.charCodeAt(i));
    if (b === undefined) return undefined;
    out[i] = b;
  }
  return out;
}
