/**
 * runAppPage: each distinct source runs once, at most four at a time, tiles keep page order, a
 * failing source fails only its own tiles, and the page's trust is the rules' (a failed source
 * cannot leave the page certified).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { createMemoryRunStore, type RunRecord, type RunStore } from '../../../src/hooks/stores/run-store.js';
import { PAGE_CONCURRENCY, runAppPage } from '../../../src/runtime/apps/page-run.js';
import { type Executor, StatementError } from '../../../src/warehouse/types.js';
import { cleanupProjects } from '../../helpers/project.js';
import { commerceProject } from '../helpers/warehouse.js';

let root: string;
let config: SvcConfig;
let manifest: Manifest;
beforeAll(async () => {
  root = await commerceProject();
  const compiled = compileProject({ project: root });
  config = compiled.config as SvcConfig;
  manifest = JSON.parse(compiled.text ?? '') as Manifest;
});
afterAll(cleanupProjects);

/** An executor that answers one row per statement after a pause, counting statements in flight. */
function countingExecutor(failWhen: (sql: string) => boolean): Executor & { peak: number; calls: number } {
  let inFlight = 0;
  const state = {
    peak: 0,
    calls: 0,
    driverOf: () => 'sqlite',
    close: async () => {},
    execute: async ({ sql }: { sql: string }) => {
      state.calls += 1;
      inFlight += 1;
      state.peak = Math.max(state.peak, inFlight);
      await new Promise((d) => setTimeout(d, 40));
      inFlight -= 1;
      if (failWhen(sql)) throw new StatementError('WAREHOUSE_ERROR', 'no such table');
      return { columns: ['x'], rows: [{ x: 1 }], truncated: false, durationMs: 1 };
    },
  };
  return state as unknown as Executor & { peak: number; calls: number };
}

describe('runAppPage', () => {
  it("runs each source once, four at a time at most, in page order, failing only the failed source's tiles", async () => {
    const executor = countingExecutor((sql) => sql.includes('channel'));
    const run = await runAppPage(root, config, manifest, executor, { asker: undefined, appId: 'growth', pageId: 'overview', keepsAnswerText: true });
    const page = manifest.apps['growth']?.pages.find((p) => p.id === 'overview');
    expect(run?.tiles.map((t) => t.id)).toEqual(page?.tiles.map((t) => t.id));
    const sources = new Set(page?.tiles.flatMap((t) => (t.source !== undefined ? [t.source.id] : [])));
    expect(executor.calls).toBe(sources.size);
    expect(executor.peak).toBeLessThanOrEqual(PAGE_CONCURRENCY);
    expect(executor.peak).toBeGreaterThan(1);
    const failed = run?.tiles.filter((t) => t.error !== undefined).map((t) => t.id);
    expect(failed).toEqual(['channels']);
    expect(run?.tiles.find((t) => t.id === 'revenue')).toMatchObject({ ok: true, rowCount: 1 });
    expect(run?.trust.label).not.toBe('Certified');
    expect(run?.trust.text).toBeUndefined();
  });

  it("gives each block tile its source's declared chart, as Ask charts that block", async () => {
    const run = await runAppPage(
      root,
      config,
      manifest,
      countingExecutor(() => false),
      { asker: undefined, appId: 'growth', pageId: 'overview', keepsAnswerText: true },
    );
    const weekly = run?.tiles.find((t) => t.source === 'finance.weekly_revenue');
    expect(weekly?.visualization).toEqual(manifest.blocks['finance.weekly_revenue']?.visualization);
    expect(weekly?.visualization).toMatchObject({ x: 'week_start', y: 'revenue' });
  });

  it('answers undefined for a page the project does not have', async () => {
    expect(
      await runAppPage(
        root,
        config,
        manifest,
        countingExecutor(() => false),
        { asker: undefined, appId: 'growth', pageId: 'nowhere', keepsAnswerText: true },
      ),
    ).toBeUndefined();
  });

  it('runs a live answer tile from the run it was added from, and says why one cannot run', async () => {
    const dir = await commerceProject();
    const compiled = compileProject({ project: dir });
    const file = join(dir, 'apps/growth/dashboards/customers.svcd');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { tiles: unknown[] };
    const live = (id: string, runId: string) => ({ id, kind: 'table', mode: 'live', source: { kind: 'answer', id: runId } });
    doc.tiles.push(live('written', 'run_written'), live('from_block', 'run_block'), live('gone', 'run_gone'));
    writeFileSync(file, JSON.stringify(doc));
    const record = (runId: string, sqlFrom: RunRecord['sqlFrom']): RunRecord => ({
      runId,
      at: '2026-02-15T10:00:00Z',
      question: 'q',
      status: 'answered',
      tier: 2,
      trust: 'review_required',
      sqlFrom,
      sql: 'SELECT 1 AS x',
      tables: [],
      traceId: 'tr_x',
      sources: [],
    });
    const runs = createMemoryRunStore();
    await runs.put(record('run_written', 'written'));
    await runs.put(record('run_block', 'block'));
    const page = (store: RunStore) =>
      runAppPage(
        dir,
        compiled.config as SvcConfig,
        JSON.parse(compiled.text ?? '') as Manifest,
        countingExecutor(() => false),
        {
          asker: undefined,
          appId: 'growth',
          pageId: 'customers',
          keepsAnswerText: true,
          runs: store,
        },
      );
    const errors = (run: Awaited<ReturnType<typeof page>>) =>
      Object.fromEntries((run?.tiles ?? []).filter((t) => t.sourceKind === 'answer').map((t) => [t.id, t.error?.code ?? (t.ok ? 'ok' : 'failed')]));
    expect(errors(await page(runs))).toEqual({ written: 'ok', from_block: 'ANSWER_NOT_LIVE', gone: 'ANSWER_UNAVAILABLE' });
    const failing: RunStore = { ...runs, get: async () => Promise.reject(new Error('store down')) };
    expect(errors(await page(failing))).toEqual({ written: 'STORE_UNAVAILABLE', from_block: 'STORE_UNAVAILABLE', gone: 'STORE_UNAVAILABLE' });
  });
});
