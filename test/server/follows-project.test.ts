/**
 * A running server follows the project: a new manifest (svc compile), a changed contract manifest
 * or config is answered from before the next request, with no restart; a change that does not
 * read keeps the previous state; a request keeps the state it started with, and an executor a
 * config change replaced is closed only when the last request holding it is done.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_LOG } from '../../src/compiler/manifest/manifest-log.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';
import { CompileSession } from '../../src/compiler/watch/compile-session.js';
import type { LocalServer } from '../../src/index.js';
import { liveSource } from '../../src/server/live-source.js';
import { buildSnapshot, readManifest } from '../../src/server/project-snapshot.js';
import type { Executor } from '../../src/warehouse/types.js';
import { svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { ask as postAsk, serve } from '../runtime/agent-runs/ask-helpers.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

const edit = (root: string, rel: string, fn: (t: string) => string): void => writeFileSync(join(root, rel), fn(readFileSync(join(root, rel), 'utf8')));

const ask = async (server: LocalServer, question: string): Promise<Record<string, any>> => (await postAsk(server, { question })).body;

const health = async (server: LocalServer): Promise<Record<string, any>> => (await (await fetch(`${server.url}/api/health`)).json()) as Record<string, any>;

describe('a running server follows the project', () => {
  let root: string;
  let server: LocalServer;
  beforeAll(async () => {
    root = await commerceProject();
    server = await serve(root);
  });
  afterAll(() => server.close());

  it('an edit compiled while it runs is served at once: a stale receipt refuses, a new receipt certifies again', async () => {
    expect(await ask(server, 'run weekly_revenue')).toMatchObject({ tier: 1, trust: 'certified' });
    edit(root, 'domains/finance/blocks/weekly_revenue.svc', (t) => t.replace('Net revenue per ISO week', 'Gross revenue per ISO week'));
    expect(svc(['compile'], root).code).toBe(1);
    expect(await ask(server, 'run weekly_revenue')).toMatchObject({ tier: 3, refusal: { code: 'BLOCK_PENDING_RECERTIFICATION' } });
    expect(svc(['certify', 'finance.weekly_revenue'], root).code).toBe(0);
    expect(svc(['compile'], root).code).toBe(0);
    expect(await ask(server, 'run weekly_revenue')).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.weekly_revenue' });
  });

  it('a contract manifest change re-resolves contracts: unresolved is refused, and back', async () => {
    const path = 'svc-contract-manifest.json';
    const before = readFileSync(join(root, path), 'utf8');
    const data = JSON.parse(before) as { contracts: Array<{ id: string }> };
    writeFileSync(join(root, path), JSON.stringify({ ...data, contracts: data.contracts.filter((c) => c.id !== 'finance.Revenue.monthly_revenue') }));
    expect(await ask(server, 'Revenue by month')).toMatchObject({ tier: 3, refusal: { code: 'CONTRACT_UNRESOLVED' }, block: 'finance.monthly_revenue' });
    writeFileSync(join(root, path), before);
    expect(await ask(server, 'Revenue by month')).toMatchObject({ tier: 1, block: 'finance.monthly_revenue' });
  });

  it('a half-written manifest keeps the previous state and says why; the next good one is served', async () => {
    const generation = (await health(server))['snapshot'].generation as number;
    const good = readFileSync(join(root, 'svc-manifest.json'), 'utf8');
    writeFileSync(join(root, 'svc-manifest.json'), good.slice(0, good.length / 2));
    expect(await ask(server, 'Revenue by month')).toMatchObject({ tier: 1, block: 'finance.monthly_revenue' });
    const h = await health(server);
    expect(h['snapshot'].generation).toBe(generation);
    expect(h['snapshot'].reloadError).toMatch(/JSON|manifest/);
    writeFileSync(join(root, 'svc-manifest.json'), good);
    const after = await health(server);
    expect(after['snapshot'].generation).toBe(generation + 1);
    expect(after['snapshot'].reloadError).toBeUndefined();
  });

  it('a config change is served without a restart: a new connection path opens a new executor', async () => {
    const generation = (await health(server))['snapshot'].generation as number;
    copyFileSync(join(root, 'data/warehouse.db'), join(root, 'data/copy.db'));
    edit(root, 'svc.config.json', (t) => t.replace('data/warehouse.db', 'data/copy.db'));
    expect(await ask(server, 'What is the channel mix?')).toMatchObject({ tier: 1, block: 'sales.channel_mix' });
    const after = await health(server);
    expect(after['snapshot'].reloadError).toBeUndefined();
    expect(after['snapshot'].generation).toBe(generation + 1);
  });

  it('an edit svc compile --watch records in the manifest log is served at once, before svc-manifest.json is rewritten', async () => {
    const rel = 'domains/finance/blocks/weekly_revenue.svc';
    const certified = readFileSync(join(root, rel), 'utf8');
    expect(await ask(server, 'run weekly_revenue')).toMatchObject({ tier: 1, trust: 'certified' });
    const session = new CompileSession({ project: root }, () => undefined, { sweepAfterMs: 60_000, idleSweepMs: 60_000 });
    session.start();
    try {
      const file = readFileSync(join(root, 'svc-manifest.json'));
      edit(root, rel, (t) => t.replace('Gross revenue per ISO week', 'Revenue per ISO week, edited while watched'));
      for (let waited = 0; !existsSync(join(root, MANIFEST_LOG)) && waited < 20_000; waited += 25) await new Promise((done) => setTimeout(done, 25));
      expect(await ask(server, 'run weekly_revenue')).toMatchObject({ tier: 3, refusal: { code: 'BLOCK_PENDING_RECERTIFICATION' } });
      expect(readFileSync(join(root, 'svc-manifest.json')).equals(file)).toBe(true);
      writeFileSync(join(root, rel), certified);
      for (let waited = 0; (await ask(server, 'run weekly_revenue'))['tier'] !== 1 && waited < 20_000; waited += 50) {
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(await ask(server, 'run weekly_revenue')).toMatchObject({ tier: 1, trust: 'certified' });
    } finally {
      session.close();
    }
    expect(existsSync(join(root, MANIFEST_LOG))).toBe(false);
  });
});

describe('a request keeps the snapshot it started with', () => {
  it('an executor replaced by a config change closes only when its last request is done', async () => {
    const root = await commerceProject();
    expect(svc(['compile'], root).code).toBe(0);
    const config = JSON.parse(readFileSync(join(root, 'svc.config.json'), 'utf8')) as SvcConfig;
    const closed: string[] = [];
    const stub = (name: string): Executor => ({
      execute: async () => ({ columns: ['v'], rows: [], truncated: false, durationMs: 0 }),
      driverOf: () => 'sqlite',
      close: async () => void closed.push(name),
    });
    let opened = 0;
    const parts = { root, openExecutor: () => stub(`e${++opened + 1}`) };
    const first = await buildSnapshot(parts, readManifest(root) as Manifest, config, stub('e1'), 1);
    const source = liveSource(parts, first, () => undefined);
    const a = await source.current();
    const release = source.hold(a);
    edit(root, 'svc.config.json', (t) => t.replace('data/warehouse.db', 'data/other.db'));
    const b = await source.current();
    expect(b.generation).toBe(2);
    expect(b.executor).not.toBe(a.executor);
    expect(a.manifest).toBe(first.manifest);
    expect(closed).toEqual([]);
    release();
    expect(closed).toEqual(['e1']);
    await source.close();
    expect(closed).toEqual(['e1', 'e2']);
  });
});
