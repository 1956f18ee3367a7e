/**
 * Key proofs (spec 03 "Exports and key proofs" 3; `POST /api/keys/prove`, `svc keys prove`):
 * proves, as the asking person, the keys certified content declares. Each certified block with
 * grain keys runs the complete-source grain proof (grain-proof.ts) through the one query path;
 * `blocks` (ids, names or project-relative files) narrows it, else every certified block that
 * declares keys is proven. A named block that is not certified, declares no keys or does not
 * exist answers `status: 'error'` with a code and runs nothing. Relationship validation: svc's
 * projects declare no modeling joins, so a named relationship answers RELATIONSHIP_NOT_DECLARED.
 * `ok` is true when every proof passed. Each proof that ran keeps its evidence (proof-evidence.ts).
 */
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { Executor } from '../../warehouse/types.js';
import { proveGrain } from './grain-proof.js';
import { writeEvidence } from './proof-evidence.js';
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

function relationshipProof(id: string): RelationshipProof {
  const message = `No certified modeling join answers to ${id}: this project declares no joins, so none was validated.`;
  return { id, keys: [], cardinality: null, status: 'error', error: { code: 'RELATIONSHIP_NOT_DECLARED', message } };
}

/** Proves the keys asked for, one proof after another. */
export async function proveKeys(input: ProveKeysInput): Promise<KeyProofResults> {
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
  const relationships = [...new Set(input.relationships ?? [])].map(relationshipProof);
  const ok = datasets.every((d) => d.status === 'passed') && relationships.every((r) => r.status === 'passed');
  return { ok, datasets, relationships };
}
