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
import { runnableQuery } from './catalog-tables.js';
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

/** The certified blocks of a manifest and their App dataset ids, worked out once per manifest. */
interface Certified {
  certified: CompiledBlock[];
  ids: string[];
}
const certifiedIds = new WeakMap<Manifest, Certified>();
function certifiedOf(manifest: Manifest): Certified {
  let known = certifiedIds.get(manifest);
  if (known === undefined) {
    const certified = Object.values(manifest.blocks).filter(isCertified);
    known = { certified, ids: certified.map(appBlockSourceId) };
    certifiedIds.set(manifest, known);
  }
  return known;
}

/**
 * The relations a block's query reads on its connection as the engine's catalog resolves them
 * for the asker (views replaced by the tables they read): the one resolver the row policy hears
 * names from. Throws when the catalog cannot say.
 */
export type ResolveRelations = (sql: string, connection: string) => Promise<RelationName[]>;

/** Per id, the relations each certified block reads; a block whose relations could not be read is left out (and not admitted). */
async function relationsOf(certified: readonly CompiledBlock[], ids: readonly string[], resolve: ResolveRelations): Promise<Record<string, RelationName[]>> {
  const read = await Promise.all(certified.map((b) => resolve(runnableQuery(b.query), b.connection).catch(() => undefined)));
  const out: Record<string, RelationName[]> = {};
  read.forEach((relations, i) => {
    if (relations !== undefined) out[ids[i] as string] = relations.map(({ name, written }) => ({ name, written }));
  });
  return out;
}

function idsOf(value: unknown): Set<string> | undefined {
  if (typeof value === 'string' || value === null || typeof value !== 'object' || !(Symbol.iterator in value)) return undefined;
  const ids = [...(value as Iterable<unknown>)];
  return ids.every((id) => typeof id === 'string') ? new Set(ids as string[]) : undefined;
}

/**
 * The ids of the certified blocks of `manifest` the asker may use, or undefined when
 * there is no one to ask (every source allowed). A block whose relations the catalog could not
 * name is not admitted: the host could not judge what it reads.
 */
export async function admittedBlocks(asker: Asker, manifest: Manifest, resolve: ResolveRelations): Promise<Set<string> | undefined> {
  // Every Ask passes here: without the hook nothing of the manifest is read.
  if (asker?.host?.hooks.sourceAccess === undefined || asker.principal === undefined) return undefined;
  const { certified, ids } = certifiedOf(manifest);
  const relations = await relationsOf(certified, ids, resolve);
  const answer = await askHost(asker, 'sourceAccess', [[...ids], { relations }], (v): v is Iterable<string> => idsOf(v) !== undefined);
  if (answer.kind === 'absent') return undefined;
  if (answer.kind !== 'ok') return new Set();
  const allowed = idsOf(answer.value) ?? new Set<string>();
  const judged = (i: number) => Object.hasOwn(relations, ids[i] ?? '');
  return new Set(certified.filter((b, i) => judged(i) && (allowed.has(ids[i] ?? '') || allowed.has(blockSourceId(b)))).map((b) => b.id));
}

/** Resolves a block's relations through `executor`'s catalog for `asker`, or by the block's dialect alone when the executor cannot. */
export function blockRelations(
  executor: { resolveRelations?(sql: string, request: { asker: Asker; connection?: string }): Promise<{ relations: RelationName[] }> },
  asker: Asker,
  dialect: (connection: string) => string,
): ResolveRelations {
  return async (sql, connection) => {
    if (executor.resolveRelations === undefined) return relationNamesOrNone(sql, dialect(connection));
    return (await executor.resolveRelations(sql, { asker, connection })).relations;
  };
}

/** `manifest` without the certified blocks not in `admitted`: the vocabulary Ask builds from. */
export function admittedManifest(manifest: Manifest, admitted: Set<string>): Manifest {
  const blocks = Object.fromEntries(Object.entries(manifest.blocks).filter(([id, b]) => !isCertified(b) || admitted.has(id)));
  return { ...manifest, blocks };
}
