/**
 * `compose` (spec 01 Build with AI rule 7), shared by manual and AI authoring: applies the
 * allow-listed operations (operations.ts) to a draft's content, resolving every source id
 * against the catalog as it is now. Only here are canonical sources recorded, tile `sourceId`
 * bindings and tile ids minted and review tasks opened: a non-certified source added under
 * `include_review_required` opens a `review_source` task, so it previews but never publishes.
 * Any operation that does not fit the draft, or a result the aggregate validation refuses
 * (validate-draft.ts), refuses the whole batch; nothing is half-applied.
 */
import type { Manifest } from '../../compiler/types.js';
import { BuildError } from './build-error.js';
import type { DraftContent } from './draft-store.js';
import { draftSourceOf } from './migrate-v2.js';
import type { DraftOperation } from './operations.js';
import { addability } from './search-sources.js';
import { catalogSnapshot, catalogSources } from './source-catalog.js';
import type { CatalogSource, DraftPage, DraftTile } from './types.js';
import { validateDraft } from './validate-draft.js';

interface Work {
  content: DraftContent;
  catalog: Map<string, CatalogSource>;
}

/** Data tile kinds a page document holds, in the order a default is chosen. */
const TILE_KINDS = ['chart', 'kpi', 'table'];

const invalid = (message: string) => new BuildError('APP_BUILD_OPERATION_INVALID', message);

function slug(text: string, fallback: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return /^[a-z]/.test(s) ? s : `${fallback}_${s}`.replace(/_+$/, '');
}

