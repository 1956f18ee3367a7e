/** A server reachable beyond loopback needs the shared token; without it, it does not start. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { startLocalServer } from '../../src/index.js';
import { isLoopbackHost } from '../../src/loopback.js';
import { installSharedToken, requiredToken, SharedTokenRequiredError, SharedTokenTooShortError } from '../../src/server/shared-token.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

const TOKEN = 'a-long-enough-shared-secret';

describe('loopback hosts', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['localhost', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['192.168.1.2', false],
    ['example.test', false],
    ['127.0.0.1.example.test', false],
  ])('%s -> %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});

describe('requiredToken', () => {
  it('needs none on loopback, and a long enough one anywhere else', () => {
    expect(requiredToken('127.0.0.1', {})).toBeUndefined();
    expect(() => requiredToken('0.0.0.0', {})).toThrow(SharedTokenRequiredError);
    expect(() => requiredToken('0.0.0.0', { SVC_SERVER_TOKEN: 'short' })).toThrow(SharedTokenTooShortError);
    expect(requiredToken('0.0.0.0', { SVC_SERVER_TOKEN: TOKEN })).toBe(TOKEN);
  });

  it('says why with a stable code a starting program can branch on', () => {
    const codeOf = (env: NodeJS.ProcessEnv) => {
      try {
        requiredToken('0.0.0.0', env);
        return undefined;
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    expect(codeOf({})).toBe('SERVER_TOKEN_REQUIRED');
    expect(codeOf({ SVC_SERVER_TOKEN: 'short' })).toBe('SERVER_TOKEN_TOO_SHORT');
  });

  it('refuses a short token everywhere and uses a set one on loopback too', () => {
    expect(() => requiredToken('127.0.0.1', { SVC_SERVER_TOKEN: 'short' })).toThrow(SharedTokenTooShortError);
    expect(() => requiredToken('::1', { SVC_SERVER_TOKEN: '123456789012345' })).toThrow(SharedTokenTooShortError);
    expect(requiredToken('127.0.0.1', { SVC_SERVER_TOKEN: TOKEN })).toBe(TOKEN);
    expect(requiredToken('127.0.0.1', { SVC_SERVER_TOKEN: '' })).toBeUndefined();
  });
});

describe('the token hook', () => {
  const app = Fastify();
  installSharedToken(app, TOKEN);
  app.get('/api/health', async () => ({ ok: true }));
  app.get('/api/blocks', async () => ({ blocks: [] }));
  app.get('/api/health/deep', async () => ({ ok: true }));

  it.each([
    ['GET', '/api/health', undefined, 200],
    ['GET', '/api/health?x=1', undefined, 200],
    ['GET', '/api/blocks', undefined, 401],
    ['GET', '/api/health/deep', undefined, 401],
    ['GET', '/api/blocks', `Bearer ${TOKEN}x`, 401],
    ['GET', '/api/blocks', `Bearer ${TOKEN.slice(1)}`, 401],
    ['GET', '/api/blocks', TOKEN, 401],
    ['GET', '/api/blocks', `bearer ${TOKEN}`, 401],
    ['GET', '/api/blocks', `Bearer ${TOKEN}`, 200],
  ])('%s %s with %s -> %d', async (method, url, authorization, status) => {
    const r = await app.inject({ method: method as 'GET', url, headers: authorization === undefined ? {} : { authorization } });
    expect(r.statusCode).toBe(status);
    if (status === 401) expect(r.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });
});

describe('startLocalServer on every interface', () => {
  it('refuses to start without the token, and serves with it', async () => {
    const root = await commerceProject();
    const before = process.env['SVC_SERVER_TOKEN'];
    delete process.env['SVC_SERVER_TOKEN'];
    await expect(startLocalServer({ project: root, host: '0.0.0.0', port: 0, log: () => {} })).rejects.toBeInstanceOf(SharedTokenRequiredError);
    process.env['SVC_SERVER_TOKEN'] = TOKEN;
    try {
      const server = await startLocalServer({ project: root, host: '0.0.0.0', port: 0, log: () => {} });
      try {
        const port = new URL(server.url).port;
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        expect((await fetch(`${base}/api/blocks`)).status).toBe(401);
        expect((await fetch(`${base}/api/blocks`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      if (before === undefined) delete process.env['SVC_SERVER_TOKEN'];
      else process.env['SVC_SERVER_TOKEN'] = before;
    }
  });
});
