/**
 * An owner's example questions are authoritative: every example question of every block the
 * answer gate lets answer as certified, in every fixture project, is answered at Tier 1 by that
 * block, with the data's own values and the fixture evaluation set's `now`. A fixture gaining a
 * block or an example is covered without a change here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';
import { dataAwareRouter } from '../../src/runtime/agent-runs/data-values.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor } from '../../src/warehouse/types.js';
import { REPO } from '../helpers/project.js';

const FIXTURES = readdirSync(join(REPO, 'fixtures')).filter((f) => f !== 'broken');
const executors: Executor[] = [];
afterAll(async () => {
  for (const e of executors) await e.close();
});

/** The `now` of the fixture's evaluation set: the instant its relative periods were written for. */
function nowOf(root: string): string {
  const set = parseYaml(readFileSync(join(root, 'evals/questions.yaml'), 'utf8')) as { now?: string };
  return set.now ?? new Date().toISOString();
}

describe.each(FIXTURES)('fixtures/%s', (fixture) => {
  it('answers every declared example of every servable certified block at Tier 1, by that block', async () => {
    const root = join(REPO, 'fixtures', fixture);
    const compiled = compileProject({ project: root, cache: false });
    const config = compiled.config as SvcConfig;
    const manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
    const executor = createExecutor({ root, config });
    executors.push(executor);
    const { router } = await dataAwareRouter(manifest, config, executor);
    const now = nowOf(root);
    const asked = Object.values(manifest.blocks)
      .filter((b) => router.gate(b).certified)
      .flatMap((b) => b.examples.map((e) => ({ block: b.id, question: e.question })));
    expect(asked.length).toBeGreaterThan(0);
    const missed = asked
      .map(({ block, question }) => ({ block, question, decision: router.route(question, { now }) }))
      .filter((r) => r.decision.kind !== 'answer' || r.decision.block !== r.block)
      .map(
        (r) =>
          `${r.block}: "${r.question}" -> ${r.decision.kind === 'answer' ? r.decision.block : `${r.decision.kind} ${'code' in r.decision ? r.decision.code : ''}`}`,
      );
    expect(missed).toEqual([]);
  });
});
