/**
 * `svc mcp` end to end: an MCP client (official SDK) starts `node dist/src/svc.js mcp
 * --project <copy>` as a child process and talks to it over stdio. The child lists the 13
 * tools, answers search_blocks, query_via_block, certify and answer_question, keeps stdout for
 * the MCP stream only, and exits 0 on its own when the client closes stdin (or on SIGTERM),
 * leaving no process behind. Needs the build (`npm test` builds first through pretest).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { SVC_BIN, svc } from '../helpers/cli.js';
import { blockSource, cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

/** Live child processes of `pid` (Linux /proc; empty elsewhere). */
function childrenOf(pid: number): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .flatMap((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid ? [Number(e)] : [];
      } catch {
        return [];
      }
    });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Session {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  errors: Error[];
  closed: Promise<void>;
}

async function start(root: string): Promise<Session> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [SVC_BIN, 'mcp', '--project', root], stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'svc-cli-test', version: '0.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => void errors.push(error);
  const closed = new Promise<void>((done) => (client.onclose = () => done()));
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, errors, closed };
}

const json = (r: Awaited<ReturnType<Client['callTool']>>): Record<string, unknown> =>
  JSON.parse((r.content as Array<{ text: string }>)[0]?.text ?? '{}') as Record<string, unknown>;

describe('svc mcp', () => {
  it('serves the agent tools over stdio and exits on its own when stdin closes', async () => {
    expect(existsSync(SVC_BIN), 'dist/src/svc.js is missing: run npm run build').toBe(true);
    const root = await commerceProject();
    const s = await start(root);
    const pid = s.transport.pid ?? -1;
    let helpers: number[] = [];
    try {
      const { tools } = await s.client.listTools();
      expect(tools).toHaveLength(13);
      expect(tools.map((t) => t.name)).toEqual([...tools.map((t) => t.name)].sort());

      const search = json(await s.client.callTool({ name: 'search_blocks', arguments: { query: 'weekly revenue' } }));
      expect((search['blocks'] as Array<{ id: string }>)[0]?.id).toBe('finance.weekly_revenue');

      const answered = await s.client.callTool({ name: 'query_via_block', arguments: { block: 'finance.weekly_revenue', params: { top_n: 4 } } });
      expect(answered.isError).toBeFalsy();
      expect(json(answered)).toMatchObject({ tier: 1, trust: 'certified', rowCount: 4, contract: 'finance.Revenue.weekly_revenue@1' });

      const refused = await s.client.callTool({ name: 'query_via_block', arguments: { block: 'customers.churn_risk' } });
      expect(refused.isError).toBe(true);
      expect(json(refused)).toMatchObject({ error: { code: 'REVIEW_REQUIRED' } });

      const judged = json(await s.client.callTool({ name: 'certify', arguments: { block: 'sales.cancellation_rate_by_channel' } }));
      expect(judged).toMatchObject({ certifiable: false, written: [] });

      const asked = json(await s.client.callTool({ name: 'answer_question', arguments: { question: 'Which channel has the highest cancellation rate?' } }));
      expect(asked).toMatchObject({ error: { code: 'REVIEW_REQUIRED', block: 'sales.cancellation_rate_by_channel', trust: 'refused' } });
      const tier1 = json(await s.client.callTool({ name: 'answer_question', arguments: { question: 'What is the channel mix?' } }));
      expect(tier1).toMatchObject({ tier: 1, trust: 'certified', block: 'sales.channel_mix' });

      helpers = childrenOf(pid);
      // The SQLite connector runs statements in a helper process: it must go with the server.
      if (existsSync('/proc')) expect(helpers.length).toBeGreaterThan(0);
      const began = Date.now();
      await s.client.close();
      await s.closed;
      // The transport would SIGTERM after 2 s; the server must have gone on stdin's end alone.
      expect(Date.now() - began).toBeLessThan(2_000);
      expect(s.stderr()).toContain('MCP server closed (stdin-closed)');
      expect(s.errors).toEqual([]);
    } finally {
      await s.client.close().catch(() => undefined);
    }
    expect(alive(pid)).toBe(false);
    await new Promise((r) => setTimeout(r, 200));
    expect(helpers.filter(alive)).toEqual([]);
  });

  it('closes everything on SIGTERM', async () => {
    const s = await start(await commerceProject());
    const pid = s.transport.pid ?? -1;
    try {
      await s.client.callTool({ name: 'query_via_block', arguments: { block: 'sales.channel_mix' } });
      const helpers = childrenOf(pid);
      process.kill(pid, 'SIGTERM');
      await s.closed;
      expect(s.stderr()).toContain('MCP server closed (SIGTERM)');
      await new Promise((r) => setTimeout(r, 200));
      expect(helpers.filter(alive)).toEqual([]);
    } finally {
      await s.client.close().catch(() => undefined);
    }
    expect(alive(pid)).toBe(false);
  });

  it('starts a project with a broken block and answers from the others', async () => {
    const root = await commerceProject();
    writeFileSync(join(root, 'domains/finance/blocks/broken.svc'), blockSource('broken', { domain: '"finance"', query: '"""SELECT ${ghost}"""' }));
    const s = await start(root);
    try {
      const r = await s.client.callTool({ name: 'query_via_block', arguments: { block: 'sales.channel_mix' } });
      expect(r.isError).not.toBe(true);
      expect(s.stderr()).toContain('svc mcp: 1 error in the project; blocks with errors are not served as certified');
    } finally {
      await s.client.close().catch(() => undefined);
    }
  });

  it('does not start when the configuration does not read, and writes nothing to stdout', async () => {
    const root = await commerceProject();
    writeFileSync(join(root, 'svc.config.json'), '{ "project": ');
    const r = svc(['mcp'], root);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('config/invalid-json');
  });
});
