/**
 * The source catalog (spec 01 Build with AI, rule 1): every executable block declaration of the
 * compiled manifest (certified, review, draft, pending recertification, and deprecated when
 * asked), projected to what an author chooses by. Ids are path-derived and qualified
 * (`<file>#<name>`), so same-name blocks in different domains never collide. Retired blocks
 * and raw transformation models are never sources: the models are planner context at most.
 * The catalog's snapshot is a hash of every listed source's revision, so a draft can tell when
 * the project under it changed.
 */
import { createHash } from 'node:crypto';
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import type { CatalogSource, SourceLifecycle } from './types.js';

const LABELS: Record<SourceLifecycle, string> = {
  certified: 'Certified',
  review: 'In review',
  draft: 'Draft',
  pending_recertification: 'Pending recertification',
  deprecated: 'Deprecated',
};

/** The lifecycle the catalog shows: what the project may rely on (a stale receipt is pending). */
function lifecycleOf(block: CompiledBlock): SourceLifecycle | undefined {
  const status = block.inDrafts ? 'draft' : block.effectiveStatus;
  return Object.hasOwn(LABELS, status) ? (status as SourceLifecycle) : undefined;
}

/** The result columns a block declares: its outputs, column meanings, chart axes and tested columns. */
function fieldsOf(block: CompiledBlock): string[] {
  const axes = ['x', 'y'].map((k) => block.visualization?.[k]).filter((v): v is string => typeof v === 'string');
  const tested = block.tests.map((t) => t.subject).filter((s) => s !== 'row_count');
  return [...new Set([...block.outputs, ...Object.keys(block.columns ?? {}), ...axes, ...tested])];
}

/** Visualization kinds a block suits: a table always, a KPI for one output, a chart for more, and what it declares. */
function visualizationsOf(block: CompiledBlock): string[] {
  const declared = block.visualization?.['chart'] ?? block.visualization?.['type'];
  const kinds = new Set(['table']);
  // A declared chart type (bar, line) is searchable, and makes the source a chart.
  if (typeof declared === 'string' && declared !== 'table') kinds.add(declared).add('chart');
  if (block.outputs.length === 1) kinds.add('kpi');
  else if (block.outputs.length > 1) kinds.add('chart');
  return [...kinds].sort();
}

export function sourceId(block: Pick<CompiledBlock, 'file' | 'name'>): string {
  return `${block.file}#${block.name}`;
}

function projection(block: CompiledBlock, lifecycle: SourceLifecycle): CatalogSource {
  const source: CatalogSource = {
    id: sourceId(block),
    blockId: block.id,
    path: block.file,
    name: block.name,
    domain: block.domain,
    lifecycle,
    label: LABELS[lifecycle],
    tags: [...block.tags],
    fields: fieldsOf(block),
    parameters: block.params.map((p) => ({ name: p.name, type: p.type, required: p.required })),
    visualizations: visualizationsOf(block),
    revision: block.sourceSha256,
    fingerprint: block.sqlFingerprint,
  };
  if (block.description !== undefined) source.description = block.description;
  if (block.grain !== undefined) source.grain = block.grain;
  return source;
}

/** Every source of the manifest, sorted by id; deprecated ones only when `includeDeprecated`. */
export function catalogSources(manifest: Manifest, options: { includeDeprecated?: boolean } = {}): CatalogSource[] {
  const out: CatalogSource[] = [];
  for (const block of Object.values(manifest.blocks)) {
    const lifecycle = lifecycleOf(block);
    if (lifecycle === undefined || (lifecycle === 'deprecated' && options.includeDeprecated !== true)) continue;
    out.push(projection(block, lifecycle));
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The compiled block behind a catalog source id, as the manifest holds it now. */
export function blockOfSource(manifest: Manifest, id: string): CompiledBlock | undefined {
  return Object.values(manifest.blocks).find((b) => sourceId(b) === id);
}

/** The catalog snapshot: a hash over every source id and revision (deprecated included). */
export function catalogSnapshot(manifest: Manifest): string {
  const hash = createHash('sha256');
  for (const s of catalogSources(manifest, { includeDeprecated: true })) hash.update(`${s.id}\n${s.revision}\n${s.lifecycle}\n`);
  return `sha256:${hash.digest('hex')}`;
}
