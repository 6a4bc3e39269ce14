// What a file's bytes say about it: a private key, binary, not UTF-8, minified or generated. Runs
// in the parse workers, on the bytes they read anyway.
import * as fs from 'node:fs';
import type { SkipReason } from '../base/types';

export interface Decoded {
  text?: string;
  skip?: { reason: SkipReason; detail: string };
  /** Not a skip: the file was indexed, but the user should know (e.g. decoded as Latin-1). */
  note?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('windows-1252');

export function decodeSource(bytes: Uint8Array, path: string): Decoded {
  const key = privateKeyReason(bytes);
  if (key) return { skip: { reason: 'secret', detail: key } };
  const decoded = decodeText(bytes);
  if (decoded === undefined) return { skip: { reason: 'binary', detail: 'contains NUL bytes' } };
  const { text, note } = decoded;
  const minified = minifiedReason(text, path);
  if (minified) return { skip: { reason: 'minified', detail: minified } };
  const generated = generatedReason(text);
  if (generated) return { skip: { reason: 'generated', detail: generated } };
  return note ? { text, note } : { text };
}

/**
 * A file's text as every reader of the index sees it (chunk offsets and line numbers are counted
 * on it), or undefined for binary content.
 */
export function decodeText(bytes: Uint8Array): { text: string; note?: string } | undefined {
  // Before the NUL check: every ASCII character of UTF-16 has a NUL byte.
  const bom = utf16Of(bytes);
  const nul = !bom && bytes.subarray(0, 8192).includes(0);
  const wide = bom ?? (nul ? bareUtf16Of(bytes) : undefined);
  if (wide) {
    const text = new TextDecoder(wide).decode(bytes); // drops a byte order mark
    if (text.slice(0, 8192).includes('\0')) return undefined;
    return { text, note: `${wide.toUpperCase()} ${bom ? 'with' : 'without'} a byte order mark: decoded` };
  }
  if (nul) return undefined;
  let text: string;
  let note: string | undefined;
  try {
    text = utf8.decode(bytes);
  } catch {
    // Old sources in Latin-1/Windows-1252 are common; index them rather than lose them.
    text = latin1.decode(bytes);
    note = 'invalid UTF-8: decoded as Windows-1252';
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return note ? { text, note } : { text };
}

/** UTF-16 told by its byte order mark (FF FE, FE FF); FF FE 00 00 is UTF-32, left as binary. */
function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe && !(bytes[2] === 0 && bytes[3] === 0)) return 'utf-16le';
  return undefined;
}

const SNIFF_BYTES = 4096;

/**
 * UTF-16 without a byte order mark, told conservatively from the first 4 KB: an even length, NULs
 * in at least a third of the code units and almost all on one side (odd offsets for LE: the high
 * byte of ASCII text; even for BE), and text that decodes to printable characters with a line
 * break. Binary formats (images, .pyc, sqlite, UTF-32) have NULs on both sides or controls.
 */
function bareUtf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes.length % 2 !== 0) return undefined;
  const n = Math.min(bytes.length, SNIFF_BYTES);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const units = n / 2;
  const [wide, high, low] = odd >= even ? (['utf-16le', odd, even] as const) : (['utf-16be', even, odd] as const);
  // A few NULs on the other side: characters such as U+0100 or U+3000 have a zero low byte.
  if (high * 3 < units || low * 10 > high) return undefined;
  return mostlyPrintable(new TextDecoder(wide).decode(bytes.subarray(0, n))) ? wide : undefined;
}

/**
 * A line break, and at most 1 in 100 characters a control (other than tab, form feed), undecodable
 * or a noncharacter (U+FFFE, U+FFFF: binary read as UTF-16, never text).
 */
function mostlyPrintable(text: string): boolean {
  if (!/[\n\r]/.test(text)) return false;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 9 && c !== 10 && c !== 12 && c !== 13) || (c >= 0x7f && c < 0xa0) || c >= 0xfffd) bad++;
  }
  return bad * 100 <= text.length;
}

/** The text of a file on disk, decoded as the index decoded it ('' when unreadable or binary). */
export function readSourceText(absPath: string): string {
  return decodeText(fs.readFileSync(absPath))?.text ?? '';
}

// Blank lines, and the attribute lines `openssl pkcs12` writes, may come before the header.
const KEY_HEADER = /^(?:\uFEFF)?(?:[ \t]*\r?\n|[ \t]+\S[^\n]*\n|(?:Bag|Key) Attributes[^\n]*\n)*[ \t]*(-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----)/;

/**
 * A private key (PEM, OpenSSH, PGP) under any name: secret name rules cannot catch `deploy_key`
 * or `notes.txt`. Only the start of the file counts: code that mentions a header is not a key.
 */
export function privateKeyReason(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('utf8');
  if (!head.includes('PRIVATE KEY')) return undefined;
  const m = KEY_HEADER.exec(head);
  return m ? `private key ("${m[1]}")` : undefined;
}

/**
 * Minified: very long lines on average, or one giant line making up most of the file. Godot
 * scenes, resources and project files never are: one long data line (a mesh, a PackedByteArray) is
 * normal there, and the chunker cuts it while keeping the blocks around it.
 */
export function minifiedReason(text: string, path: string): string | undefined {
  if (text.length < 2048 || /\.(md|txt|csv|tsv|json|jsonl|svg|xml|html?|tscn|tres|escn|godot)$/i.test(path)) return undefined;
  let lines = 1;
  let longest = 0;
  let start = 0;
  // indexOf finds line ends natively: a char-by-char loop was most of reading a file.
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
    longest = Math.max(longest, i - start);
    start = i + 1;
    lines++;
  }
  longest = Math.max(longest, text.length - start);
  const average = text.length / lines;
  if (average > 300) return `average line length ${Math.round(average)} characters`;
  if (longest > 5000 && longest > text.length / 2) return `one line of ${longest} characters`;
  return undefined;
}

export function generatedReason(text: string): string | undefined {
  const head = text.slice(0, 1000);
  const m = head.match(/@generated\b|Code generated .* DO NOT EDIT|<auto-generated|This file is automatically generated|DO NOT EDIT[.!]? *(this file|it is|—|-)/i);
  return m ? `marked as generated ("${m[0].slice(0, 60)}")` : undefined;
}
