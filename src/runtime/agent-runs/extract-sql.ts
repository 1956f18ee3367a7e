/**
 * Reading a model's reply: the SQL it wrote (a ```sql fenced block, else the only fenced block,
 * else the whole content) or its statement that the question cannot be answered from this data
 * (`CANNOT_ANSWER: <reason>`, as the prompt asks). A reply in words with no SQL is said to be
 * so (no-sql); anything else is unreadable and fails closed.
 * The SQL is only extracted here; the statement check still decides whether it may run.
 */

export type ModelReply = { kind: 'sql'; sql: string } | { kind: 'declined'; reason: string } | { kind: 'no-sql' } | { kind: 'unreadable' };

/**
 * Unfenced text is taken as SQL only when it begins as a statement (a read, or a write the
 * statement check will refuse as one); otherwise it is prose.
 */
const STATEMENT_START =
  /^\s*(?:\(|(?:select|with|values|table|from|explain|show|describe|desc|summarize|pivot|unpivot|insert|update|delete|merge|create|drop|alter|truncate|grant|revoke|copy|attach|detach|call|exec|execute|set|pragma|begin|load|install|export|import|use)\b)/i;

const FENCE = /```([A-Za-z0-9_-]*)[^\S\n]*\n([\s\S]*?)```/g;
const DECLINE = /^\s*CANNOT_ANSWER\b[:\s-]*([\s\S]*)$/;
/** Declined reasons are shown to the person; a long one is cut, never passed whole. */
const MAX_REASON = 300;

/** Trims whitespace and trailing semicolons: one statement, as a block query holds it. */
export function normaliseSql(sql: string): string {
  return sql
    .trim()
    .replace(/(\s*;)+$/, '')
    .trim();
}

function fencedBlocks(content: string): Array<{ lang: string; body: string }> {
  const out: Array<{ lang: string; body: string }> = [];
  for (const m of content.matchAll(FENCE)) out.push({ lang: (m[1] ?? '').toLowerCase(), body: m[2] ?? '' });
  return out;
}

/** Declined reason text, single-line and bounded. */
function reasonText(raw: string): string {
  const one = raw.replace(/\s+/g, ' ').trim();
  if (one === '') return 'The model found no data in this project that answers the question.';
  return one.length > MAX_REASON ? `${one.slice(0, MAX_REASON - 1)}…` : one;
}

/** What the reply says: SQL, a decline, or nothing usable. */
export function readModelReply(content: string): ModelReply {
  const declined = DECLINE.exec(content);
  if (declined !== null) return { kind: 'declined', reason: reasonText(declined[1] ?? '') };
  const blocks = fencedBlocks(content);
  const chosen = blocks.find((b) => b.lang === 'sql') ?? (blocks.length === 1 ? blocks[0] : undefined);
  if (blocks.length > 0 && chosen === undefined) return { kind: 'unreadable' };
  const sql = normaliseSql(chosen === undefined ? content : chosen.body);
  if (sql === '') return { kind: 'unreadable' };
  if (DECLINE.test(sql)) return { kind: 'declined', reason: reasonText(DECLINE.exec(sql)?.[1] ?? '') };
  // A reply in words, no fence and no statement, is not SQL the check should judge.
  if (chosen === undefined && !STATEMENT_START.test(sql)) return { kind: 'no-sql' };
  return { kind: 'sql', sql };
}
