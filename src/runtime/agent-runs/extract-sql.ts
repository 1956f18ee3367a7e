/**
 * Reading a model's reply: the SQL it wrote (a ```sql fenced block, else the only fenced block,
 * else the whole content) or its statement that the question cannot be answered from this data
 * (`CANNOT_ANSWER: <reason>`, as the prompt asks). Anything else is unreadable and fails closed.
 * The SQL is only extracted here; the statement check still decides whether it may run.
 */

export type ModelReply = { kind: 'sql'; sql: string } | { kind: 'declined'; reason: string } | { kind: 'unreadable' };

const FENCE = /```([A-Za-z0-9_-]*)[^\S\n]*\n([\s\S]*?)```/g;
const DECLINE = /^\s*CANNOT_ANSWER\b[:\s-]*([\s\S]*)$/;
/** Declined reasons are shown to the person; a long one is cut, never passed whole. */
const MAX_REASON = 300;

/** Trims whitespace and trailing semicolons: one statement, as a block query holds it. */
export function normaliseSql(sql: string): string {
  return sql.trim().replace(/(\s*;)+$/, '').trim();
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
  return { kind: 'sql', sql };
}
