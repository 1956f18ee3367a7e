/**
 * Reading Apps: apps/<app>/svc.app.json and its page documents (.svcd, JSON). Each document is
 * validated against its schema; a tile bound to a block the project does not have is an error.
 * Publication readiness (drift, draft sources, filter bindings) is `svc app check`'s business.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { sourceAsset } from '../../source-asset.js';
import { schemaValidator, validateDocument } from '../json-schema.js';
import type { CompiledApp, CompiledPage, CompiledSchedule } from '../types.js';
import { readSchedules } from './app-schedules.js';

const appSchema = sourceAsset('compiler/schemas/app.schema.json');
const pageSchema = sourceAsset('compiler/schemas/page.schema.json');

function readJson(root: string, rel: string, out: Diagnostic[]): unknown {
  let text: string;
  try {
    text = readFileSync(join(root, rel), 'utf8');
  } catch {
    out.push(diag('file/unreadable', { reason: 'file not found' }, { file: rel }));
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const problem = error instanceof Error ? error.message : 'not JSON';
    out.push(diag('app/invalid', { pointer: '/', problem }, { file: rel }));
    return undefined;
  }
}

interface RawPage {
  id: string;
  title?: string;
  dashboard: string;
}

function readPage(root: string, appId: string, appDir: string, page: RawPage, out: Diagnostic[]): CompiledPage | undefined {
  const rel = `${appDir}/${page.dashboard}`;
  if (page.dashboard.split('/').includes('..') || !existsSync(join(root, rel))) {
    out.push(diag('app/page-missing', { app: appId, page: page.id, dashboard: page.dashboard }, { file: `${appDir}/svc.app.json` }));
    return undefined;
  }
  const data = readJson(root, rel, out);
  if (data === undefined) return undefined;
  const problems = validateDocument(schemaValidator(pageSchema), data, 'app/invalid', rel);
  if (problems.length > 0) {
    out.push(...problems);
    return undefined;
  }
  const doc = data as Omit<CompiledPage, 'dashboard'>;
  const compiled: CompiledPage = { id: page.id, dashboard: page.dashboard, tiles: doc.tiles, filters: doc.filters ?? [] };
  if (doc.crossFilters !== undefined) compiled.crossFilters = doc.crossFilters;
  const title = page.title ?? doc.title;
  if (title !== undefined) compiled.title = title;
  return compiled;
}

/** Reads one App; `blockIds` tells which tile sources exist. */
export function readApp(root: string, rel: string, blockIds: Pick<ReadonlySet<string>, 'has'>): { app?: CompiledApp; diagnostics: Diagnostic[] } {
  const out: Diagnostic[] = [];
  const data = readJson(root, rel, out);
  if (data === undefined) return { diagnostics: out };
  const problems = validateDocument(schemaValidator(appSchema), data, 'app/invalid', rel);
  if (problems.length > 0) return { diagnostics: problems };
  const doc = data as { id: string; title?: string; owner?: string; lifecycle?: string; pages: RawPage[]; schedules?: CompiledSchedule[] };
  const appDir = dirname(rel);
  const app: CompiledApp = { id: doc.id, file: rel, pages: [] };
  for (const key of ['title', 'owner', 'lifecycle'] as const) if (doc[key] !== undefined) app[key] = doc[key];
  for (const page of doc.pages) {
    const compiled = readPage(root, doc.id, appDir, page, out);
    if (!compiled) continue;
    app.pages.push(compiled);
    for (const tile of compiled.tiles) {
      if (tile.source?.kind === 'block' && !blockIds.has(tile.source.id)) {
        const data = { tile: tile.id, app: doc.id, page: page.id, source: tile.source.id };
        out.push(diag('app/unknown-source', data, { file: `${appDir}/${page.dashboard}` }));
      }
    }
  }
  const schedules = readSchedules(app, doc.schedules, rel, out);
  if (schedules.length > 0) app.schedules = schedules;
  return { app, diagnostics: out };
}
