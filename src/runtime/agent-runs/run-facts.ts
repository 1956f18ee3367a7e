/**
 * The facts of an answered Ask, as the run store keeps them (run-store.ts): where its SQL came
 * from, its fingerprint and sha256, the tables it read, its sources, and its first table of at
 * most 500 rows. Written after the answer, never holding it up: a store that fails costs the
 * facts only.
 */
import { createHash } from 'node:crypto';
import { sqlFingerprint } from '../../../grammar/sql/index.js';
import { tablesRead } from '../../compiler/sql-tables.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { blockSources } from '../../hooks/source-access.js';
import { FACT_ROWS, type RunRecord } from '../../hooks/stores/run-store.js';
import type { AskContext, AskRequest, AskRun } from './types.js';

function sqlOf(ctx: AskContext, run: AskRun): { sql: string; from: 'block' | 'written' } | undefined {
  const block = run.block !== undefined && run.tier === 1 ? ctx.manifest.blocks[run.block] : undefined;
  if (block !== undefined) return { sql: block.query, from: 'block' };
  return run.sql !== undefined ? { sql: run.sql, from: 'written' } : undefined;
}

function valuesOf(run: AskRun): NonNullable<RunRecord['values']> {
  return { columns: run.columns, rows: run.rows.slice(0, FACT_ROWS), rowCount: run.rowCount, ...(run.answer !== undefined ? { text: run.answer.text } : {}) };
}

/** The connection the statement ran on, when it is not the project's default: a block's own, else the one the request named. */
function connectionOf(from: 'block' | 'written', block: CompiledBlock | undefined, request: AskRequest): { connection?: string } {
  const connection = from === 'block' ? block?.connection : request.connection;
  return connection !== undefined ? { connection } : {};
}

/** What a block's answer needs to be rerun as it ran (an export reruns it, answer-rerun.ts). */
function rerunOf(run: AskRun): Pick<RunRecord, 'rerun'> {
  if (run.tier !== 1 || run.block === undefined) return {};
  return {
    rerun: { params: run.params ?? {}, ...(run.within !== undefined ? { within: run.within } : {}), ...(run.keep !== undefined ? { keep: run.keep } : {}) },
  };
}

/** A block's query sha256, worked out once per compiled block (a snapshot's blocks never change). */
const blockSha = new WeakMap<CompiledBlock, string>();

function sha256Of(sql: string, block: CompiledBlock | undefined): string {
  const known = block !== undefined && block.query === sql ? blockSha.get(block) : undefined;
  if (known !== undefined) return known;
  const sha = createHash('sha256').update(sql).digest('hex');
  if (block !== undefined && block.query === sql) blockSha.set(block, sha);
  return sha;
}

/** The record of `run` for the person who asked. */
export function runRecordOf(ctx: AskContext, request: AskRequest, run: AskRun, at: string): RunRecord {
  const owner = ctx.asker?.principal?.id ?? ctx.draftOwner;
  const driver = ctx.executor.driverOf(request.connection);
  const statement = sqlOf(ctx, run);
  const block = run.tier === 1 && run.block !== undefined ? ctx.manifest.blocks[run.block] : undefined;
  return {
    runId: run.runId,
    at,
    question: run.question,
    status: run.tier === 3 ? 'refused' : 'answered',
    tier: run.tier,
    trust: run.trust,
    traceId: run.traceId,
    ...(owner !== undefined ? { owner } : {}),
    ...(statement !== undefined
      ? {
          sqlFrom: statement.from,
          sql: statement.sql,
          ...connectionOf(statement.from, block, request),
          sqlSha256: sha256Of(statement.sql, block),
          sqlFingerprint: block?.sqlFingerprint ?? sqlFingerprint(statement.sql, driver),
          ...(block !== undefined ? rerunOf(run) : {}),
        }
      : {}),
    tables: block?.tables ?? (statement !== undefined ? tablesRead(statement.sql, driver) : []),
    sources: block !== undefined ? blockSources(block) : [],
    ...(run.refusal !== undefined ? { refusalCode: run.refusal.code } : {}),
    ...(run.figuresWithheld === true ? { figuresWithheld: true } : run.tier !== 3 ? { values: valuesOf(run) } : {}),
  };
}

/** Keeps the run's facts without holding up the answer. */
export function recordFacts(ctx: AskContext, request: AskRequest, run: AskRun): void {
  const store = ctx.runs;
  if (store === undefined) return;
  try {
    store.put(runRecordOf(ctx, request, run, ctx.now().toISOString())).catch(() => undefined);
  } catch {
    // A store that fails at once costs the facts only, as a later failure does.
  }
}
