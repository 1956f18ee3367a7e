/**
 * Errors of the request itself, before any route: a body over the limit, a body that is not
 * JSON, a media type the API does not take, and an unknown route, each with its stable code.
 */
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../src/index.js';
import type { Executor } from '../../src/warehouse/types.js';
import { emptyManifest, unusedExecutor } from '../helpers/stub-server.js';

const manifest = emptyManifest();
const executor: Executor = unusedExecutor;
const app = buildServer({
  root: '/nonexistent',
  manifest,
  executor,
  config: { project: 'p' },
  principal: { id: 'o', kind: 'person', source: 'local' },
  bodyLimit: 64,
});

describe('request errors', () => {
  it.each([
    ['a body over the limit', { 'content-type': 'application/json' }, JSON.stringify({ question: 'x'.repeat(200) }), 413, 'PAYLOAD_TOO_LARGE'],
    ['a media type the API does not take', { 'content-type': 'text/xml' }, '<q/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body that is not JSON', { 'content-type': 'application/json' }, '{"question":', 400, 'BAD_REQUEST'],
  ])('%s', async (_name, headers, payload, status, code) => {
    const res = await app.inject({ method: 'POST', url: '/api/agent-runs', headers, payload });
    expect(res.statusCode).toBe(status);
    expect((res.json() as { error: { code: string } }).error.code).toBe(code);
  });

  it('an unknown route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect([res.statusCode, (res.json() as { error: { code: string } }).error.code]).toEqual([404, 'NOT_FOUND']);
  });
});
