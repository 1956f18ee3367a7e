/**
 * The transformation project as Tier-2 context (spec 01, Tier 2): a dbt manifest.json (written to
 * dbt's published manifest schema v12, test/fixtures/dbt/manifest.json) or a folder of model YAML
 * is read into models with their columns, descriptions and tests; Tier 2's prompt carries them
 * (sent to a loopback model speaking the OpenAI protocol), and list_metrics / list_dimensions show
 * their columns labelled as context. Never certified: a model is never a Tier-1 answer.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../../../src/compiler/project/config.js';
import { configuredProvider } from '../../../src/runtime/agent-runs/model-provider.js';
import { runAsk } from '../../../src/runtime/agent-runs/run-ask.js';
import { modelsOfManifest, modelsOfYaml, transformModels } from '../../../src/runtime/transform/dbt-models.js';
import { REPO } from '../../helpers/project.js';
import { compiledAsk } from '../agent-runs/ask-helpers.js';
import { callTool, type Opened, openCommerce } from '../agent-tools/helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi, useFakeModel } from '../helpers/fake-openai.js';

const FIXTURE = join(REPO, 'test/fixtures/dbt');
const manifest = JSON.parse(readFileSync(join(FIXTURE, 'manifest.json'), 'utf8')) as unknown;

describe('reading dbt models', () => {
  it('reads a manifest: models, relation, descriptions, columns with types, column and model tests', () => {
    const models = modelsOfManifest(manifest);
    expect(models.map((m) => m.name).sort()).toEqual(['dim_customers', 'fct_orders']);
    const orders = models.find((m) => m.name === 'fct_orders')!;
    expect(orders.relation).toBe('"warehouse"."analytics"."fct_orders"');
    expect(orders.description).toMatch(/One row per order/);
    const id = orders.columns.find((c) => c.name === 'order_id')!;
    expect([id.type, [...id.tests].sort()]).toEqual(['integer', ['not_null', 'unique']]);
    expect(orders.columns.find((c) => c.name === 'customer_id')?.tests).toEqual(['relationships']);
    expect(models.find((m) => m.name === 'dim_customers')?.tests).toEqual(['at_least_one']);
  });

  it('reads model YAML: tests and data_tests, plain and with arguments', () => {
    const models = modelsOfYaml(parseYaml(readFileSync(join(FIXTURE, 'models/marts/schema.yml'), 'utf8')));
    const orders = models.find((m) => m.name === 'fct_orders')!;
    expect(orders.columns.map((c) => [c.name, c.tests])).toEqual([
      ['order_id', ['unique', 'not_null']],
      ['amount', []],
      ['status', ['accepted_values']],
    ]);
    expect(models.find((m) => m.name === 'dim_customers')?.tests).toEqual(['dbt_utils.at_least_one']);
  });

  it.each([
    ['a manifest that is not JSON', '{ nope'],
    ['a manifest of another shape', '[1, 2, 3]'],
    ['nodes of no known kind', '{ "nodes": { "x": { "resource_type": "seed", "name": "x" } } }'],
  ])('reads no models from %s, without failing', (_name, text) => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-dbt-'));
    writeFileSync(join(dir, 'manifest.json'), text);
    expect(transformModels(dir, { project: 'p', transform: { dbtManifest: 'manifest.json' } })).toEqual([]);
  });
});

describe('a project naming its transformation project', () => {
  let opened: Opened;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    opened = await openCommerce();
    fake = await startFakeOpenAi();
    const root = opened.root;
    mkdirSync(join(root, 'dbt/target'), { recursive: true });
    copyFileSync(join(FIXTURE, 'manifest.json'), join(root, 'dbt/target/manifest.json'));
    const file = join(root, 'svc.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...config, transform: { dbtManifest: 'dbt/target/manifest.json' } }));
    useFakeModel(root, fake);
  });
  afterAll(async () => {
    await opened.close();
    await fake.close();
  });

  it('is a valid config, and an unknown transform setting is not', () => {
    expect(loadConfig({ project: opened.root }).diagnostics).toEqual([]);
    const bad = mkdtempSync(join(tmpdir(), 'svc-dbt-bad-'));
    cpSync(opened.root, bad, { recursive: true, filter: (p) => !p.includes('/data/') });
    const file = join(bad, 'svc.config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...config, transform: { dbtProject: 'x' } }));
    expect(loadConfig({ project: bad }).diagnostics.map((d) => d.code)).toContain('config/invalid');
  });

  it('gives Tier 2 the models as context, never as a certified answer', async () => {
    fake.script(sqlReply('SELECT segment, COUNT(*) AS n FROM customers GROUP BY segment'));
    const { config, manifest: m, executor, router } = await compiledAsk(opened.root);
    const run = await runAsk(
      {
        asker: undefined,
        root: opened.root,
        config,
        manifest: m,
        executor,
        router,
        provider: configuredProvider(config)!,
        now: () => new Date('2025-12-10T12:00:00Z'),
      },
      { question: 'how many customers signed up per segment with lifetime orders above ten', reviewDraftCapture: 'off' },
    );
    expect([run.tier, run.trust, run.refusal]).toEqual([2, 'review_required', undefined]);
    const sent = fake.requests.at(-1)?.text ?? '';
    expect(sent).toContain('Transformation models (dbt; context for names and meanings, not certified):');
    expect(sent).toMatch(/- dim_customers \("warehouse"\."analytics"\."dim_customers"\): One row per customer/);
    expect(sent).toContain('customer_id integer [unique]');
    await executor.close();
  });

  it('reads the manifest again when it changes', () => {
    const file = join(opened.root, 'dbt/target/manifest.json');
    const config = JSON.parse(readFileSync(join(opened.root, 'svc.config.json'), 'utf8'));
    const before = transformModels(opened.root, config).length;
    const edited = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Record<string, unknown> };
    delete edited.nodes['model.shop.dim_customers'];
    try {
      writeFileSync(file, JSON.stringify(edited));
      utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      expect([before, transformModels(opened.root, config).length]).toEqual([2, 1]);
    } finally {
      copyFileSync(join(FIXTURE, 'manifest.json'), file);
    }
  });

  it('lists the model columns beside the certified metrics and dimensions, labelled as context', async () => {
    const config = JSON.parse(readFileSync(join(opened.root, 'svc.config.json'), 'utf8'));
    const ctx = { ...opened.ctx, config };
    const metrics = (await callTool(ctx, 'list_metrics', { query: 'amount orders' })).body as any;
    expect(metrics.transformModels.note).toMatch(/context only/);
    expect(metrics.transformModels.columns).toContainEqual(expect.objectContaining({ name: 'amount', model: 'fct_orders', certified: false }));
    const dimensions = (await callTool(ctx, 'list_dimensions', { query: 'segment' })).body as any;
    expect(dimensions.transformModels.columns).toEqual([expect.objectContaining({ name: 'segment', model: 'dim_customers', certified: false })]);
    const plain = (await callTool(opened.ctx, 'list_metrics', {})).body as any;
    expect(plain.transformModels).toBeUndefined();
  });
});
