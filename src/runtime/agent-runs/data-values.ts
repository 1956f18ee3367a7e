/**
 * The values the data holds for the columns that string parameters of answering blocks filter
 * (param-columns.ts), read once when an Ask surface opens, so a value from a question is bound
 * as the data spells it ("sales" -> "Sales", "zurich" -> "Zürich") and a value the data does
 * not hold is named rather than bound to an empty answer. One `SELECT DISTINCT` per column,
 * through the one executor like every statement; a column with more distinct values than
 * MAX_VALUES is an open set (names, ids) and is not loaded, and a column that cannot be read
 * is skipped: its values are then bound as the question wrote them.
 */

import { type ParamColumn, paramColumns } from '../../ask/param-columns.js';
import { projectGate, projectTermGate, projectViewGate } from '../../ask/project-gate.js';
import { createTier1Router } from '../../ask/route-tier1.js';
import type { Tier1Router } from '../../ask/types.js';
import type { DataValues } from '../../ask/value-lexicon.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { Manifest } from '../../compiler/types.js';
import type { BlockGate } from '../../rules/gates/answer-gate.js';
import type { Executor } from '../../warehouse/types.js';

/** More distinct values than this and a column is not a set of categories. */
export const MAX_VALUES = 500;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;

interface Target extends ParamColumn {
  connection: string;
}

/** Distinct (connection, table, column) targets of the blocks the gate lets answer. */
function targets(manifest: Manifest, gate: BlockGate): Target[] {
  const seen = new Map<string, Target>();
  for (const block of Object.values(manifest.blocks)) {
    if (!gate(block).certified) continue;
    for (const c of paramColumns(block)) {
      const key = `${block.connection}\u0000${c.table}\u0000${c.column}\u0000${c.param}`;
      if (IDENT.test(c.table) && IDENT.test(c.column)) seen.set(key, { ...c, connection: block.connection });
    }
  }
  return [...seen.values()];
}

async function valuesOf(executor: Executor, t: Target): Promise<string[] | undefined> {
  // Identifiers are checked against IDENT above, so splicing them cannot change the statement's shape.
  const sql = `SELECT DISTINCT ${t.column} AS v FROM ${t.table} WHERE ${t.column} IS NOT NULL LIMIT ${MAX_VALUES + 1}`;
  try {
    const r = await executor.execute({
      asker: undefined,
      sql,
      params: [],
      connection: t.connection,
      origin: 'platform',
      deadlineMs: 5_000,
      maxRows: MAX_VALUES + 1,
    });
    if (r.rows.length > MAX_VALUES || r.truncated) return undefined;
    return r.rows.map((row) => row['v']).filter((v): v is string => typeof v === 'string' && v !== '');
  } catch {
    return undefined;
  }
}

/** Parameter name -> the values its columns hold, merged over blocks, sorted. */
export async function loadDataValues(manifest: Manifest, executor: Executor, gate: BlockGate): Promise<DataValues> {
  const out = new Map<string, Set<string>>();
  for (const t of targets(manifest, gate)) {
    const values = await valuesOf(executor, t);
    if (values === undefined) continue;
    const set = out.get(t.param) ?? new Set<string>();
    for (const v of values) set.add(v);
    out.set(t.param, set);
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

/** The Tier-1 router of a project opened for asking: its answer gate, and the data's values loaded. */
export async function dataAwareRouter(
  manifest: Manifest,
  config: Pick<SvcConfig, 'rules'>,
  executor: Executor,
): Promise<{ router: Tier1Router; values: DataValues }> {
  const gate = projectGate(manifest, config);
  const values = await loadDataValues(manifest, executor, gate);
  return { router: createTier1Router(manifest, { gate, termGate: projectTermGate(config), viewGate: projectViewGate(config), values }), values };
}
