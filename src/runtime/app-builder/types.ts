/**
 * Shapes of the App Builder (spec 01 "Build with AI (App Builder orchestrator)", "App Builder
 * objects"): the catalog's sources, the build draft at version 3 with its pages, tiles, filters,
 * review tasks and blockers, and a planner's proposal. A draft's lifecycle, its trust mode and
 * each source's lifecycle are independent fields; every data tile binds one source of the
 * draft's own `sources` list by its qualified id, at the revision the draft recorded.
 */

/** Whether non-certified sources may be added (for a local preview only) or not at all. */
export type TrustMode = 'governed_only' | 'include_review_required';

/** Lifecycles a catalog source can have (retired blocks are never listed). */
export type SourceLifecycle = 'certified' | 'review' | 'draft' | 'pending_recertification' | 'deprecated';

/** One executable block declaration as the catalog projects it. */
export interface CatalogSource {
  /** Qualified, path-derived id: `<file>#<name>`, so same-name blocks of two domains stay apart. */
  id: string;
  /** The compiled block id (`<domain>.<name>`) an App tile is bound to on publication. */
  blockId: string;
  path: string;
  name: string;
  domain: string;
  lifecycle: SourceLifecycle;
  /** What the catalog shows beside the source: `Certified`, `In review`, `Draft`, ... */
  label: string;
  description?: string;
  tags: string[];
  /** Result columns. */
  fields: string[];
  /** Declared parameters, which page filters may bind. */
  parameters: Array<{ name: string; type: string; required: boolean }>;
  grain?: unknown;
  /** Visualization kinds the source declares it suits (`table` always). */
  visualizations: string[];
  /** sha256 of the block's canonical content: the source revision a tile records. */
  revision: string;
  /** The query's normalised fingerprint (a v2 draft names sources by path and this). */
  fingerprint: string;
}

/** A source as the draft holds it: the identity and revision it was bound at. */
export interface DraftSource {
  id: string;
  blockId: string;
  path: string;
  lifecycle: SourceLifecycle;
  revision: string;
  fingerprint: string;
}

export interface DraftTile {
  id: string;
  title: string;
  kind: string;
  /** A `sources` id (data tile), absent for text and answer tiles. */
  sourceId?: string;
  text?: string;
  /** An Ask answer added as a live tile (runs its own SQL, review required). */
  answer?: { runId: string; question: string; tables: string[] };
  /** The source field the tile groups its chart by (one of the source's fields). */
  groupBy?: string;
  /** Clicking the tile opens this page of the App. */
  navigateTo?: string;
  /** Clicking a group opens the detail source with `parameter` set to the clicked group's value. */
  drill?: { sourceId: string; parameter: string };
}

/** Selecting a group of `from` sets each target tile's source parameter to the selected value. */
export interface CrossFilter {
  from: string;
  field: string;
  /** Target tile id -> the parameter of its source the selection sets. */
  targets: Record<string, string>;
}

export interface DraftFilter {
  id: string;
  /** Tile id -> the parameter of its source the filter sets. */
  bindings: Record<string, string>;
}

export interface DraftPage {
  id: string;
  title: string;
  tiles: DraftTile[];
  filters: DraftFilter[];
  crossFilters?: CrossFilter[];
}

/** Something that stops publication until a person resolves it (review tasks, migration gaps). */
export interface ReviewTask {
  id: string;
  kind: 'review_source' | 'review_answer' | 'ambiguous_source' | 'missing_source';
  status: 'open' | 'resolved';
  message: string;
  page?: string;
  tile?: string;
  /** For a legacy source: the path and fingerprint a version 2 draft named. */
  legacy?: { path: string; fingerprint: string; candidates?: string[] };
}

/** A planner's answer, compiled into the draft's pages by the server. */
export interface Proposal {
  /** `model`: the configured planner; `deterministic`: no planner configured (labelled so). */
  planner: 'model' | 'deterministic';
  prompt: string;
  /** Source ids sent as candidate cards (8 to 12). */
  candidates: string[];
  clarifications: string[];
  /** The author's answers to the previous proposal's clarifications, which this proposal heard. */
  answers?: string[];
}

export interface AppBuildDraft {
  version: 3;
  id: string;
  /** 1 for the first revision; every change writes the next one and never rewrites an old one. */
  revision: number;
  title: string;
  trustMode: TrustMode;
  /** The catalog snapshot the revision was made against. */
  snapshot: string;
  createdAt: string;
  sources: DraftSource[];
  pages: DraftPage[];
  reviewTasks: ReviewTask[];
  proposal?: Proposal;
  /** The App id it was last published as. */
  publishedAs?: string;
  /** With a host: the id of the person who started the build, the only one who may read or change it. */
  owner?: string;
}
