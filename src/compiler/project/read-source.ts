/**
 * Reading a source file as UTF-8 text. Oversized, unreadable and non-UTF-8 files become
 * diagnostics; the compiler goes on with the other files.
 */

import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';

/** Block files above this size are refused: a real block file is a few kilobytes. */
export const MAX_SOURCE_BYTES = 2 * 1024 * 1024;

export interface SourceText {
  text?: string;
  bytes?: Buffer;
  diagnostics: Diagnostic[];
}

/** Offset of the first byte that breaks UTF-8, scanning only when the fast check failed. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len === 0 || i + len > bytes.length) return i;
    if (!isUtf8(bytes.subarray(i, i + len))) return i;
    i += len;
  }
  return -1;
}

/**
 * Where byte `at` sits as text: line and column (1-based, UTF-16 code units as editors and
 * SARIF count them) and the text offset. Every byte before `at` is valid UTF-8, so the prefix
 * decodes exactly.
 */
export function bytePosition(bytes: Uint8Array, at: number): Span {
  const prefix = Buffer.from(bytes.subarray(0, Math.max(0, at))).toString('utf8');
  const lineStart = prefix.lastIndexOf('\n') + 1;
  const line = prefix.split('\n').length;
  const column = prefix.length - lineStart + 1;
  return { start: { offset: prefix.length, line, column }, end: { offset: prefix.length + 1, line, column: column + 1 } };
}

function ioReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EISDIR') return 'is a folder';
  return code ?? 'read failed';
}

/** Decodes bytes already read; exported so callers holding bytes (the cache) share the rules. */
export function decodeSource(bytes: Buffer, file: string): SourceText {
  if (bytes.length > MAX_SOURCE_BYTES) {
    return { diagnostics: [diag('file/too-large', { size: bytes.length, limit: MAX_SOURCE_BYTES }, { file })] };
  }
  if (!isUtf8(bytes)) {
    const offset = firstInvalidUtf8(bytes);
    return { diagnostics: [diag('file/not-utf8', { offset }, { file, span: bytePosition(bytes, offset) })] };
  }
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, bytes, diagnostics: [] };
}

/** Reads and decodes `abs`; `file` is the project-relative name used in diagnostics. */
export function readSource(abs: string, file: string): SourceText {
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    return { diagnostics: [diag('file/unreadable', { reason: ioReason(error) }, { file })] };
  }
  return decodeSource(bytes, file);
}
