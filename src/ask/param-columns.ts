/**
 * Which column of which table a block's string parameter filters: `c.state = ${state}`,
 * `${region} = o.region`, `lower(p.category) = lower(${category})`, `x IN (${x})`. With the
 * table known, the values the data holds for that column can be looked up, so a value taken
 * from a question is bound in the data's own spelling. Read from the query text only; a
 * parameter used any other way has no column here (its value is bound as the question wrote it).
 */
import type { CompiledBlock } from '../compiler/types.js';
import { queryCode } from './query-code.js';

export interface ParamColumn {
  param: string;
  table: string;
  column: string;
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';
const REF = `(${NAME}(?:\\.${NAME})?)`;

function patterns(param: string): RegExp[] {
  const p = `\\$\\{\\s*${param}\\s*\\}`;
  return [
    new RegExp(`${REF}\\s*(?:=|\\bin\\s*\\(|\\blike\\b)\\s*${p}`, 'i'),
    new RegExp(`${p}\\s*=\\s*${REF}`, 'i'),
    new RegExp(`(?:lower|upper)\\s*\\(\\s*${REF}\\s*\\)\\s*=\\s*(?:lower|upper)\\s*\\(\\s*${p}\\s*\\)`, 'i'),
  ];
}

/** alias -> table for the FROM and JOIN clauses (a table is also its own alias). */
function aliases(query: string): Map<string, string> {
  const out = new Map<string, string>();
  // A keyword after the table is no alias, and is left unread so "FROM a JOIN b" finds b too.
  const keyword = '(?:on|where|join|left|right|inner|outer|full|cross|group|order|limit|using)\\b';
  const clause = new RegExp(`\\b(?:from|join)\\s+(${NAME}(?:\\.${NAME})?)(?:\\s+(?:as\\s+)?(?!${keyword})(${NAME}))?`, 'gi');
  for (const m of query.matchAll(clause)) {
    const table = (m[1] ?? '').toLowerCase();
    out.set(table, table);
    const alias = (m[2] ?? '').toLowerCase();
    if (alias !== '') out.set(alias, table);
  }
  return out;
}

/**
 * The one table the SELECT holding position `at` reads, when it reads one: `WITH b AS (SELECT code
 * FROM brokers WHERE broker_name = ${broker_name})` filters brokers, whatever else the query reads.
 */
function scopeTable(query: string, at: number, tables: readonly string[]): string | undefined {
  const before = query.slice(0, at);
  const select = before.search(/\bselect\b(?![\s\S]*\bselect\b)/i);
  if (select < 0) return undefined;
  const read = [...new Set(aliases(before.slice(select)).values())];
  const known = read.filter((t) => tables.some((x) => x.toLowerCase() === t || x.toLowerCase().endsWith(`.${t}`)));
  return known.length === 1 && read.length === 1 ? known[0] : undefined;
}

function locate(block: CompiledBlock, ref: string, at: number): { table: string; column: string } | undefined {
  const [first = '', second] = ref.toLowerCase().split('.');
  if (second !== undefined) {
    const table = aliases(queryCode(block)).get(first);
    return table === undefined ? undefined : { table, column: second };
  }
  // An unqualified column belongs to the one table the query reads, when it reads one, else to
  // the one table of the SELECT that compares it.
  if (block.tables.length === 1) return { table: block.tables[0] as string, column: first };
  const table = scopeTable(queryCode(block), at, block.tables);
  return table === undefined ? undefined : { table, column: first };
}

/** The filtered column of each string parameter whose use the query text shows. */
export function paramColumns(block: CompiledBlock): ParamColumn[] {
  const out: ParamColumn[] = [];
  for (const p of block.params) {
    if (p.type !== 'string') continue;
    for (const re of patterns(p.name)) {
      const m = re.exec(queryCode(block));
      const ref = m?.[1];
      const at = ref === undefined || m === null ? undefined : locate(block, ref, m.index);
      if (at === undefined) continue;
      out.push({ param: p.name, ...at });
      break;
    }
  }
  return out;
}
