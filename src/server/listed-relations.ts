/**
 * What a table the schema routes list reads, as the engine's catalog resolves it, for the host's
 * `columnsVisible`: the listed name is the catalog's own spelling, so it is quoted (its case
 * kept where the engine keeps a quoted name's case) and read through the executor's one resolver,
 * which the row policy hears names from too. An executor without that resolver names it by the
 * connection's defaults alone.
 */
import { resolveConnection, type SvcConfig } from '../compiler/project/config.js';
import type { Asker } from '../hooks/context/request-context.js';
import { relationOf } from '../hooks/relation-names.js';
import type { ListedRelations } from '../hooks/visible-columns.js';
import type { Executor } from '../warehouse/types.js';

/** A catalog name written as one quoted name of `driver`'s dialect. */
function quotedName(name: string, driver: string): string {
  return driver === 'mysql' ? `\`${name.replaceAll('`', '``')}\`` : `"${name.replaceAll('"', '""')}"`;
}

/** Reads, when called, what the table listed as `table` on `connection` resolves to. */
export function listedRelations(
  executor: Executor,
  config: SvcConfig | undefined,
  asker: Asker,
  table: string,
  connection: string | undefined,
): () => Promise<ListedRelations> {
  return async () => {
    const named = resolveConnection(config, connection);
    if (executor.resolveRelations === undefined) return { relations: [relationOf(table, named.driver, config?.connections?.[named.name])], views: [] };
    const request = { asker, ...(connection !== undefined ? { connection } : {}) };
    return executor.resolveRelations(`SELECT * FROM ${quotedName(table, named.driver)}`, request);
  };
}
