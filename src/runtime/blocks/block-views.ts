/**
 * What the API shows of a compiled block. Views are built field by field (never the whole
 * compiled object), so a field added to the compiler is not published until chosen here.
 */
import type { CompiledBlock, CompiledParam } from '../../compiler/types.js';

export interface ParamView {
  name: string;
  type: string;
  required: boolean;
  default?: string | number | boolean | null;
}

export interface BlockSummary {
  id: string;
  /** The status the block file declares. */
  status: string;
  /** What the project may rely on: a declared certified status without a receipt for the current source reads pending_recertification. */
  effectiveStatus: string;
  description: string | null;
  owner: string | null;
  /** Project-relative path of the block file. */
  file: string;
  /** True for a draft (a file in a `_drafts` folder): an Ask capture awaiting review. */
  inDrafts: boolean;
  /** The certification receipt: valid, missing, stale, orphaned or none. */
  receipt: string;
  /** How many times the question of a captured draft was asked. */
  askedTimes?: number;
  params: ParamView[];
}

function paramView(p: CompiledParam): ParamView {
  return { name: p.name, type: p.type, required: p.required, ...(p.default !== undefined ? { default: p.default } : {}) };
}

/** The list entry of a block. */
export function blockSummary(block: CompiledBlock): BlockSummary {
  return {
    id: block.id,
    status: block.status,
    effectiveStatus: block.effectiveStatus,
    description: block.description ?? null,
    owner: block.owner ?? null,
    file: block.file,
    inDrafts: block.inDrafts,
    receipt: block.receipt,
    ...(block.askedTimes !== undefined ? { askedTimes: block.askedTimes } : {}),
    params: block.params.map(paramView),
  };
}

/** The full view of one block: the summary plus what a reader needs to use and trust it. */
export interface BlockDetail extends BlockSummary {
  name: string;
  domain: string;
  tags: string[];
  contract: { id: string; version: number; status: string } | null;
  outputs: string[];
  tables: string[];
  /** Each declared test's text. */
  tests: string[];
  /** Each declared example question. */
  examples: string[];
  visualization: NonNullable<CompiledBlock['visualization']> | null;
  query: string;
  sourceSha256: string;
}

export function blockDetail(block: CompiledBlock): BlockDetail {
  return {
    ...blockSummary(block),
    name: block.name,
    domain: block.domain,
    tags: block.tags,
    contract: block.contract ? { id: block.contract.id, version: block.contract.version, status: block.contract.status } : null,
    outputs: block.outputs,
    tables: block.tables,
    tests: block.tests.map((t) => t.text),
    examples: block.examples.map((e) => e.question),
    visualization: block.visualization ?? null,
    query: block.query,
    sourceSha256: block.sourceSha256,
  };
}
