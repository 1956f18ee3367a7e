/**
 * Writes an engine's catalog reading as src/rules/statement-check/allow/<engine>.catalog.json:
 * names lower case, entries sorted by name, one entry a line so a regenerated file diffs line by
 * line. `functions`, `tableFunctions` and `relations` hold what the engine's catalog marks
 * harmless (each generator's header says by which rule); `unmarked` holds what the catalog
 * lists without that mark, for the reviewer who writes ADDED in <engine>.ts.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const ALLOW_DIR = join(here, '..', '..', 'src', 'rules', 'statement-check', 'allow');

/** Entries sorted by name (then kind), duplicates dropped. */
export function sortEntries(entries) {
  const seen = new Set();
  const out = [];
  for (const entry of [...entries].sort((a, b) => (a.name === b.name ? String(a.kind).localeCompare(String(b.kind)) : a.name < b.name ? -1 : 1))) {
    const key = JSON.stringify(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return out;
}

function list(entries, indent) {
  if (entries.length === 0) return '[]';
  const pad = ' '.repeat(indent);
  return `[\n${sortEntries(entries)
    .map((e) => `${pad}  ${JSON.stringify(e)}`)
    .join(',\n')}\n${pad}]`;
}

/**
 * `catalog`: { engine, version, generatedBy, rule, functions, tableFunctions, relations, unmarked:
 * { functions, tableFunctions }, ...more top-level facts }. Returns the path written.
 */
export function writeCatalog(catalog) {
  const { functions, tableFunctions, relations, unmarked, ...head } = catalog;
  const top = Object.entries(head).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  const body = [
    ...top,
    `  "functions": ${list(functions, 2)}`,
    `  "tableFunctions": ${list(tableFunctions, 2)}`,
    `  "relations": ${list(relations, 2)}`,
    `  "unmarked": {\n    "functions": ${list(unmarked.functions, 4)},\n    "tableFunctions": ${list(unmarked.tableFunctions, 4)}\n  }`,
  ];
  const path = join(ALLOW_DIR, `${catalog.engine}.catalog.json`);
  writeFileSync(path, `{\n${body.join(',\n')}\n}\n`);
  const counts = `${functions.length} functions, ${tableFunctions.length} table functions, ${relations.length} relations`;
  process.stderr.write(`${catalog.engine} ${catalog.version}: ${counts} -> ${path}\n`);
  return path;
}

/**
 * Folds catalog rows (one per overload) into one entry per lower-case name: `fold(rows)` gives
 * the entry's fields from all rows of that name.
 */
export function byName(rows, fold) {
  const groups = new Map();
  for (const row of rows) {
    const name = String(row.name).toLowerCase();
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return [...groups].map(([name, group]) => ({ name, ...fold(group) }));
}

/** The distinct values of `field` over `rows`, sorted, as one value when there is only one. */
export function distinct(rows, field) {
  const values = [...new Set(rows.map((r) => r[field]))].sort();
  return values.length === 1 ? values[0] : values;
}
