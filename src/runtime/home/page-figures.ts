/**
 * The single figures of an App page run that may leave the page (spec 03 "Home", "Delivery
 * payload"): one number per Certified or Governed data tile that ran, never a row. A KPI gives
 * its value, a chart its driver's current value (the last row), a table its leader's value (the
 * first row); each is the first numeric column of that row. A needs-review, blocked or withheld
 * tile gives none, so nothing a reader may not trust travels as a figure.
 */
import type { PageRun, TileRun } from '../apps/page-run.js';

/** Trust labels whose figures may be shown outside the page. */
export const FIGURE_TRUST: ReadonlySet<string> = new Set(['Certified', 'Governed']);

export interface PageFigure {
  tileId: string;
  title?: string;
  value: number;
  /** Certified or Governed. */
  trust: string;
}

/** The row a tile's single figure is read from, by tile kind. */
function figureRow(tile: TileRun): Record<string, unknown> | undefined {
  const rows = tile.rows ?? [];
  if (tile.kind === 'chart') return rows.at(-1);
  if (tile.kind === 'kpi' || tile.kind === 'table') return rows[0];
  return undefined;
}

/** The first finite number of the row, in column order. */
function firstNumber(row: Record<string, unknown>, columns: readonly string[]): number | undefined {
  for (const column of columns) {
    const value = row[column];
    const n = typeof value === 'bigint' ? Number(value) : value;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
  }
  return undefined;
}

/** The columns to read the figure from: the block's declared value (KPI) or y (chart) first, then the rest in order. */
function figureColumns(tile: TileRun, row: Record<string, unknown>): string[] {
  const columns = tile.columns ?? Object.keys(row);
  const declared = tile.visualization?.[tile.kind === 'kpi' ? 'value' : 'y'];
  return typeof declared === 'string' && columns.includes(declared) ? [declared, ...columns] : columns;
}

/** The tile's figure, or undefined when it has none that may be shown. */
export function tileFigure(tile: TileRun): PageFigure | undefined {
  if (tile.ok !== true || tile.figuresWithheld === true || tile.trust === undefined || !FIGURE_TRUST.has(tile.trust)) return undefined;
  const row = figureRow(tile);
  const value = row === undefined ? undefined : firstNumber(row, figureColumns(tile, row));
  if (value === undefined) return undefined;
  return { tileId: tile.id, ...(tile.title !== undefined ? { title: tile.title } : {}), value, trust: tile.trust };
}

/** Every figure of the run, in page order. */
export function pageFigures(run: Pick<PageRun, 'tiles'>): PageFigure[] {
  return run.tiles.map(tileFigure).filter((f): f is PageFigure => f !== undefined);
}

/** True when every data tile ran (a run with a failed tile is not complete, so it is never compared). */
export function isComplete(run: Pick<PageRun, 'tiles'>): boolean {
  return run.tiles.every((t) => t.kind === 'text' || t.ok === true);
}
