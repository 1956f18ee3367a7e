/**
 * The router of a fixture project as the runtime builds it: compiled from a copy of the fixture,
 * with the values its warehouse holds. One per project per test file.
 */
import type { PreviousAnswer } from '../../src/ask/follow-up.js';
import type { Tier1Decision, Tier1Router } from '../../src/ask/index.js';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import type { Manifest } from '../../src/compiler/types.js';
import { dataAwareRouter } from '../../src/runtime/agent-runs/data-values.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import { copyFixture } from '../helpers/project.js';

export interface FixtureRouter {
  manifest: Manifest;
  router: Tier1Router;
}

/** Builds the project's data-aware router (callers clean up with `cleanupProjects`). */
export async function fixtureRouter(name: string): Promise<FixtureRouter> {
  const root = copyFixture(name, { withData: true });
  const compiled = compileProject({ project: root, cache: false });
  const manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
  const executor = createExecutor({ root, config: compiled.config });
  try {
    return { manifest, router: (await dataAwareRouter(manifest, compiled.config, executor)).router };
  } finally {
    await executor.close();
  }
}

/**
 * Asks `turns` in one thread as the runtime does (thread-step.ts): each turn follows the last one
 * when that was certified, and a turn after one that was not points at no certified rows.
 */
export function askThread(router: Tier1Router, turns: readonly string[], now: string): Tier1Decision[] {
  let previous: PreviousAnswer | undefined;
  const out: Tier1Decision[] = [];
  for (const q of turns) {
    const options = { now, ...(out.length > 0 && previous === undefined ? { afterUncertified: true } : {}) };
    const d = previous === undefined ? router.route(q, options) : router.followUp(q, previous, options);
    out.push(d);
    previous = d.kind === 'answer' ? { block: d.block, params: d.params, question: q, chain: [...(previous?.chain ?? []), q] } : undefined;
  }
  return out;
}
