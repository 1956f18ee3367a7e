/**
 * JSON-RPC batches on `svc mcp` as the negotiated MCP revision says, driven by a raw stdio
 * client (a real child process, no SDK in between): a session of 2025-11-25, 2025-06-18 or
 * 2024-11-05 gets one -32600 for a batch and none of its members runs; a batch before
 * initialize gets one -32600; a 2025-03-26 session (the one revision whose servers must accept
 * batches) gets one array of replies in the members' order, with each bad member's own error in
 * its place, and no reply at all to a batch of notifications.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type RawClient, type Reply, rawMcp } from '../helpers/mcp-raw-client.js';
import { cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

let client: RawClient | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function session(revision?: string): Promise<RawClient> {
  client = rawMcp(await commerceProject());
  if (revision !== undefined) expect((await client.initialize(revision)).result?.['protocolVersion']).toBe(revision);
  return client;
}

const request = (id: number | string, method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method, params });
const TWO_PINGS = JSON.stringify([request(1, 'ping'), request(2, 'ping')]);

/** The next reply is the answer to a fresh request: nothing else (a batch member's reply) came first. */
async function nothingElseCame(c: RawClient): Promise<void> {
  const r = await c.request('after', 'ping', {});
  expect(r).toEqual({ jsonrpc: '2.0', id: 'after', result: {} });
}

describe('a batch where the session has none', () => {
  it.each([
    ['a 2025-11-25 session', '2025-11-25', /MCP 2025-11-25, which has no JSON-RPC batches/],
    ['a 2025-06-18 session', '2025-06-18', /MCP 2025-06-18, which has no JSON-RPC batches/],
    ['a 2024-11-05 session', '2024-11-05', /MCP 2024-11-05, which has no JSON-RPC batches/],
    ['a session not yet initialized', undefined, /only after initialize/],
  ])('%s answers one -32600 and runs no member', async (_name, revision, said) => {
    const c = await session(revision);
    const r = await c.send<Reply>(TWO_PINGS);
    expect(r).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    expect(r.error?.message).toMatch(said);
    if (revision !== undefined) await nothingElseCame(c);
  });
});

describe('a batch in a 2025-03-26 session', () => {
  it('answers one array, in the order of its members, each bad member with its own error', async () => {
    const c = await session('2025-03-26');
    const batch = [
      request(1, 'tools/list'),
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'none' } },
      request('two', 'tools/call', { name: 'search_blocks', arguments: { query: 'weekly revenue' } }),
      { foo: 'bar' },
      request(3, 'tools/call', { name: 'search_block', arguments: {} }),
      request(4, 'initialize', { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'raw', version: '0' } }),
      request(5, 'ping'),
    ];
    const replies = await c.send<Reply[]>(JSON.stringify(batch));
    expect(replies.map((r) => [r.id, r.error?.code ?? 'result'])).toEqual([
      [1, 'result'],
      ['two', 'result'],
      [null, -32600],
      [3, -32602],
      [4, -32600],
      [5, 'result'],
    ]);
    expect((replies[0]?.result?.['tools'] as unknown[]).length).toBe(13);
    expect(JSON.stringify(replies[1]?.result)).toContain('finance.weekly_revenue');
    expect(replies[4]?.error?.message).toMatch(/initialize is never part of a JSON-RPC batch/);
    await nothingElseCame(c);
  });

  it.each([
    ['a batch of notifications', [{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'none' } }], undefined],
    ['an empty batch', [], -32600],
    ['a batch of bad members only', [1, 'x'], 'array'],
  ])('%s', async (_name, batch, answer) => {
    const c = await session('2025-03-26');
    c.write(JSON.stringify(batch));
    if (answer === -32600) expect(await c.next()).toMatchObject({ id: null, error: { code: -32600 } });
    if (answer === 'array')
      expect(await c.next<Reply[]>()).toMatchObject([
        { id: null, error: { code: -32600 } },
        { id: null, error: { code: -32600 } },
      ]);
    await nothingElseCame(c);
  });
});
