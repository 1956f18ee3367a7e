/**
 * Reading a source file as UTF-8 text. Oversized, unreadable and non-UTF-8 files become
 * diagnostics; the compiler goes on with the other files.
 */

import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
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
    return { diagnostics: [diag('file/not-utf8', { offset: firstInvalidUtf8(bytes) }, { file })] };
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
