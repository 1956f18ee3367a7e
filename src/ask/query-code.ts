/**
 * A block's query as its engine runs it, for readings by pattern (period-event, param-columns):
 * comments and the insides of string literals are blanked to spaces with every offset kept, so a
 * date column named in a comment or a word inside a string is never read as code. `${name}`
 * placeholders stay as written, inside a string too. Read with the dialect lexer; a query it
 * cannot read is taken as written.
 */
import { lexStatement, type SqlToken } from '../../grammar/sql/index.js';
import { sameLengthParams } from '../compiler/analyze/sql.js';
import type { CompiledBlock } from '../compiler/types.js';

const PLACEHOLDER = /\$\{\s*[A-Za-z_][A-Za-z0-9_]*\s*\}/g;
const CODE = new WeakMap<CompiledBlock, string>();
const TOKENS = new WeakMap<CompiledBlock, readonly SqlToken[] | undefined>();

/** The block's query as its dialect lexer reads it (offsets are the query's), or undefined where it cannot. */
export function queryTokens(block: CompiledBlock): readonly SqlToken[] | undefined {
  if (TOKENS.has(block)) return TOKENS.get(block);
  let tokens: readonly SqlToken[] | undefined;
  try {
    tokens = lexStatement(sameLengthParams(block.query), block.dialect);
  } catch {
    tokens = undefined;
  }
  TOKENS.set(block, tokens);
  return tokens;
}

/** The block's query with comments and string contents blanked; the same length as the query. */
export function queryCode(block: CompiledBlock): string {
  let code = CODE.get(block);
  if (code === undefined) {
    code = blanked(block.query, queryTokens(block));
    CODE.set(block, code);
  }
  return code;
}

function blanked(query: string, tokens: readonly SqlToken[] | undefined): string {
  if (tokens === undefined) return query;
  const out: string[] = query.split('').map((c) => (c === '\n' ? '\n' : ' '));
  for (const t of tokens) {
    // A string keeps its prefix and quotes (E'', N'', $$): only what it holds is blanked.
    const open = t.kind === 'string' ? t.start + Math.max(0, t.text.search(/['"$`]/)) : t.end;
    for (let i = t.start; i < t.end; i++) if (i <= open || i === t.end - 1) out[i] = query[i] as string;
  }
  for (const m of query.matchAll(PLACEHOLDER)) for (let i = m.index; i < m.index + m[0].length; i++) out[i] = query[i] as string;
  return out.join('');
}
