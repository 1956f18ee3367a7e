/**
 * The result of `svc app check`, printed as JSON with `--format json`. Its JSON Schema is
 * `src/rules/schemas/app-check-result.schema.json`; change both together.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { AppTrustSummary, TileTrust } from '../trust.js';

export interface TileSourceReport {
  kind: string;
  /** Block id the tile is bound to. */
  id: string;
  /** False when the project has no such block now. */
  exists: boolean;
  /** Revision saved in the page document (the bound block's sourceSha256 then). */
  boundRevision?: string;
  /** The block's sourceSha256 now. */
  revision?: string;
  status?: string;
  /** Project-relative block file. */
  file?: string;
  /** True when the current revision differs from the bound one. */
  drift?: boolean;
}

export interface TileReport {
  page: string;
  tile: string;
  title?: string;
  kind: string;
  source?: TileSourceReport;
  /** The source's run for this check (absent for text tiles and missing sources). */
  run?: { ok: boolean; rowCount: number; error?: string };
  /** Trust label of a data tile (Certified, Governed, Needs review, Blocked). */
  trust?: TileTrust;
  /** True when nothing about this tile stops publication. */
  passes: boolean;
  /** Codes of what stops publication for this tile. */
  blockers: string[];
}

/** The App's one trust value as app check reports it: the summary without per-tile detail. */
export type TrustReport = Omit<AppTrustSummary, 'tiles'>;

export interface AppCheckResult {
  app: string;
  file: string;
  lifecycle?: string;
  /** True when nothing stops publication. */
  ready: boolean;
  exitCode: 0 | 1;
  /** One trust value for the whole App, from every data tile's current source and run. */
  trust: TrustReport;
  /** The same, per page: what each page's header badge reads. */
  pages: Array<{ page: string; trust: TrustReport }>;
  tiles: TileReport[];
  /** Everything that stops publication, as diagnostics (policy rule ids or app/* codes). */
  blockers: Diagnostic[];
  /** Findings that do not stop publication. */
  warnings: Diagnostic[];
}
