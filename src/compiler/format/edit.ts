/**
 * Small edits on a parsed declaration (or section), for commands that rewrite block files
 * and print them with formatBlockFile. Edits keep the comments of the nodes they touch.
 */
import type { Declaration, Field, Member, Section, Value } from '../../../grammar/block/ast.js';
import { fieldNode } from './values.js';

export type MemberContainer = Declaration | Section;

/** The key a member is known by: field key, section name, parameter name or `assert`. */
export function memberKey(member: Member): string {
  switch (member.kind) {
    case 'field':
      return member.key;
    case 'param':
    case 'section':
      return member.name;
    case 'assert':
      return 'assert';
  }
}

/** The first member named `key`, if any. */
export function findMember(container: MemberContainer, key: string): Member | undefined {
  return container.members.find((m) => memberKey(m) === key);
}

/**
 * Sets field `key` to `value`. An existing field keeps its place and comments (the old
 * value's comments move to the new value unless it brings its own); a new field goes after
 * the last existing field, before the sections that usually follow. Returns the field.
 */
export function setField(container: MemberContainer, key: string, value: Value): Field {
  const existing = container.members.find((m): m is Field => m.kind === 'field' && m.key === key);
  if (existing !== undefined) {
    const old = existing.value;
    if (value.leading.length === 0 && value.trailing.length === 0) {
      value.leading = old.leading;
      value.trailing = old.trailing;
    }
    existing.value = value;
    return existing;
  }
  const field = fieldNode(key, value);
  let at = 0;
  container.members.forEach((m, i) => {
    if (m.kind === 'field') at = i + 1;
  });
  container.members.splice(at, 0, field);
  return field;
}

/**
 * Removes every member named `key` and returns them. Their comments go with them unless
 * `keepComments` is set: then leading comments move to the next member (or the container's
 * dangling comments) and trailing ones become leading comments there too.
 */
export function removeMember(container: MemberContainer, key: string, opts: { keepComments?: boolean } = {}): Member[] {
  const removed: Member[] = [];
  for (let i = 0; i < container.members.length; ) {
    const member = container.members[i]!;
    if (memberKey(member) !== key) {
      i++;
      continue;
    }
    container.members.splice(i, 1);
    removed.push(member);
    if (opts.keepComments === true) {
      const moved = [...member.leading, ...member.trailing];
      const next = container.members[i];
      if (next !== undefined) next.leading = [...moved, ...next.leading];
      else container.dangling = [...moved, ...container.dangling];
    }
  }
  return removed;
}
