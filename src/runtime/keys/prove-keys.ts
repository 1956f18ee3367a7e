/**
 * Key proofs (spec 03 "Exports and key proofs" 3; `POST /api/keys/prove`, `svc keys prove`):
 * proves, as the asking person, the keys certified content declares. Each certified block with
 * grain keys runs the complete-source grain proof (grain-proof.ts) through the one query path;
 * `blocks` (ids, names or project-relative files) narrows it, else every certified block that
 * declares keys is proven. A named block that is not certified, declares no keys or does not
 * exist answers `status: 'error'` with a code and runs nothing. Each relationship a certified
 * block declares (`relationships { ... }`) is validated over every row of both blocks
 * (relationship-proof.ts); `relationships` narrows it (relationship-targets.ts), and a name no
 * declared relationship answers to is RELATIONSHIP_NOT_DECLARED. A request naming only blocks
 * validates no relationship, and one naming only relationships proves no block's keys; naming
 * neither proves everything. `ok` is true when every proof passed. Each dataset proof that ran
 * keeps its evidence (proof-evidence.ts); a relationship validation keeps none.
 */
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { Executor } from '../../warehouse/types.js';
import { proveGrain } from './grain-proof.js';
import { writeEvidence } from './proof-evidence.js';
import { proveRelationship, relationshipBase, targetMissing } from './relationship-proof.js';
import { type DeclaredJoin, joinTargets } from './relationship-targets.js';
import type { DatasetProof, KeyProofResults, RelationshipProof } from './types.js';

export interface ProveKeysInput {
  root: string;
  manifest: Manifest;
  executor: Executor;
  asker: Asker;
  /** Narrows the proof to these blocks (ids, names or project-relative files). */
  blocks?: readonly string[];
  /** Narrows relationship validation to these (ids, qualified ids or source paths). */
  relationships?: readonly string[];
  log: (line: string) => void;
  /** Whom the evidence names when no person is signed in (the command line's local owner). */
  provedFor?: string;
  now?: () => Date;
}

type Target = { block: CompiledBlock } | { missing: string };

const isCertified = (b: CompiledBlock): boolean => b.effectiveStatus === 'certified';

/** The blocks a name answers to: an id, else a file, else every block of that name. */
function blocksNamed(manifest: Manifest, name: string): CompiledBlock[] {
  const all = Object.values(manifest.blocks);
  if (Object.hasOwn(manifest.blocks, name)) return [manifest.blocks[name] as CompiledBlock];
  const file = name.replace(/\\/g, '/').replace(/^\.\//, '');
  const byFile = all.filter((b) => b.file === file);
  return byFile.length > 0 ? byFile : all.filter((b) => b.name === name);
}

/** What to prove: the named blocks (each once), else every certified block with keys, by id. */
export function proofTargets(manifest: Manifest, names: readonly string[] | undefined): Target[] {
  if (names === undefined || names.length === 0) {
    return Object.values(manifest.blocks)
      .filter((b) => isCertified(b) && b.grainKeys !== undefined)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((block) => ({ block }));
  }
  const seen = new Set<string>();
  const out: Target[] = [];
  for (const name of names) {
    const found = blocksNamed(manifest, name);
    if (found.length === 0) out.push({ missing: name });
    for (const block of found.filter((b) => !seen.has(b.id))) {
      seen.add(block.id);
      out.push({ block });
    }
  }
  return out;
}

/** A proof that did not run, with its code. */
function notRun(block: CompiledBlock, code: string, message: string): DatasetProof {
  return { block: block.id, file: block.file, keys: block.grainKeys?.keys ?? [], status: 'error', error: { code, message } };
}

async function proveOne(input: ProveKeysInput, block: CompiledBlock): Promise<DatasetProof> {
  if (!isCertified(block))
    return notRun(block, 'KEY_PROOF_NOT_CERTIFIED', `Block ${block.id} is not certified (${block.effectiveStatus}), so its keys were not proven.`);
  if (block.grainKeys === undefined) return notRun(block, 'KEYS_NOT_DECLARED', `Block ${block.id} declares no grain keys.`);
  const { executor, asker, log } = input;
  const proof = await proveGrain({ executor, asker, block, keys: block.grainKeys.keys, log });
  keepEvidence(input, block, proof);
  return proof;
}

/** Keeps the evidence of a proof; a failed write is logged and leaves the answer as it is. */
function keepEvidence(input: ProveKeysInput, block: CompiledBlock, proof: DatasetProof): void {
  const facts = {
    provedAt: (input.now?.() ?? new Date()).toISOString(),
    provedFor: input.asker?.principal?.id ?? input.provedFor ?? 'local',
    hosted: input.asker?.host !== undefined,
  };
  try {
    writeEvidence(input.root, block, proof, facts);
  } catch (error) {
    input.log(`key proof evidence of ${block.id} was not written: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function notDeclared(id: string): RelationshipProof {
  const message = `No relationship a block of this project declares answers to ${id}, so none was validated.`;
  return { id, keys: [], cardinality: null, status: 'error', error: { code: 'RELATIONSHIP_NOT_DECLARED', message } };
}

/** Validates one declared join when both its blocks are certified and present. */
async function validateOne(input: ProveKeysInput, join: DeclaredJoin): Promise<RelationshipProof> {
  const { block, relationship } = join;
  const base = relationshipBase(block, relationship);
  const target = input.manifest.blocks[relationship.to];
  if (target === undefined) return targetMissing(block, relationship);
  for (const b of [block, target]) {
    if (!isCertified(b)) {
      const message = `Relationship ${join.id} joins block ${b.id}, which is not certified (${b.effectiveStatus}), so it was not validated.`;
      return { ...base, error: { code: 'KEY_PROOF_NOT_CERTIFIED', message } };
    }
  }
  return proveRelationship({ executor: input.executor, asker: input.asker, block, relationship, target, log: input.log });
}

async function proveDatasets(input: ProveKeysInput): Promise<DatasetProof[]> {
  const datasets: DatasetProof[] = [];
  for (const target of proofTargets(input.manifest, input.blocks)) {
    if ('missing' in target) {
      datasets.push({
        block: target.missing,
        keys: [],
        status: 'error',
        error: { code: 'BLOCK_NOT_FOUND', message: `No block answers to ${target.missing}.` },
      });
    } else datasets.push(await proveOne(input, target.block));
  }
  return datasets;
}

async function validateJoins(input: ProveKeysInput): Promise<RelationshipProof[]> {
  const out: RelationshipProof[] = [];
  for (const target of joinTargets(input.manifest, input.relationships))
    out.push('missing' in target ? notDeclared(target.missing) : await validateOne(input, target));
  return out;
}

const named = (list: readonly string[] | undefined): boolean => list !== undefined && list.length > 0;

/** Proves the keys asked for, one proof after another: the blocks' keys, then the relationships. */
export async function proveKeys(input: ProveKeysInput): Promise<KeyProofResults> {
  const onlyJoins = named(input.relationships) && !named(input.blocks);
  const onlyBlocks = named(input.blocks) && !named(input.relationships);
  const datasets = onlyJoins ? [] : await proveDatasets(input);
  const relationships = onlyBlocks ? [] : await validateJoins(input);
  const ok = datasets.every((d) => d.status === 'passed') && relationships.every((r) => r.status === 'passed');
  return { ok, datasets, relationships };
}
