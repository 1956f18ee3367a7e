/**
 * runAppPage: each distinct source runs once, at most four at a time, tiles keep page order, a
 * failing source fails only its own tiles, and the page's trust is the rules' (a failed source
 * cannot leave the page certified).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { PAGE_CONCURRENCY, runAppPage } from '../../../src/runtime/apps/page-run.js';
import { StatementError, type Executor } from '../../../src/warehouse/types.js';
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
});
