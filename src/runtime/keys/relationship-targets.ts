/**
 * Which declared relationships a key proof validates: without names, every relationship a
 * certified block declares (by qualified id); with names, each name's relationships once, in the
 * order asked. A name is a qualified id (`<block id>.<name>`), else a block file (every
 * relationship its blocks declare), else a relationship name (every relationship of that name).
 * A name nothing answers to is kept as missing, so the answer can say so.
 */
import type { CompiledBlock, Manifest, Relationship } from '../../compiler/types.js';
import { relationshipId } from './relationship-proof.js';

export interface DeclaredJoin {
  id: string;
  block: CompiledBlock;
  relationship: Relationship;
}

export type JoinTarget = DeclaredJoin | { missing: string };

/** Every relationship the project's blocks declare, by qualified id. */
export function declaredJoins(manifest: Manifest): DeclaredJoin[] {
  const joins = Object.values(manifest.blocks).flatMap((block) =>
    (block.relationships ?? []).map((relationship) => ({ id: relationshipId(block, relationship), block, relationship })),
  );
  return joins.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function joinsNamed(all: readonly DeclaredJoin[], name: string): DeclaredJoin[] {
  const byId = all.filter((j) => j.id === name);
  if (byId.length > 0) return byId;
  const file = name.replace(/\\/g, '/').replace(/^\.\//, '');
  const byFile = all.filter((j) => j.block.file === file);
  return byFile.length > 0 ? byFile : all.filter((j) => j.relationship.name === name);
}

/** What to validate: the named relationships, else every one a certified block declares. */
export function joinTargets(manifest: Manifest, names: readonly string[] | undefined): JoinTarget[] {
  const all = declaredJoins(manifest);
  if (names === undefined || names.length === 0) return all.filter((j) => j.block.effectiveStatus === 'certified');
  const seen = new Set<string>();
  const out: JoinTarget[] = [];
  for (const name of names) {
    const found = joinsNamed(all, name);
    if (found.length === 0) out.push({ missing: name });
    for (const join of found.filter((j) => !seen.has(j.id))) {
      seen.add(join.id);
      out.push(join);
    }
  }
  return out;
}