function fresh(base: string, used: ReadonlySet<string>): string {
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}_${n}`)) n += 1;
  return `${base}_${n}`;
}

function pageOf(w: Work, pageId: string | undefined): DraftPage {
  if (pageId === undefined) {
    if (w.content.pages.length === 0) w.content.pages.push({ id: 'overview', title: 'Overview', tiles: [], filters: [] });
    return w.content.pages[0]!;
  }
  const page = w.content.pages.find((p) => p.id === pageId);
  if (page === undefined) throw invalid(`The draft has no page ${pageId}.`);
  return page;
}

function tileOf(page: DraftPage, tileId: string): DraftTile {
  const tile = page.tiles.find((t) => t.id === tileId);
  if (tile === undefined) throw invalid(`Page ${page.id} has no tile ${tileId}.`);
  return tile;
}

/** Records the catalog source in the draft (once); refused when unknown or not addable. */
function useSource(w: Work, id: string): CatalogSource {
  const source = w.catalog.get(id);
  if (source === undefined) throw new BuildError('APP_BUILD_SOURCE_UNKNOWN', `${id} is not a source in the catalog now.`, { sourceId: id });
  const add = addability(source, w.content.trustMode);
  if (!add.addable) throw new BuildError('APP_BUILD_SOURCE_NOT_ADDABLE', add.reason ?? `${id} cannot be added.`, { sourceId: id });
  if (!w.content.sources.some((s) => s.id === id)) {
    w.content.sources.push(draftSourceOf(source));
    if (source.lifecycle !== 'certified') openReview(w, source);
  }
  return source;
}

function openReview(w: Work, source: CatalogSource): void {
  w.content.reviewTasks.push({
    id: fresh(`review_${slug(source.name, 's')}`, new Set(w.content.reviewTasks.map((t) => t.id))),
    kind: 'review_source',
    status: 'open',
    message: `${source.label} source ${source.id} previews only; it must be certified before the App can be published.`,
  });
}

function addTile(w: Work, op: Extract<DraftOperation, { op: 'add_tile' }>): void {
  const source = useSource(w, op.sourceId);
  const page = pageOf(w, op.pageId);
  const kinds = TILE_KINDS.filter((k) => source.visualizations.includes(k));
  const kind = op.kind ?? kinds[0] ?? 'table';
  if (!kinds.includes(kind)) throw invalid(`A ${kind} tile is not among what ${source.id} can show (${kinds.join(', ')}).`);
  const used = new Set(w.content.pages.flatMap((p) => p.tiles.map((t) => t.id)));
  page.tiles.push({ id: fresh(slug(source.name, 't'), used), title: op.title ?? source.description ?? source.name, kind, sourceId: source.id });
}

function addText(w: Work, op: Extract<DraftOperation, { op: 'add_text' }>): void {
  const page = pageOf(w, op.pageId);
  const used = new Set(w.content.pages.flatMap((p) => p.tiles.map((t) => t.id)));
  page.tiles.push({ id: fresh('text', used), title: op.title ?? 'Note', kind: 'text', text: op.text });
}

function removeTile(w: Work, pageId: string, tileId: string): void {
  const page = pageOf(w, pageId);
  tileOf(page, tileId);
  page.tiles = page.tiles.filter((t) => t.id !== tileId);
  for (const f of page.filters) delete f.bindings[tileId];
  // A selection from a removed tile filters nothing; a removed target is no longer set.
  if (page.crossFilters !== undefined) {
    page.crossFilters = page.crossFilters.filter((c) => c.from !== tileId);
    for (const c of page.crossFilters) delete c.targets[tileId];
  }
}

/** The tile's source as the catalog holds it now, or the refusal naming what is missing. */
function sourceOfTile(w: Work, tile: DraftTile): CatalogSource {
  const source = tile.sourceId === undefined ? undefined : w.catalog.get(tile.sourceId);
  if (source === undefined) throw invalid(`Tile ${tile.id} reads no source of the catalog.`);
  return source;
}

function setTileKind(w: Work, op: Extract<DraftOperation, { op: 'set_tile_kind' }>): void {
  const tile = tileOf(pageOf(w, op.pageId), op.tileId);
  const kinds = TILE_KINDS.filter((k) => sourceOfTile(w, tile).visualizations.includes(k));
  if (!kinds.includes(op.kind)) throw invalid(`A ${op.kind} tile is not among what ${tile.sourceId} can show (${kinds.join(', ')}).`);
  tile.kind = op.kind;
}

function setTileGrouping(w: Work, op: Extract<DraftOperation, { op: 'set_tile_grouping' }>): void {
  const tile = tileOf(pageOf(w, op.pageId), op.tileId);
  const source = sourceOfTile(w, tile);
  if (!source.fields.includes(op.field)) throw invalid(`${source.id} has no field ${op.field} to group by.`);
  tile.groupBy = op.field;
}

function arrangeTiles(w: Work, op: Extract<DraftOperation, { op: 'arrange_tiles' }>): void {
  const page = pageOf(w, op.pageId);
  const ids = page.tiles.map((t) => t.id);
  if (op.order.length !== ids.length || new Set(op.order).size !== ids.length || !op.order.every((id) => ids.includes(id)))
    throw invalid(`An arrangement of page ${page.id} names each of its tiles once (${ids.join(', ')}).`);
  page.tiles = op.order.map((id) => tileOf(page, id));
}

function setCrossFilter(w: Work, op: Extract<DraftOperation, { op: 'set_cross_filter' }>): void {
  const page = pageOf(w, op.pageId);
  const from = sourceOfTile(w, tileOf(page, op.fromTileId));
  if (!from.fields.includes(op.field)) throw invalid(`${from.id} has no field ${op.field} to select by.`);
  const entries = Object.entries(op.targets);
  if (entries.length === 0) throw invalid('A cross-filter sets at least one other tile.');
  for (const [tileId, parameter] of entries) {
    const target = sourceOfTile(w, tileOf(page, tileId));
    if (tileId === op.fromTileId || !target.parameters.some((p) => p.name === parameter))
      throw invalid(`Tile ${tileId} has no source parameter ${parameter} a selection can set.`);
  }
  const rest = (page.crossFilters ?? []).filter((c) => c.from !== op.fromTileId);
  page.crossFilters = [...rest, { from: op.fromTileId, field: op.field, targets: { ...op.targets } }];
}

function setNavigation(w: Work, op: Extract<DraftOperation, { op: 'set_navigation' }>): void {
  const tile = tileOf(pageOf(w, op.pageId), op.tileId);
  if (op.toPageId === op.pageId) throw invalid('A tile navigates to another page than its own.');
  pageOf(w, op.toPageId);
  tile.navigateTo = op.toPageId;
}

function setDetailDrill(w: Work, op: Extract<DraftOperation, { op: 'set_detail_drill' }>): void {
  const tile = tileOf(pageOf(w, op.pageId), op.tileId);
  sourceOfTile(w, tile);
  const detail = useSource(w, op.sourceId);
  if (!detail.parameters.some((p) => p.name === op.parameter)) throw invalid(`${detail.id} has no parameter ${op.parameter} a drill can set.`);
  tile.drill = { sourceId: detail.id, parameter: op.parameter };
}

function moveTile(w: Work, op: Extract<DraftOperation, { op: 'move_tile' }>): void {
  const page = pageOf(w, op.pageId);
  const tile = tileOf(page, op.tileId);
  if (!Number.isInteger(op.to) || op.to < 0 || op.to >= page.tiles.length) throw invalid(`Position ${op.to} is not on page ${page.id}.`);
  page.tiles = page.tiles.filter((t) => t !== tile);
  page.tiles.splice(op.to, 0, tile);
}

function movePage(w: Work, op: Extract<DraftOperation, { op: 'move_page' }>): void {
  const page = pageOf(w, op.pageId);
  if (!Number.isInteger(op.to) || op.to < 0 || op.to >= w.content.pages.length) throw invalid(`Position ${op.to} is not among the draft's pages.`);
  w.content.pages = w.content.pages.filter((p) => p !== page);
  w.content.pages.splice(op.to, 0, page);
}

