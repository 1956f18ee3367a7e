/**
 * A runtime a host runs for many people (spec 01 rule 8, spec 02 `onePerson`, spec 03 "One
 * process, several servers"), over real loopback servers with a loopback model: a Tier-2 answer
 * is not captured as a draft unless the host says one person works here; its written SQL passes
 * the row policy exactly once; and two hosted servers in one process keep their hooks apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryContext } from '../../src/hooks/hooks.js';
import { type HostHooks, type LocalServer, startLocalServer } from '../../src/host.js';
import { cleanupProjects } from '../helpers/project.js';
import { askProject, KEY_ENV, TEST_KEY, TIER2_DRAFT, TIER2_QUESTION, TIER2_SQL } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';

let fake: FakeOpenAi;
const servers: LocalServer[] = [];

beforeAll(async () => {
  process.env[KEY_ENV] = TEST_KEY;
  fake = await startFakeOpenAi();
});

afterAll(async () => {
  for (const s of servers) await s.close();
  await fake?.close();
  delete process.env[KEY_ENV];
  cleanupProjects();
});

async function hosted(hooks: HostHooks): Promise<{ server: LocalServer; root: string }> {
  const root = await askProject(fake.baseUrl);
  const server = await startLocalServer({ project: root, port: 0, hostHooks: hooks, log: () => undefined });
  servers.push(server);
  return { server, root };
}

async function post(server: LocalServer, question: string, user = 'ada') {
  const res = await fetch(`${server.url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: JSON.stringify({ question }),
  });
  return (await res.json()) as { tier: number; trust: string; capture?: { saved: boolean; code: string }; reviewDraft?: { path: string } };
}

const person = (id: string) => ({ id, kind: 'person' as const });
const byHeader = (req: { headers: Record<string, unknown> }) => (typeof req.headers['x-user'] === 'string' ? person(req.headers['x-user']) : null);

describe('draft capture in a hosted runtime', () => {
  it.each([
    ['many people (no onePerson): not captured', false, false],
    ['onePerson: captured as a draft', true, true],
  ])('%s', async (_name, onePerson, captured) => {
    const policyCalls: QueryContext[] = [];
    const { server, root } = await hosted({
      resolvePrincipal: byHeader,
      onePerson,
      rowPolicy: (q) => {
        policyCalls.push(q);
        return { sql: q.sql, params: q.params };
      },
    });
    fake.script(sqlReply(TIER2_SQL));
    const run = await post(server, TIER2_QUESTION);
    expect([run.tier, run.trust]).toEqual([2, 'review_required']);
    if (captured) {
      expect(run.reviewDraft?.path).toBe(TIER2_DRAFT);
      // The person who asked owns the draft, not the project's local owner.
      expect(readFileSync(join(root, TIER2_DRAFT), 'utf8')).toContain('owner = "ada"');
    } else expect(run.capture).toEqual({ saved: false, code: 'HOSTED_RUNTIME' });
    expect(existsSync(join(root, TIER2_DRAFT))).toBe(captured);
    // The model's SQL went through the row policy once, as the person who asked.
    expect(policyCalls.filter((c) => c.sql === TIER2_SQL).map((c) => c.principal?.id)).toEqual(['ada']);
  });
});

describe('several hosted servers in one process', () => {
  it('keep their hooks apart, request by request', async () => {
    const a = await hosted({ resolvePrincipal: () => person('from-a') });
    const b = await hosted({ resolvePrincipal: () => person('from-b'), authorize: () => ({ allow: false }) });
    const identity = async (server: LocalServer) =>
      (await fetch(`${server.url}/api/identity`)).status === 200
        ? ((await (await fetch(`${server.url}/api/identity`)).json()) as { owner: string }).owner
        : 'refused';
    const answers = await Promise.all([identity(a.server), identity(b.server), identity(a.server), identity(b.server)]);
    expect(answers).toEqual(['from-a', 'refused', 'from-a', 'refused']);
  });
});
