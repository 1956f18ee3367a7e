/**
 * One trust value and one parameter policy on every surface: for every block of every fixture
 * project, the Blocks list (`GET /api/blocks`), the block page's view (`GET /api/blocks/:id`),
 * Ask by name, the block-run route and `svc lint` agree on whether it may answer as certified;
 * and for every servable block with a row limit, a value outside its policy is refused by Ask
 * and by the block-run route alike.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { CompiledBlock, Manifest } from '../../src/compiler/types.js';
import { buildServer } from '../../src/index.js';
import { lintFiles } from '../../src/rules/lint-files.js';
import { limitParamOf } from '../../src/rules/parameter-policy.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor } from '../../src/warehouse/types.js';
import { REPO } from '../helpers/project.js';

/** Refusal codes that are the answer gate's, not the question's. */
const GATE_CODES = new Set([
  'BLOCK_DRAFT',
  'BLOCK_NOT_CERTIFIED',
  'BLOCK_DEPRECATED',
  'BLOCK_RETIRED',
  'BLOCK_PENDING_RECERTIFICATION',
  'BLOCK_HAS_ERRORS',
  'BLOCK_UNTESTED',
  'CONTRACT_UNRESOLVED',
  'REVIEW_REQUIRED',
]);

interface Opened {
  root: string;
  manifest: Manifest;
  app: FastifyInstance;
  executor: Executor;
}

async function open(fixture: string): Promise<Opened> {
  const root = join(REPO, 'fixtures', fixture);
  const compiled = compileProject({ project: root, cache: false });
  const config = compiled.config as SvcConfig;
  const manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
  const executor = createExecutor({ root, config });
  return { root, manifest, executor, app: buildServer({ root, manifest, executor, config, log: () => undefined }) };
}

const post = async (app: FastifyInstance, url: string, payload: unknown) => {
  const res = await app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
};

describe.each([
  'commerce',
  'hotels',
  'freight',
  'saas',
  'vetclinic',
  'insurance',
  'factory',
  'utility',
  'airline',
  'university',
  'telecom',
  'hospital',
  'restaurants',
  'bank',
  'transit',
  'people',
  'games',
  'housing',
  'publisher',
  'charity',
  'council',
  'gym',
  'lawfirm',
  'delivery',
  'streaming',
  'builder',
  'legacy',
])('fixtures/%s', (fixture) => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await open(fixture);
  });
  afterAll(async () => {
    await opened.app.close();
    await opened.executor.close();
  });

  it('every surface reads the same trust for every block', async () => {
    const { app, manifest, root } = opened;
    const list = (await app.inject({ method: 'GET', url: '/api/blocks' })).json() as { blocks: Array<{ id: string; trust: { servable: boolean } }> };
    const lintErrors = new Set(
      lintFiles([...new Set(Object.values(manifest.blocks).map((b) => join(root, b.file)))], root)
        .diagnostics.filter((d) => d.code === 'lint/review-required-certified')
        .map((d) => d.data?.['block']),
    );
    const disagreements: string[] = [];
    for (const block of Object.values(manifest.blocks) as CompiledBlock[]) {
      const listed = list.blocks.find((b) => b.id === block.id)?.trust.servable;
      const detail = ((await app.inject({ method: 'GET', url: `/api/blocks/${block.id}` })).json() as { block: { trust: { servable: boolean } } }).block.trust
        .servable;
      const asked = (await post(app, '/api/agent-runs', { question: `run ${block.id}`, saveDraft: false })).body;
      const askSays = asked['trust'] === 'certified' ? true : GATE_CODES.has(asked['refusal']?.code) ? false : undefined;
      const ran = await post(app, `/api/blocks/${block.id}/run`, {});
      const runSays = ran.body['error']?.code === 'BLOCK_NOT_CERTIFIED' ? false : ran.status === 200 ? true : undefined;
      const lintSays = lintErrors.has(block.id) ? false : undefined;
      const says = { listed, detail, ask: askSays, run: runSays, lint: lintSays };
      if (Object.values(says).some((v) => v !== undefined && v !== listed)) disagreements.push(`${block.id}: ${JSON.stringify(says)}`);
    }
    expect(list.blocks.length).toBe(Object.keys(manifest.blocks).length);
    expect(disagreements).toEqual([]);
  });

  it('refuses a row limit outside the policy on Ask and on the block-run route alike', async () => {
    const { app, manifest } = opened;
    const limited = (Object.values(manifest.blocks) as CompiledBlock[]).filter((b) => limitParamOf(b) !== undefined);
    const servable = (
      (await app.inject({ method: 'GET', url: '/api/blocks' })).json() as { blocks: Array<{ id: string; trust: { servable: boolean } }> }
    ).blocks
      .filter((b) => b.trust.servable)
      .map((b) => b.id);
    for (const block of limited.filter((b) => servable.includes(b.id))) {
      const param = limitParamOf(block)?.name as string;
      const ran = await post(app, `/api/blocks/${block.id}/run`, { params: { [param]: 0 } });
      expect([block.id, ran.body['error']?.code]).toEqual([block.id, 'PARAM_INVALID']);
      const asked = (await post(app, '/api/agent-runs', { question: `run ${block.id} top 0`, saveDraft: false })).body;
      expect([block.id, asked['refusal']?.code]).toEqual([block.id, 'VALUE_NOT_ACCEPTED']);
    }
  });
});
