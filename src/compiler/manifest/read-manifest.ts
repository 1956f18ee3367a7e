/**
 * Reading the manifest as svc compiled it last: svc-manifest.json, plus the manifest log a
 * watching compile appended since it wrote that file (manifest-log.ts). Every svc reader of the
 * manifest goes through here; tools outside svc read svc-manifest.json, which the watch brings
 * up to date at its next sweep.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../types.js';
import { baseIdentity, entriesFor, type LogEntry, MANIFEST_LOG } from './manifest-log.js';
import { MANIFEST_FILE } from './paths.js';

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The manifest the log's lines make of `base`: blocks in id order, lineage from their tables. */
export function applyLog(base: Manifest, entries: readonly LogEntry[]): Manifest {
  if (entries.length === 0) return base;
  const blocks = new Map(Object.entries(base.blocks));
  for (const e of entries) {
    for (const id of e.drop) blocks.delete(id);
    for (const [id, block] of Object.entries(e.set)) blocks.set(id, block);
  }
  const ids = [...blocks.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const last = entries[entries.length - 1] as LogEntry;
  const sorted: Manifest['blocks'] = {};
  for (const id of ids) sorted[id] = blocks.get(id) as Manifest['blocks'][string];
  const lineage = ids.flatMap((id) => (sorted[id] as Manifest['blocks'][string]).tables.map((table) => ({ block: id, table })));
  const head = { manifestVersion: last.manifestVersion, project: last.project, contracts: last.contracts };
  const statementCheck = last.statementCheck === undefined ? {} : { statementCheck: last.statementCheck };
  return { ...head, ...statementCheck, blocks: sorted, apps: last.apps, terms: last.terms, views: last.views, lineage, diagnostics: last.diagnostics };
}

/** The manifest file as read while its identity held still (a rewrite during the read is read again). */
function readBase(root: string): { text: string; base: string } {
  for (let tries = 0; ; tries++) {
    const base = baseIdentity(root);
    const text = readFileSync(join(root, MANIFEST_FILE), 'utf8');
    if (tries >= 3 || baseIdentity(root) === base) return { text, base };
  }
}

/** The manifest file, parsed and shape-checked, with the log applied; a half-written or foreign file throws. */
export function readManifest(root: string): Manifest {
  const { text, base } = readBase(root);
  const data = JSON.parse(text) as Partial<Manifest>;
  if (data.manifestVersion !== 1 || typeof data.blocks !== 'object' || data.blocks === null || !Array.isArray(data.diagnostics)) {
    throw new Error('svc-manifest.json is not a manifest this svc reads');
  }
  const manifest = { ...data, terms: data.terms ?? {}, views: data.views ?? {}, apps: data.apps ?? {} } as Manifest;
  const log = readText(join(root, MANIFEST_LOG));
  return log === undefined ? manifest : applyLog(manifest, entriesFor(log, base));
}
