/**
 * What the API shows of a compiled block. Views are built field by field (never the whole
 * compiled object), so a field added to the compiler is not published until chosen here.
 */

import type { RefusalCore } from '../../ask/refusals.js';
import type { CompiledBlock, CompiledParam } from '../../compiler/types.js';

export interface ParamView {
  name: string;
  type: string;
  required: boolean;
  default?: string | number | boolean | null;
}

/** The answer gate's one decision on a block, as every surface shows it. */
export interface TrustView {
  /** `certified` only when Tier 1 may serve the block; else `review_required` or `refused`. */
  label: 'certified' | 'review_required' | 'refused';
  /** True when Ask's Tier 1, query_via_block and the block-run route may answer from this block. */
  servable: boolean;
  code?: string;
  reason?: string;
  next?: string;
}

const REVIEWABLE = new Set(['draft', 'review', 'pending_recertification']);

/** The trust of `block` from the answer gate's refusal of it (undefined: it may answer as certified). */
export function trustFrom(block: CompiledBlock, refusal: RefusalCore | undefined): TrustView {
  if (refusal === undefined) return { label: 'certified', servable: true };
  // Drafts and blocks in review can become certified; deprecated/retired/contract problems are refusals.
  const label = REVIEWABLE.has(block.status) || refusal.code === 'REVIEW_REQUIRED' ? 'review_required' : 'refused';
  return { label, servable: false, code: refusal.code, reason: refusal.reason, ...(refusal.next !== undefined ? { next: refusal.next } : {}) };
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
  /** The answer gate's decision: what Ask, the block-run route and every other surface read. */
  trust: TrustView;
  /** Each declared example question (an empty Ask page suggests those of servable certified blocks). */
  examples: string[];
}

function paramView(p: CompiledParam): ParamView {
  return { name: p.name, type: p.type, required: p.required, ...(p.default !== undefined ? { default: p.default } : {}) };
}

/** The list entry of a block; `refusal` is the answer gate's (undefined: it answers as certified). */
export function blockSummary(block: CompiledBlock, refusal: RefusalCore | undefined): BlockSummary {
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
    trust: trustFrom(block, refusal),
    examples: block.examples.map((e) => e.question),
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
  visualization: NonNullable<CompiledBlock['visualization']> | null;
  query: string;
  sourceSha256: string;
  /** The grain keys the block declares (`grain = { keys = [...] }`), which key proofs prove. */
  grainKeys?: NonNullable<CompiledBlock['grainKeys']>;
  /** The relationships the block declares (`relationships { ... }`), which key proofs validate. */
  relationships?: NonNullable<CompiledBlock['relationships']>;
}

export function blockDetail(block: CompiledBlock, refusal: RefusalCore | undefined): BlockDetail {
  return {
    ...blockSummary(block, refusal),
    name: block.name,
    domain: block.domain,
    tags: block.tags,
    contract: block.contract ? { id: block.contract.id, version: block.contract.version, status: block.contract.status } : null,
    outputs: block.outputs,
    tables: block.tables,
    tests: block.tests.map((t) => t.text),
    visualization: block.visualization ?? null,
    query: block.query,
    sourceSha256: block.sourceSha256,
    ...(block.grainKeys !== undefined ? { grainKeys: { keys: [...block.grainKeys.keys], keyEvidence: block.grainKeys.keyEvidence } } : {}),
    ...(block.relationships !== undefined && block.relationships.length > 0
      ? { relationships: block.relationships.map((r) => ({ ...r, keys: [...r.keys], toKeys: [...r.toKeys] })) }
      : {}),
  };
}
