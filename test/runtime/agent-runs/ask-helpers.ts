/**
 * Shared setup of the Ask tests: a copy of the commerce fixture whose svc.config.json points
 * `ask.provider` at the loopback fake model (or at nothing), the local server on port 0, and
 * POSTing an Ask over real HTTP.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Tier1Router } from '../../../src/ask/types.js';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { type LocalServer, startLocalServer } from '../../../src/index.js';
import { dataAwareRouter } from '../../../src/runtime/agent-runs/data-values.js';
import type { AskRun } from '../../../src/runtime/agent-runs/types.js';
import { createExecutor } from '../../../src/warehouse/executor.js';
import type { Executor } from '../../../src/warehouse/types.js';
import { commerceProject } from '../helpers/warehouse.js';

export const KEY_ENV = 'SVC_TEST_MODEL_KEY';
export const TEST_KEY = 'test-key-not-secret';
export const OWNER = 'analyst@acme.test';

/** Sets `ask` in the project's config (provider pointing at `baseUrl` when given) and a fixed owner. */
export function configureAsk(root: string, baseUrl: string | undefined, extra: Record<string, unknown> = {}): void {
  const path = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  config['owner'] = OWNER;
  config['ask'] =
    baseUrl === undefined ? { ...extra } : { provider: { kind: 'openai-compatible', baseUrl, model: 'fake-model', apiKeyEnv: KEY_ENV }, ...extra };
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
}

/** A commerce copy configured for Ask. */
export async function askProject(baseUrl: string | undefined, extra: Record<string, unknown> = {}): Promise<string> {
  const root = await commerceProject();
  configureAsk(root, baseUrl, extra);
  return root;
}

/** What runAsk needs, from a fresh compile of the project at `root`: the caller closes the executor. */
export interface CompiledAsk {
  config: SvcConfig;
  manifest: Manifest;
  executor: Executor;
  router: Tier1Router;
}

export async function compiledAsk(root: string): Promise<CompiledAsk> {
  const compiled = compileProject({ project: root, cache: false });
  const config = compiled.config as SvcConfig;
  const manifest = JSON.parse(compiled.text ?? '{}') as Manifest;
  const executor = createExecutor({ root, config });
  const router = (await dataAwareRouter(manifest, config, executor)).router;
  return { config, manifest, executor, router };
}

export async function serve(root: string): Promise<LocalServer> {
  return startLocalServer({ project: root, port: 0, log: () => undefined });
}

export interface Posted {
  status: number;
  body: AskRun & { error?: { code: string; message: string } };
}

export async function ask(server: LocalServer, body: Record<string, unknown>): Promise<Posted> {
  const response = await fetch(`${server.url}/api/agent-runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Posted['body'] };
}

/** Every file under the project (path -> text), databases and svc's own state left out. */
export function files(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      const rel = relative(root, p);
      if (rel === '.svc' || rel === 'data') continue;
      if (e.isDirectory()) walk(p);
      else out[rel] = readFileSync(p, 'utf8');
    }
  };
  walk(root);
  return out;
}

/** The question the commerce fixture has no certified block for, and SQL that answers it. */
export const TIER2_QUESTION = 'What is the average quantity per order item?';
export const TIER2_SQL = 'SELECT ROUND(AVG(quantity), 2) AS avg_quantity, COUNT(*) AS items FROM order_items';
export const TIER2_DRAFT = 'domains/catalog/blocks/_drafts/what_is_the_average_quantity_per_order_item.svc';
