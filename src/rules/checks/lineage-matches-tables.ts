/**
 * `lineage-matches-tables`: the block's declared `sourceSystems` agree with the tables its SQL
 * reads. A declared `shop.orders` matches a read `orders` (and the other way round), since
 * lineage names the system while SQL often names the bare table. `mode: "exact"` (default)
 * also fails on declared systems the SQL never reads (stale lineage); `"covers"` only asks that
 * every table read is declared. SQL whose tables could not be read fails: unverifiable
 * lineage is not matching lineage.
 *
 *   { "kind": "lineage-matches-tables" }
 */
import { checkSchema, defineCheck, failed, passed } from '../check-kit/check.js';

interface Options {
  mode?: 'exact' | 'covers';
}

/** Lower-cased, identifier quotes removed: `"Shop".[Orders]` -> `shop.orders`. */
export function normaliseTable(name: string): string {
  return name
    .replace(/["`[\]]/g, '')
    .trim()
    .toLowerCase();
}

/** True when one name equals the other or is the other with a schema/system prefix. */
export function sameTable(a: string, b: string): boolean {
  const x = normaliseTable(a);
  const y = normaliseTable(b);
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`);
}

export default defineCheck<Options>({
  kind: 'lineage-matches-tables',
  description: 'Declared sourceSystems match the tables the SQL reads.',
  optionsSchema: checkSchema('lineage-matches-tables', {
    mode: { enum: ['exact', 'covers'], description: 'Same tables both ways, or reads all declared.' },
  }),
  evaluate(options, facts) {
    const declared = facts.block?.sourceSystems ?? [];
    const unreadable = facts.tables === undefined && facts.block?.tablesFrom === 'none';
    const tables = facts.tables ?? facts.block?.tables ?? [];
    const undeclared = tables.filter((t) => !declared.some((d) => sameTable(d, t)));
    const unused = declared.filter((d) => !tables.some((t) => sameTable(d, t)));
    const data = {
      declared: declared.join(', '),
      tables: unreadable ? '(unreadable SQL)' : tables.join(', '),
      undeclared: undeclared.join(', '),
      unused: unused.join(', '),
    };
    if (unreadable || facts.block === undefined) return failed(data);
    const ok = undeclared.length === 0 && (options.mode === 'covers' || unused.length === 0);
    return ok ? passed(data) : failed(data);
  },
});
