/**
 * The whole promotion loop (spec 01 rule 12) end to end, with real parts: a question no
 * certified block answers is drafted at Tier 2 by the (loopback fake) model over HTTP and saved
 * as a draft; the draft is listed as a proposal, reviewed by hand, promoted with
 * `svc certify --from-draft` (child process), the printed contract patch is applied, `svc
 * compile` runs (child process), and the SAME running server (no restart) answers the same
 * question at Tier 1 from the promoted block, without calling the model and without writing a
 * second draft. Needs `npm run build`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPatch } from 'diff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProposals } from '../../../src/runtime/drafts/index.js';
import { svc } from '../../helpers/cli.js';
import { cleanupProjects } from '../../helpers/project.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';
import { ask, askProject, KEY_ENV, serve, TEST_KEY, TIER2_DRAFT, TIER2_QUESTION, TIER2_SQL } from './ask-helpers.js';

let fake: FakeOpenAi;

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  await fake?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

/** What a reviewer does before promotion: a real description and tests. */
function review(root: string): void {
  const path = join(root, TIER2_DRAFT);
  const text = readFileSync(path, 'utf8')
    .replace('description = "Review required: drafted from a question."', 'description = "Average quantity per order item across all orders." // reviewed')
    .replace(/\n}\s*$/, '\n  tests {\n    assert row_count == 1\n    assert avg_quantity > 0\n  }\n}\n');
  writeFileSync(path, text);
}

describe('promotion loop', () => {
  it('drafts at Tier 2, then after review, certify --from-draft and compile, the running server answers at Tier 1', async () => {
    const root = await askProject(fake.baseUrl);
    const env = { [KEY_ENV]: TEST_KEY };
    const server = await serve(root);
    try {
      await loop(root, env, server);
    } finally {
      await server.close();
    }
  });
});

async function loop(root: string, env: Record<string, string>, server: Awaited<ReturnType<typeof serve>>): Promise<void> {
  // (1) capture
  fake.script(sqlReply(TIER2_SQL));
  const first = await ask(server, { question: TIER2_QUESTION });
  expect(first.body).toMatchObject({ tier: 2, trust: 'review_required', uncertified: true, reviewDraft: { path: TIER2_DRAFT, created: true } });
  // The running server now knows the draft: naming it is refused as a draft at once.
  const named = await ask(server, { question: 'run what_is_the_average_quantity_per_order_item' });
  expect(named.body).toMatchObject({ tier: 3, refusal: { code: 'BLOCK_DRAFT' }, block: 'catalog.what_is_the_average_quantity_per_order_item' });

  // (2) surface, (3) refine by hand
  expect(listProposals(root).find((p) => p.path === TIER2_DRAFT)).toMatchObject({ id: 'catalog.what_is_the_average_quantity_per_order_item', askedTimes: 1 });
  review(root);

  // (4) certify --from-draft, apply the printed contract patch, compile
  const certified = svc(['certify', '--from-draft', TIER2_DRAFT, '--format', 'json'], root, env);
  expect(certified.stderr).toBe('');
  expect(certified.code).toBe(0);
  const result = JSON.parse(certified.stdout) as { file: string; manifestPatch?: string; contract?: { binding: string } };
  expect(result.file).toBe('domains/catalog/blocks/what_is_the_average_quantity_per_order_item.svc');
  expect(result.contract?.binding).toBe('catalog.OrderItem.what_is_the_average_quantity_per_order_item@1');
  const manifestPath = join(root, 'svc-contract-manifest.json');
  const patched = applyPatch(readFileSync(manifestPath, 'utf8'), result.manifestPatch ?? '');
  expect(patched).not.toBe(false);
  writeFileSync(manifestPath, patched as string);
  const compiled = svc(['compile'], root, env);
  expect(compiled.code).toBe(0);
  expect(listProposals(root).map((p) => p.path)).not.toContain(TIER2_DRAFT);

  // (5) the same question hits Tier 1 on the same running server: no restart, no second draft
  fake.script(sqlReply('SELECT 1 AS should_not_be_used'));
  const requestsBefore = fake.requests.length;
  const again = await ask(server, { question: TIER2_QUESTION });
  expect(again.body).toMatchObject({
    tier: 1,
    trust: 'certified',
    block: 'catalog.what_is_the_average_quantity_per_order_item',
    contract: 'catalog.OrderItem.what_is_the_average_quantity_per_order_item@1',
    columns: ['avg_quantity', 'items'],
    rowCount: 1,
  });
  expect(again.body).not.toHaveProperty('uncertified');
  expect(fake.requests.length).toBe(requestsBefore);
  expect(existsSync(join(root, TIER2_DRAFT))).toBe(false);
  expect(listProposals(root).map((p) => p.path)).toEqual(
    listProposals(root)
      .map((p) => p.path)
      .filter((p) => !p.includes('average_quantity')),
  );
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { snapshot: { generation: number } };
  expect(health.snapshot.generation).toBeGreaterThan(1);
}
