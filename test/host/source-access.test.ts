/**
 * `sourceAccess` (spec 02; spec 03 "Answers, figures and sources" 3): Ask builds its vocabulary
 * only from the certified blocks the host admits for the person; a refused block never answers,
 * even when named. The host is told the certified blocks by their `app:block:` ids and may
 * answer those or `block:<domain>.<name>`, and is told the relations each source reads as the
 * engine resolves them. An App page refuses just the tiles on a refused source. Conformance: no
 * hook, valid, wrong shape, throw, time-out (each failure admits none).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { appBlockSourceId, blockSourceId } from '../../src/hooks/source-access.js';
import type { HostHooks, LocalServer } from '../../src/host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

const hosted = async (sourceAccess?: HostHooks['sourceAccess']): Promise<LocalServer> =>
  (await servers.start(sourceAccess !== undefined ? { sourceAccess } : {})).server;

async function ask(server: LocalServer, user: string, question: string): Promise<Record<string, any>> {
  const r = await fetch(`${server.url}/api/agent-runs`, {
    method: 'POST',
    headers: { 'x-user': user, 'content-type': 'application/json' },
    body: JSON.stringify({ question }),
  });
  return (await r.json()) as Record<string, any>;
}

const STATES = 'top 3 states by revenue';
const TOP = 'sales.top_states_by_revenue';

describe('sourceAccess', () => {
  it('answers each person only from the certified blocks admitted to them, and is told app:block ids', async () => {
    const told: string[][] = [];
    const server = await hosted((p, ids) => {
      told.push(ids);
      return p.id === 'ada'
        ? ids
        : ids.filter(
            (id) => id !== appBlockSourceId({ domain: 'sales', name: 'top_states_by_revenue', file: 'domains/sales/blocks/top_states_by_revenue.svc' }),
          );
    });
    expect(await ask(server, 'ada', STATES)).toMatchObject({ tier: 1, trust: 'certified', block: TOP });
    const bob = await ask(server, 'bob', STATES);
    expect(bob['trust']).not.toBe('certified');
    expect(bob['block']).not.toBe(TOP);
    expect(told[0]?.length).toBeGreaterThan(1);
    expect(told[0]?.every((id) => /^app:block:[a-z_]+:[0-9a-f]{16}$/.test(id))).toBe(true);
  });

  it('refuses a named block the person may not use, without answering from it', async () => {
    const server = await hosted(() => []);
    const run = await ask(server, 'ada', `${TOP}`);
    expect(run['trust']).not.toBe('certified');
    expect(run['rows']).toEqual([]);
  });

  it('admits a block by block:<domain>.<name> as well', async () => {
    const server = await hosted(() => new Set([blockSourceId({ id: TOP })]));
    expect(await ask(server, 'ada', STATES)).toMatchObject({ tier: 1, block: TOP });
  });
});

describe('sourceAccess on App pages and relation names', () => {
  it("runs each reader's admitted tiles and refuses just the others, telling each source's resolved relations", async () => {
    const told: Array<Record<string, Array<{ name: string; written: string }>>> = [];
    const server = await hosted((p, ids, context) => {
      told.push(context.relations);
      return p.id === 'ada' ? ids : [blockSourceId({ id: 'finance.weekly_revenue' })];
    });
    const run = async (user: string) => {
      const r = await fetch(`${server.url}/api/apps/growth/pages/overview/run`, {
        method: 'POST',
        headers: { 'x-user': user, 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await r.json()) as { tiles: Array<{ id: string; source?: string; ok?: boolean; error?: { code: string } }> }).tiles.filter(
        (t) => t.source !== undefined,
      );
    };
    expect((await run('ada')).every((t) => t.ok === true)).toBe(true);
    const bobs = await run('bob');
    expect(bobs.filter((t) => t.ok === true).map((t) => t.source)).toEqual(['finance.weekly_revenue']);
    expect(new Set(bobs.filter((t) => t.ok !== true).map((t) => t.error?.code))).toEqual(new Set(['SOURCE_REFUSED']));
    const weekly = appBlockSourceId({ domain: 'finance', name: 'weekly_revenue', file: 'domains/finance/blocks/weekly_revenue.svc' });
    expect(told[0]?.[weekly]?.map((r) => r.name)).toContain('main.orders');
  });
});

describe('sourceAccess: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  it.each([
    ['no hook: every source', undefined, true],
    ['valid: all admitted', (_p: unknown, ids: string[]) => ids, true],
    ['wrong shape: a string', () => 'app:block:sales', false],
    ['wrong shape: a list of numbers', () => [1, 2], false],
    [
      'throw',
      () => {
        throw new Error('catalog down');
      },
      false,
    ],
    ['time-out', never, false],
  ] as const)('%s', async (_name, hook, answers) => {
    const server = await hosted(hook as HostHooks['sourceAccess']);
    const run = await ask(server, 'ada', STATES);
    expect(run['trust'] === 'certified' && run['block'] === TOP).toBe(answers);
  });
});
