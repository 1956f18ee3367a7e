/**
 * `columnsVisible` (spec 02 rule 14): the columns of a table the schema routes list for the
 * person. The hook is told each relation by the name the engine's catalog resolves it to (the
 * one resolver the row policy hears names from), so `orders`, a search_path's `hr.salaries` and
 * a quoted spelling are judged as the tables they are. A view is judged on the tables it reads:
 * the hook is asked once per table under it with the view's columns, and a column is listed only
 * when every answer keeps it. Only names the hook returns that the table has are kept (a hook
 * cannot add one); a throw, a late answer, anything but a list of names, or a catalog that
 * cannot be read lists none of the table's columns. Without the hook, or without a placed
 * person, every column is listed and nothing is resolved. The executor also reads the tables
 * under a view as only the columns this shows: stricter than rule 14 (listing only), kept so a
 * view never returns what its own listing hides (README, "Embedding svc in a platform").
 */

import { callHook } from './call-hook.js';
import type { Asker } from './context/request-context.js';
import type { RelationName } from './relation-names.js';

const isNames = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The relation as the hook is told it: resolved name, the route's spelling, and the view it is read through. */
export type VisibleRelation = RelationName & { view?: string };

/** What a listed name reads, from the engine's catalog: the tables under it and the views met on the way. */
export interface ListedRelations {
  relations: RelationName[];
  views: string[];
}

/** The relations the hook is asked about for a listed name; undefined when the catalog could not say. */
async function askedRelations(written: string, resolve: () => Promise<ListedRelations>): Promise<VisibleRelation[] | undefined> {
  let read: ListedRelations;
  try {
    read = await resolve();
  } catch {
    return undefined;
  }
  const view = read.views[0];
  if (view === undefined) return read.relations.length === 1 ? [{ name: (read.relations[0] as RelationName).name, written }] : undefined;
  const names = [...new Set(read.relations.map((r) => r.name))];
  return names.map((name) => ({ name, written, view }));
}

/**
 * The columns of the relation listed as `written` to show the asker; `resolve` reads what it
 * names from the engine's catalog, only when there is a hook to tell.
 */
export async function visibleColumns<C extends { name: string }>(
  asker: Asker,
  written: string,
  columns: readonly C[],
  resolve: () => Promise<ListedRelations>,
): Promise<C[]> {
  const context = asker;
  const hook = context?.host?.hooks.columnsVisible;
  const principal = context?.principal;
  if (hook === undefined || principal === undefined || context?.host === undefined) return [...columns];
  const host = context.host;
  const asked = await askedRelations(written, resolve);
  if (asked === undefined) return [];
  let kept = new Set(columns.map((c) => c.name));
  for (const relation of asked) {
    const outcome = await callHook<string[]>({
      name: 'columnsVisible',
      invoke: () => hook.call(host.hooks, principal, written, [...kept], { ...relation }),
      accept: isNames,
      timeoutMs: host.timeoutMs,
      log: host.log,
    });
    if (outcome.kind !== 'ok') return [];
    const allowed = new Set(outcome.value);
    kept = new Set([...kept].filter((name) => allowed.has(name)));
  }
  return columns.filter((c) => kept.has(c.name));
}
