/**
 * Writing a file so that it appears whole or not at all, and never replaces an existing file:
 * the bytes go to a temporary sibling first, which is then hard-linked to its final name. A
 * link fails when the name exists (rename would silently overwrite), so two writers racing for
 * the same name leave the first one's file intact and the second learns it lost.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export class FileExistsError extends Error {
  readonly code = 'EEXIST';
  constructor() {
    super('The file already exists; it was not overwritten.');
    this.name = 'FileExistsError';
  }
}

/** Writes `data` to `path` with `mode`; throws FileExistsError when `path` already exists. */
export function writeFileOnce(path: string, data: string | Uint8Array, mode = 0o644): void {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', mode);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') throw new FileExistsError();
    throw error;
  } finally {
    unlinkSync(tmp);
  }
}
