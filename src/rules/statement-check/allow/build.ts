/**
 * An allow list built from an engine's catalog reading (`<engine>.catalog.json`, written by
 * `scripts/allow-lists/<engine>.mjs`) and a reviewed delta: what the catalog marks harmless,
 * minus LEFT_OUT (each with the engine fact why), plus ADDED (each with the fact why it is
 * harmless though the catalog does not say so). Names come out lower case, unqualified (for
 * functions) and sorted.
 */
import type { AllowList } from './types.js';

/** One name the catalog lists, with the catalog's own flags for it. */
export interface CatalogEntry {
  readonly name: string;
  readonly kind?: unknown;
  readonly [flag: string]: unknown;
}

/** What `scripts/allow-lists/<engine>.mjs` writes. */
export interface CatalogFile {
  readonly engine: string;
  readonly version: string;
  readonly generatedBy: string;
  /** The catalog's mark of a harmless entry, in words. */
  readonly rule: string;
  readonly functions: readonly CatalogEntry[];
  readonly tableFunctions: readonly CatalogEntry[];
  readonly relations: readonly CatalogEntry[];
  /** Listed by the catalog without its mark: what a reviewer reads before adding a name. */
  readonly unmarked: { readonly functions: readonly CatalogEntry[]; readonly tableFunctions: readonly CatalogEntry[] };
  /** PostgreSQL: the extensions created before the catalog was read. */
  readonly extensions?: readonly string[];
  /** ClickHouse: the aggregate function combinators (If, Array, State, ...). */
  readonly combinators?: readonly string[];
}

/** Name (or `prefix*`) -> the engine fact why it is left out, whatever list it is in. */
export type LeftOut = Readonly<Record<string, string>>;

/** Name -> the fact why it is harmless though the catalog does not mark it, per list. */
export interface Added {
  readonly functions?: Readonly<Record<string, string>>;
  readonly tableFunctions?: Readonly<Record<string, string>>;
  readonly relations?: Readonly<Record<string, string>>;
}

/** The LEFT_OUT key that covers `name` (itself, or a `prefix*` it starts with). */
export function leftOutKey(leftOut: LeftOut, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (Object.hasOwn(leftOut, lower)) return lower;
  return Object.keys(leftOut).find((key) => key.endsWith('*') && lower.startsWith(key.slice(0, -1)));
}

/** The last part of a dotted function name, lower case. */
function unqualified(name: string): string {
  const lower = name.toLowerCase();
  return lower.slice(lower.lastIndexOf('.') + 1);
}

function oneList(entries: readonly CatalogEntry[], added: Readonly<Record<string, string>> | undefined, leftOut: LeftOut, qualify: boolean): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    const name = qualify ? entry.name.toLowerCase() : unqualified(entry.name);
    if (leftOutKey(leftOut, name) === undefined) names.add(name);
  }
  for (const name of Object.keys(added ?? {})) names.add(qualify ? name.toLowerCase() : unqualified(name));
  return [...names].sort();
}

/** Catalog-harmless names minus LEFT_OUT, plus ADDED (ADDED wins over a LEFT_OUT pattern). */
export function allowListFrom(catalog: CatalogFile, leftOut: LeftOut, added: Added): AllowList {
  return {
    functions: oneList(catalog.functions, added.functions, leftOut, false),
    tableFunctions: oneList(catalog.tableFunctions, added.tableFunctions, leftOut, false),
    relations: oneList(catalog.relations, added.relations, leftOut, true),
  };
}

/** The names of every list, once each, sorted: how the vendor-reference lists join their families. */
export function sortedUnique(...lists: readonly (readonly string[])[]): readonly string[] {
  return [...new Set(lists.flat())].sort();
}
