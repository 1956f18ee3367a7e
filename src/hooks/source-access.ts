/**
 * Which certified sources a person may use (spec 02 `sourceAccess`, spec 03 "Answers, figures
 * and sources" 3). The host is told the certified blocks by their App dataset id
 * (`app:block:<domain>:<hash>`, the hash naming the block's file and name) and answers the ids it
 * allows; either that id or `block:<domain>.<name>` admits a block. A throw, a time-out or an
 * answer that is not a list of ids allows none. Without the hook every source is allowed.
 */
import { createHash } from 'node:crypto';
import type { CompiledBlock, Manifest } from '../compiler/types.js';
import { askHost } from './ask-host.js';
import type { Asker } from './context/request-context.js';
import { type RelationName, relationNamesOrNone } from './relation-names.js';

/** `block:<domain>.<name>`: how answers and audit events name a block. */
export function blockSourceId(block: Pick<CompiledBlock, 'id'>): string {
  return `block:${block.id}`;
}

/** Ids worked out per compiled block object (every Ask answered by a block names it twice), with what each was worked out from. */
const appIds = new WeakMap<object, { from: string; id: string }>();

/** `app:block:<domain>:<hash>`: the block as an App dataset, stable while its file and name are. */
export function appBlockSourceId(block: Pick<CompiledBlock, 'domain' | 'name' | 'file'>): string {
  const from = `${block.domain}\u0000${block.file}#${block.name}`;
  const known = appIds.get(block);
  if (known?.from === from) return known.id;
  const hash = createHash('sha256').update(`${block.file}#${block.name}`).digest('hex').slice(0, 16);
  const id = `app:block:${block.domain}:${hash}`;
  appIds.set(block, { from, id });
  return id;
}

/** The sources an answer from `block` names: both of its ids. */
export function blockSources(block: CompiledBlock): string[] {
  return [blockSourceId(block), appBlockSourceId(block)];
}

const isCertified = (b: CompiledBlock) => b.effectiveStatus === 'certified';
/** A block's query as it runs: each `${param}` is a bound placeholder. */
const asStatement = (query: string) => query.replace(/\$\{[^}]*\}/g, '?');

/** The certified blocks of a manifest and their App dataset ids, worked out once per manifest. */
interface Certified {
  certified: CompiledBlock[];
  ids: string[];
  /** Per id, the relations the block's query reads as the engine resolves them (spec 02: hooks compare resolved names). */
  relations: Record<string, RelationName[]>;
}
const certifiedIds = new WeakMap<Manifest, Certified>();
function certifiedOf(manifest: Manifest): Certified {
  let known = certifiedIds.get(manifest);
  if (known === undefined) {
    const certified = Object.values(manifest.blocks).filter(isCertified);
    const ids = certified.map(appBlockSourceId);
    const relations = Object.fromEntries(
      certified.map((b, i) => [ids[i] as string, relationNamesOrNone(asStatement(b.query), b.dialect).map(({ name, written }) => ({ name, written }))]),
    );
    known = { certified, ids, relations };
    certifiedIds.set(manifest, known);
  }
  return known;
}

function idsOf(value: unknown): Set<string> | undefined {
  if (typeof value === 'string' || value === null || typeof value !== 'object' || !(Symbol.iterator in value)) return undefined;
  const ids = [...(value as Iterable<unknown>)];
  return ids.every((id) => typeof id === 'string') ? new Set(ids as string[]) : undefined;
}

/**
 * The ids of the certified blocks of `manifest` the asker may use, or undefined when
 * there is no one to ask (every source allowed).
 */
export async function admittedBlocks(asker: Asker, manifest: Manifest): Promise<Set<string> | undefined> {
  // Every Ask passes here: without the hook nothing of the manifest is read.
  if (asker?.host?.hooks.sourceAccess === undefined) return undefined;
  const { certified, ids, relations } = certifiedOf(manifest);
  const answer = await askHost(
    asker,
    'sourceAccess',
    [[...ids], { relations: structuredClone(relations) }],
    (v): v is Iterable<string> => idsOf(v) !== undefined,
  );
  if (answer.kind === 'absent') return undefined;
  if (answer.kind !== 'ok') return new Set();
  const allowed = idsOf(answer.value) ?? new Set<string>();
  return new Set(certified.filter((b, i) => allowed.has(ids[i] ?? '') || allowed.has(blockSourceId(b))).map((b) => b.id));
}

/** `manifest` without the certified blocks not in `admitted`: the vocabulary Ask builds from. */
export function admittedManifest(manifest: Manifest, admitted: Set<string>): Manifest {
  const blocks = Object.fromEntries(Object.entries(manifest.blocks).filter(([id, b]) => !isCertified(b) || admitted.has(id)));
  return { ...manifest, blocks };
}
