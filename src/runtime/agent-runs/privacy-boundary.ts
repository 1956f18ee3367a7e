/**
 * The privacy boundary (spec 02 "Privacy boundary"): whether values from results, earlier
 * answers and their restrictions may reach a model. Every prompt that could carry such values
 * asks one function, `valuesMayReachProvider`, before it is built:
 * - with a host and its `isInBoundary`: that hook, told every table the values came from when
 *   all are known (named by the engine's catalog, `statementValuesMayReach`); anything but
 *   `true` (a throw included) is no;
 * - with a host without it: only a model on this machine (kind `local`, whose one base URL is
 *   loopback; model-provider.ts refuses any other address and never fails over);
 * - without a host: yes, as the single-user product always did.
 * When the answer is no, values travel as positional placeholders (`[value 1]`) and are put
 * back into what the model writes (`withheldValues`).
 */

import { catalogTables, type RelationResolver, type SourceStatement } from '../../hooks/catalog-tables.js';
import { errorReference } from '../../hooks/context/error-reference.js';
import type { Asker } from '../../hooks/context/request-context.js';
import type { ModelProvider } from './model-provider.js';

/** What `isInBoundary` is told of the model. */
export interface ModelIdentity {
  id: string;
  name: string;
  model?: string;
  baseUrl?: string;
}

/** The provider with the id the host chose it under (the project's own is `project`). */
export type ChosenProvider = ModelProvider & { readonly id?: string };

/** Whether result values may reach `provider`; `relations` when every table they came from is known. */
export function valuesMayReachProvider(asker: Asker, provider: ChosenProvider, context: { relations?: readonly string[] } = {}): boolean {
  const host = asker?.host;
  if (host === undefined) return true;
  const hook = host.hooks.isInBoundary;
  if (hook === undefined) return provider.kind === 'local';
  const model: ModelIdentity = { id: provider.id ?? 'project', name: provider.model, model: provider.model, baseUrl: provider.baseUrl };
  try {
    return hook.call(host.hooks, model, context.relations !== undefined ? { relations: [...context.relations] } : {}) === true;
  } catch (error) {
    host.log(`[${errorReference()}] host hook isInBoundary threw: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * Whether values read by `statements` may reach `provider`: with a host's `isInBoundary`, their
 * tables are first named as the engine's catalog resolves them (the names the row policy hears),
 * and the synchronous hook is told those; a table the catalog cannot name keeps the values from
 * the model without asking.
 */
export async function statementValuesMayReach(
  asker: Asker,
  provider: ChosenProvider,
  resolver: RelationResolver,
  statements: readonly SourceStatement[],
): Promise<boolean> {
  if (asker?.host?.hooks.isInBoundary === undefined) return valuesMayReachProvider(asker, provider);
  const relations = await catalogTables(resolver, asker, statements);
  return relations !== undefined && valuesMayReachProvider(asker, provider, { relations });
}

/** Values shown to a model as `[value N]`, and the SQL literal each stands for. */
export interface Withheld {
  /** The placeholder standing for each value, by the same keys. */
  shown: Record<string, string>;
  /** `text` with every spelling of a withheld value (any case) replaced by its placeholder. */
  mask(text: string): string;
  /** `sql` with every placeholder (quoted or bare) replaced by its value as a literal. */
  restore(sql: string, literal: (value: string | number | boolean) => string): string;
}

/** Replaces each value of `values` by a positional placeholder. */
export function withheldValues(values: Readonly<Record<string, string | number | boolean>>): Withheld {
  const entries = Object.entries(values);
  const shown = Object.fromEntries(entries.map(([key], i) => [key, `[value ${i + 1}]`]));
  // Longest first, so a value inside another is not masked in pieces.
  const spellings = entries
    .map(([key, value]) => [String(value), shown[key] as string] as const)
    .filter(([text]) => text !== '')
    .sort((a, b) => b[0].length - a[0].length);
  return {
    shown,
    mask(text) {
      let out = text;
      for (const [value, placeholder] of spellings) out = out.replace(new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), placeholder);
      return out;
    },
    restore(sql, literal) {
      return sql.replace(/'\[value (\d+)\]'|\[value (\d+)\]/g, (whole, quoted: string | undefined, bare: string | undefined) => {
        const entry = entries[Number(quoted ?? bare) - 1];
        return entry === undefined ? whole : literal(entry[1]);
      });
    },
  };
}