function bindFilter(w: Work, op: Extract<DraftOperation, { op: 'bind_filter' }>): void {
  const page = pageOf(w, op.pageId);
  const tile = tileOf(page, op.tileId);
  const source = tile.sourceId === undefined ? undefined : w.catalog.get(tile.sourceId);
  if (source === undefined || !source.parameters.some((p) => p.name === op.parameter))
    throw invalid(`Tile ${tile.id} has no source parameter ${op.parameter} for filter ${op.filterId}.`);
  let filter = page.filters.find((f) => f.id === op.filterId);
  if (filter === undefined) {
    if (!/^[a-z][a-z0-9_]{0,39}$/.test(op.filterId)) throw invalid(`${op.filterId} is not a filter id (lower snake case).`);
    filter = { id: op.filterId, bindings: {} };
    page.filters.push(filter);
  }
  filter.bindings[tile.id] = op.parameter;
}

function unbindFilter(w: Work, op: Extract<DraftOperation, { op: 'unbind_filter' }>): void {
  const filter = pageOf(w, op.pageId).filters.find((f) => f.id === op.filterId);
  if (filter === undefined || filter.bindings[op.tileId] === undefined) throw invalid(`Filter ${op.filterId} has no binding for ${op.tileId}.`);
  delete filter.bindings[op.tileId];
}

/** Rebinds a source to its current revision and lifecycle (certification never flows in silently). */
function refreshSource(w: Work, id: string): void {
  const at = w.content.sources.findIndex((s) => s.id === id);
  const now = w.catalog.get(id);
  if (at < 0) throw invalid(`The draft has no source ${id}.`);
  if (now === undefined) throw new BuildError('APP_BUILD_SOURCE_UNKNOWN', `${id} is not a source in the catalog now.`, { sourceId: id });
  w.content.sources[at] = draftSourceOf(now);
}

/** Resolves a review task; a legacy gap is resolved only by binding its tile to a catalog source. */
function resolveTask(w: Work, op: Extract<DraftOperation, { op: 'resolve_task' }>): void {
  const task = w.content.reviewTasks.find((t) => t.id === op.taskId && t.status === 'open');
  if (task === undefined) throw invalid(`The draft has no open review task ${op.taskId}.`);
  if (task.kind === 'ambiguous_source' || task.kind === 'missing_source') {
    if (op.sourceId === undefined) throw invalid(`Review task ${task.id} is resolved by choosing a source for tile ${task.tile}.`);
    const source = useSource(w, op.sourceId);
    tileOf(pageOf(w, task.page), task.tile ?? '').sourceId = source.id;
  }
  task.status = 'resolved';
}

function removePage(w: Work, pageId: string): void {
  pageOf(w, pageId);
  w.content.pages = w.content.pages.filter((p) => p.id !== pageId);
  for (const tile of w.content.pages.flatMap((p) => p.tiles)) if (tile.navigateTo === pageId) delete tile.navigateTo;
}

function addPage(w: Work, title: string): void {
  const used = new Set(w.content.pages.map((p) => p.id));
  w.content.pages.push({ id: fresh(slug(title, 'page'), used), title, tiles: [], filters: [] });
}

/** The operations on how a page's tiles look and interact; false when `op` is none of them. */
function applyInteraction(w: Work, op: DraftOperation): boolean {
  if (op.op === 'set_tile_kind') setTileKind(w, op);
  else if (op.op === 'set_tile_grouping') setTileGrouping(w, op);
  else if (op.op === 'arrange_tiles') arrangeTiles(w, op);
  else if (op.op === 'set_cross_filter') setCrossFilter(w, op);
  else if (op.op === 'set_navigation') setNavigation(w, op);
  else if (op.op === 'set_detail_drill') setDetailDrill(w, op);
  else return false;
  return true;
}

function apply(w: Work, op: DraftOperation): void {
  if (applyInteraction(w, op)) return;
  if (op.op === 'set_title') w.content.title = op.title;
  else if (op.op === 'set_trust_mode') w.content.trustMode = op.mode;
  else if (op.op === 'add_page') addPage(w, op.title);
  else if (op.op === 'remove_page') removePage(w, op.pageId);
  else if (op.op === 'move_page') movePage(w, op);
  else if (op.op === 'add_source') useSource(w, op.sourceId);
  else if (op.op === 'add_tile') addTile(w, op);
  else if (op.op === 'add_text') addText(w, op);
  else if (op.op === 'remove_tile') removeTile(w, op.pageId, op.tileId);
  else if (op.op === 'move_tile') moveTile(w, op);
  else if (op.op === 'bind_filter') bindFilter(w, op);
  else if (op.op === 'unbind_filter') unbindFilter(w, op);
  else if (op.op === 'refresh_source') refreshSource(w, op.sourceId);
  else if (op.op === 'resolve_task') resolveTask(w, op);
}

/** The content `operations` make of `content` against the manifest now (its snapshot recorded). */
export function compose(content: DraftContent, operations: readonly DraftOperation[], manifest: Manifest): DraftContent {
  const catalog = new Map(catalogSources(manifest, { includeDeprecated: true }).map((s) => [s.id, s]));
  const w: Work = { content: structuredClone(content), catalog };
  for (const op of operations) apply(w, op);
  validateDraft(w.content);
  w.content.snapshot = catalogSnapshot(manifest);
  return w.content;
}
