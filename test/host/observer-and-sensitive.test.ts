/**
 * Two host hooks that are not decisions: the `statements` observer (told engine, kind of read,
 * outcome and duration of every statement, never SQL, values, rows or who; not waited for, its
 * failures change nothing) and `sensitiveQuestions` (`wording` refuses personal-data questions
 * by their words; `columns` hands the decision to the row policy). Real loopback servers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { HostStatementEvent } from '../../src/hooks/hooks.js';
import { type HostHooks, type LocalServer, startLocalServer } from '../../src/host.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const servers: LocalServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  cleanupProjects();
});

async function serve(hooks: HostHooks): Promise<LocalServer> {
  const server = await startLocalServer({
    project: await commerceProject(),
    port: 0,
    hostHooks: { resolvePrincipal: () => ({ id: 'ada', kind: 'person' }), ...hooks },
    log: () => {},
  });
  servers.push(server);
  return server;
}

async function ask(server: LocalServer, question: string) {
  const res = await fetch(`${server.url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return (await res.json()) as { tier: number; trust: string; rows: unknown[]; refusal?: { code: string } };
}

describe('statements observer: conformance', () => {
  it.each([
    [
      'valid',
      (seen: HostStatementEvent[]) => (e: HostStatementEvent) => {
        seen.push(e);
      },
    ],
    [
      'throws',
      () => () => {
        throw new Error('sink down');
      },
    ],
    ['rejects', () => () => Promise.reject(new Error('sink down'))],
    ['never settles', () => () => new Promise<void>(() => undefined)],
  ])('%s: the answer is unchanged', async (name, make) => {
    const seen: HostStatementEvent[] = [];
    const server = await serve({ statements: make(seen) as HostHooks['statements'] });
    const run = await ask(server, 'Top 5 states by revenue');
    expect([run.tier, run.trust, run.rows.length]).toEqual([1, 'certified', 5]);
    if (name === 'valid') {
      expect(seen.length).toBeGreaterThan(0);
      for (const e of seen) expect(Object.keys(e).sort()).toEqual(['durationMs', 'engine', 'outcome', 'read']);
      expect(seen.some((e) => e.engine === 'sqlite' && e.read === 'data' && e.outcome === 'ok')).toBe(true);
      expect(JSON.stringify(seen)).not.toMatch(/SELECT|orders|ada/);
    }
  });

  it('is told of catalog lookups as schema reads and of refusals', async () => {
    const seen: HostStatementEvent[] = [];
    const server = await serve({
      statements: (e) => {
        seen.push(e);
      },
      rowPolicy: (q) => (q.purpose === 'metadata' ? { refuse: 'no' } : { sql: q.sql, params: q.params }),
    });
    await fetch(`${server.url}/api/schema`);
    expect(seen.filter((e) => e.read === 'schema').map((e) => e.outcome)).toEqual(['refused']);
  });
});

describe('sensitiveQuestions', () => {
  const QUESTION = 'What is the email address of customer Ava Smith?';
  it.each([
    ['no setting: by wording', undefined, true],
    ['wording', 'wording' as const, true],
    ['anything else reads as wording', 'maybe' as never, true],
    ['columns: the row policy decides', 'columns' as const, false],
  ])('%s', async (_name, setting, refusedByWording) => {
    const server = await serve(setting === undefined ? {} : { sensitiveQuestions: setting });
    const run = await ask(server, QUESTION);
    expect(run.refusal?.code === 'SENSITIVE_QUESTION').toBe(refusedByWording);
  });
});
