/**
 * The batch session of `svc mcp` (jsonrpc-batches.ts) on its own: the revision is read from the
 * server's answer to initialize (not from what the client asked), a batch's replies are held
 * until its last member is answered while other replies pass at once, and each member keeps its
 * place in the array whatever order the replies come in.
 */
import { describe, expect, it } from 'vitest';
import { BatchSession } from '../../../src/server/mcp/jsonrpc-batches.js';
import { gateLine } from '../../../src/server/mcp/jsonrpc-gate.js';

const reply = (id: number | string, result: unknown = {}) => JSON.stringify({ jsonrpc: '2.0', id, result });
const call = (id: number | string, method = 'ping') => ({ jsonrpc: '2.0', id, method, params: {} });

/** A session whose client asked for `asked` and whose server answered `answered`. */
function session(asked: string, answered: string): BatchSession {
  const s = new BatchSession();
  gateLine(JSON.stringify({ ...call('init', 'initialize'), params: { protocolVersion: asked, capabilities: {}, clientInfo: { name: 'x', version: '0' } } }), s);
  expect(s.outgoing(reply('init', { protocolVersion: answered }))).toBe(reply('init', { protocolVersion: answered }));
  return s;
}

describe('the revision a batch is read by', () => {
  it.each([
    ['asked and agreed on 2025-03-26', '2025-03-26', '2025-03-26', 'split'],
    ['asked 2025-03-26, answered 2025-11-25', '2025-03-26', '2025-11-25', 'refused'],
    ['asked 2025-06-18, agreed', '2025-06-18', '2025-06-18', 'refused'],
  ])('%s: the batch is %s', (_name, asked, answered, outcome) => {
    const gated = gateLine(JSON.stringify([call(1)]), session(asked, answered));
    if (outcome === 'split') expect(gated).toEqual({ forward: [`${JSON.stringify(call(1))}\n`] });
    else expect(gated).toMatchObject({ forward: [], answer: { id: null, error: { code: -32600 } } });
  });
});

describe('replies to a batch', () => {
  it('are held until the last member is answered, in the members order, while other replies pass', () => {
    const s = session('2025-03-26', '2025-03-26');
    gateLine(JSON.stringify([call(1), call(2), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } }, 'bad']), s);
    expect(s.outgoing(reply(2, { n: 2 }))).toBeUndefined();
    expect(s.outgoing(reply('single'))).toBe(reply('single'));
    const array = JSON.parse(s.outgoing(reply(1, { n: 1 })) ?? 'null') as Array<{ id: unknown; result?: unknown; error?: { code: number } }>;
    expect(array.map((r) => [r.id, r.result ?? r.error?.code])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [null, -32600],
    ]);
    // The batch is done: a later reply with one of its ids is not held.
    expect(s.outgoing(reply(1))).toBe(reply(1));
  });

  it('lets a request the server sends to the client and a notification pass at once', () => {
    const s = session('2025-03-26', '2025-03-26');
    gateLine(JSON.stringify([call(1)]), s);
    const fromServer = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'roots/list' });
    expect(s.outgoing(fromServer)).toBe(fromServer);
    const note = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    expect(s.outgoing(note)).toBe(note);
    expect(JSON.parse(s.outgoing(reply(1)) ?? 'null')).toHaveLength(1);
  });
});
