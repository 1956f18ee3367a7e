/**
 * The statement of a complete-source grain proof: the block's own statement (parameters bound as
 * it binds them) read whole inside a subquery, grouped by its keys, and counted, so the engine
 * reads every row and only four counts come back, never a row or a key value. Each key is a
 * quoted column name (grain.ts allows only letters, digits and `_`, so quoting needs no escape).
 *
 * No `WITH` at the top: a host's row policy may narrow a statement by putting its own `WITH`
 * in front, as it does for any other statement.
 */

/** Result columns of the proof statement, in order. */
export const PROOF_COLUMNS = ['row_count', 'distinct_key_count', 'null_key_count', 'duplicate_key_count'] as const;

/** The block's statement without a trailing `;`, ended by a line break so a closing line comment cannot swallow the subquery's end. */
export function innerStatement(sql: string): string {
  return `${sql.trim().replace(/;+\s*$/, '')}\n`;
}

/** The proof statement over `sql` for `keys` (at least one, each a column name). */
export function proofStatement(sql: string, keys: readonly string[]): string {
  const columns = keys.map((k) => `"${k}"`);
  const anyNull = columns.map((c) => `${c} IS NULL`).join(' OR ');
  const list = columns.join(', ');
  return [
    'SELECT',
    '  COALESCE(SUM(svc_rows), 0) AS row_count,',
    `  COALESCE(SUM(CASE WHEN ${anyNull} THEN 0 ELSE 1 END), 0) AS distinct_key_count,`,
    `  COALESCE(SUM(CASE WHEN ${anyNull} THEN svc_rows ELSE 0 END), 0) AS null_key_count,`,
    `  COALESCE(SUM(CASE WHEN ${anyNull} THEN 0 WHEN svc_rows > 1 THEN 1 ELSE 0 END), 0) AS duplicate_key_count`,
    `FROM (SELECT ${list}, COUNT(*) AS svc_rows FROM (`,
    innerStatement(sql),
    `) svc_source GROUP BY ${list}) svc_keys`,
  ].join('\n');
}
