/**
 * The statement of a relationship validation: both blocks' statements (parameters bound as each
 * binds them, the declaring block's first) read whole in one `UNION ALL` under one name per key,
 * grouped by key with each side's rows counted, then summed, so the engine reads every row of
 * both and only counts come back, never a row or a key value. Each block's statement appears
 * once, so its parameters are bound once and in order.
 *
 * Per side: rows, rows with any key column null, distinct keys (all columns set), keys held by
 * more than one row; and the orphans: keys of the declaring side the other side does not hold,
 * and the rows that hold them. Key columns are quoted names (compile-time checked to be letters,
 * digits and `_`, so quoting needs no escape).
 *
 * No `WITH` at the top: a host's row policy may put its own in front.
 */
import { innerStatement } from './proof-statement.js';

/** Result columns of the statement, in order. */
export const RELATIONSHIP_COLUMNS = [
  'from_row_count',
  'from_null_key_count',
  'from_distinct_key_count',
  'from_duplicate_key_count',
  'to_row_count',
  'to_null_key_count',
  'to_distinct_key_count',
  'to_duplicate_key_count',
  'orphan_key_count',
  'orphan_row_count',
] as const;

const sum = (when: string, then: string, name: string): string => `  COALESCE(SUM(CASE ${when} THEN ${then} ELSE 0 END), 0) AS ${name}`;

/** The counts of one side (`from` or `to`) over the grouped keys, given the any-null test. */
function sideCounts(side: 'from' | 'to', anyNull: string): string[] {
  const rows = `svc_${side}_rows`;
  return [
    `  COALESCE(SUM(${rows}), 0) AS ${side}_row_count`,
    sum(`WHEN ${anyNull}`, rows, `${side}_null_key_count`),
    sum(`WHEN ${anyNull} THEN 0 WHEN ${rows} > 0`, '1', `${side}_distinct_key_count`),
    sum(`WHEN ${anyNull} THEN 0 WHEN ${rows} > 1`, '1', `${side}_duplicate_key_count`),
  ];
}

/** One side's rows under the shared key names, marked as that side's. */
function sideRows(sql: string, keys: readonly string[], names: readonly string[], side: 'from' | 'to', alias: string): string {
  const columns = keys.map((k, i) => `"${k}" AS ${names[i]}`).join(', ');
  const marks = side === 'from' ? '1 AS svc_from, 0 AS svc_to' : '0 AS svc_from, 1 AS svc_to';
  return `  SELECT ${columns}, ${marks} FROM (\n${innerStatement(sql)}) ${alias}`;
}

/**
 * The validation statement of a join from `from.sql` (its `keys`) to `to.sql` (its `keys`, one
 * for each of the other side's, in order).
 */
export function relationshipStatement(from: { sql: string; keys: readonly string[] }, to: { sql: string; keys: readonly string[] }): string {
  const names = from.keys.map((_, i) => `svc_k${i + 1}`);
  const list = names.join(', ');
  const anyNull = names.map((n) => `${n} IS NULL`).join(' OR ');
  const orphan = `WHEN ${anyNull} THEN 0 WHEN svc_from_rows > 0 AND svc_to_rows = 0`;
  return [
    'SELECT',
    `${[...sideCounts('from', anyNull), ...sideCounts('to', anyNull), sum(orphan, '1', 'orphan_key_count'), sum(orphan, 'svc_from_rows', 'orphan_row_count')].join(',\n')}`,
    `FROM (SELECT ${list}, SUM(svc_from) AS svc_from_rows, SUM(svc_to) AS svc_to_rows FROM (`,
    sideRows(from.sql, from.keys, names, 'from', 'svc_a'),
    '  UNION ALL',
    sideRows(to.sql, to.keys, names, 'to', 'svc_b'),
    `) svc_sides GROUP BY ${list}) svc_keys`,
  ].join('\n');
}
