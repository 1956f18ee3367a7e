/**
 * The file side every fixture warehouse generator shares: a database written whole into a temp
 * file beside its target and renamed over it (atomic), stamped in its header with the calendar
 * week it was generated for and its layout, and read back from that header to say whether a
 * file is current. What goes into the database is each generator's own.
 */

import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

/** Foreign keys broken by a generator that writes rows before the rows they point at. */
function checkKeys(db) {
  const broken = db.pragma('foreign_key_check');
  if (broken.length > 0) throw new Error(`foreign keys broken: ${JSON.stringify(broken.slice(0, 3))}`);
}

/**
 * Writes the database `build(db)` fills to `path` atomically. `version` (the calendar week) and
 * `layout` go into the header; with `deferKeys`, foreign keys are checked once at the end.
 */
export function writeWarehouse(path, { version, layout, deferKeys = false, build }) {
  const out = resolve(path);
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  rmSync(tmp, { force: true });
  const db = new Database(tmp);
  try {
    // No journal and no fsync while generating: the file is private until the rename.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    if (deferKeys) db.pragma('foreign_keys = OFF');
    build(db);
    if (deferKeys) checkKeys(db);
    db.pragma(`user_version = ${version}`);
    db.pragma(`application_id = ${layout}`);
    db.pragma('journal_mode = DELETE');
  } catch (err) {
    db.close();
    rmSync(tmp, { force: true });
    throw err;
  }
  db.close();
  renameSync(tmp, out);
  for (const suffix of ['-journal', '-wal', '-shm']) if (existsSync(out + suffix)) rmSync(out + suffix);
  return out;
}

/** True when `path` exists with this header: generated for the same week, in the same layout. */
export function headerIs(path, version, layout) {
  if (!existsSync(path)) return false;
  let db;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    // user_version holds the calendar week (written by writeWarehouse): a header field, no table.
    return db.pragma('user_version', { simple: true }) === version && db.pragma('application_id', { simple: true }) === layout;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/** Runs `make(target)` when the script at `metaUrl` is the one node was started with. */
export async function runAsScript(metaUrl, make) {
  if (!process.argv[1] || metaUrl !== pathToFileURL(resolve(process.argv[1])).href) return;
  const target = process.argv[2];
  if (!target) {
    process.stderr.write(`usage: node scripts/${metaUrl.split('/').pop()} <out.db>\n`);
    process.exit(2);
  }
  const started = performance.now();
  const out = await make(target);
  process.stderr.write(`wrote ${out} in ${Math.round(performance.now() - started)} ms\n`);
}
