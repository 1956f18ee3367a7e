/**
 * `columnsVisible` (spec 02 rule 14): the columns of a table the schema routes list for the
 * person. Only names the hook returns that the table has are kept (a hook cannot add one); a
 * throw, a late answer or anything but a list of names lists none of the table's columns.
 * Without the hook, or without a placed person, every column is listed.
 */

import { callHook } from './call-hook.js';
import type { Asker } from './context/request-context.js';
import type { RelationName } from './relation-names.js';

const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The columns of `relation` to list for the asker; the hook is also told the relation as the engine resolves it. */
export async function visibleColumns<C extends { name: string }>(asker: Asker, relation: RelationName, columns: readonly C[]): Promise<C[]> {
  const context = asker;
  const hook = context?.host?.hooks.columnsVisible;
  const principal = context?.principal;
  if (hook === undefined || principal === undefined || context?.host === undefined) return [...columns];
  const host = context.host;
  const names = columns.map((c) => c.name);
  const outcome = await callHook<string[]>({
    name: 'columnsVisible',
    invoke: () => hook.call(host.hooks, principal, relation.written, [...names], relation),
    accept: isNames,
    timeoutMs: host.timeoutMs,
    log: host.log,
  });
  if (outcome.kind !== 'ok') return [];
  const allowed = new Set(outcome.value);
  return columns.filter((c) => allowed.has(c.name));
}
