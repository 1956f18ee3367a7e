/**
 * Which column of which table a block's string parameter filters: `c.state = ${state}`,
 * `${region} = o.region`, `lower(p.category) = lower(${category})`, `x IN (${x})`. With the
 * table known, the values the data holds for that column can be looked up, so a value taken
 * from a question is bound in the data's own spelling. Read from the query text only; a
 * parameter used any other way has no column here (its value is bound as the question wrote it).
 */
import type { CompiledBlock } from '../compiler/types.js';

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
  const clause = new RegExp(`\\b(?:from|join)\\s+(${NAME}(?:\\.${NAME})?)(?:\\s+(?:as\\s+)?(${NAME}))?`, 'gi');
  for (const m of query.matchAll(clause)) {
    const table = (m[1] ?? '').toLowerCase();
    out.set(table, table);
    const alias = (m[2] ?? '').toLowerCase();
    if (alias !== '' && !/^(on|where|join|left|right|inner|outer|full|cross|group|order|limit|using)$/.test(alias)) out.set(alias, table);
  }
  return out;
}

function locate(block: CompiledBlock, ref: string): { table: string; column: string } | undefined {
  const [first = '', second] = ref.toLowerCase().split('.');
  if (second !== undefined) {
    const table = aliases(block.query).get(first);
    return table === undefined ? undefined : { table, column: second };
  }
  // An unqualified column belongs to the one table the query reads, when it reads one.
  return block.tables.length === 1 ? { table: block.tables[0] as string, column: first } : undefined;
}

/** The filtered column of each string parameter whose use the query text shows. */
export function paramColumns(block: CompiledBlock): ParamColumn[] {
  const out: ParamColumn[] = [];
  for (const p of block.params) {
    if (p.type !== 'string') continue;
    for (const re of patterns(p.name)) {
      const ref = re.exec(block.query)?.[1];
      const at = ref === undefined ? undefined : locate(block, ref);
      if (at === undefined) continue;
      out.push({ param: p.name, ...at });
      break;
    }
  }
  return out;
}
