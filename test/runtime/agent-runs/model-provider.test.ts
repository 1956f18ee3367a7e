/**
 * The OpenAI-compatible client against the loopback fake: configuration from ask.provider, the
 * key from the named environment variable (never in an error), a real deadline, typed errors for
 * every malformed reply, a `local` provider that refuses any non-loopback URL, and reading SQL
 * (or a decline) out of a reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcConfig } from '../../../src/compiler/project/config.js';
import { isLoopbackHost } from '../../../src/loopback.js';
import { configuredProvider, createModelProvider, ModelProviderError, readModelReply } from '../../../src/runtime/agent-runs/index.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../helpers/fake-openai.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake?.close();
});

const config = (provider: Record<string, unknown> | undefined): SvcConfig => ({ project: 'p', ...(provider === undefined ? {} : { ask: { provider } }) });
const MESSAGES = [{ role: 'user' as const, content: 'q' }];

async function failure(p: Promise<unknown>): Promise<ModelProviderError> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelProviderError);
  return error as ModelProviderError;
}

describe('configuration', () => {
  it('has no provider without ask.provider or with kind none', () => {
    expect(createModelProvider(config(undefined))).toBeUndefined();
    expect(createModelProvider(config({ kind: 'none' }))).toBeUndefined();
  });

  it.each([
    [{ kind: 'openai-compatible', model: 'm' }, 'MODEL_CONFIG_INVALID'],
    [{ kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1' }, 'MODEL_CONFIG_INVALID'],
    [{ kind: 'openai-compatible', baseUrl: 'ftp://x/v1', model: 'm' }, 'MODEL_CONFIG_INVALID'],
    [{ kind: 'local', baseUrl: 'http://10.0.0.5:11434/v1', model: 'm' }, 'MODEL_NOT_LOOPBACK'],
    [{ kind: 'local', baseUrl: 'http://models.example.com/v1', model: 'm' }, 'MODEL_NOT_LOOPBACK'],
  ])('refuses %j with %s, and a server keeps running with a provider that fails every call', async (provider, code) => {
    expect(() => createModelProvider(config(provider), {})).toThrow(expect.objectContaining({ code }));
    const broken = configuredProvider(config(provider), {});
    expect((await failure(broken!.complete(MESSAGES))).code).toBe(code);
  });

  it('tells loopback hosts from the rest by their text', () => {
    for (const h of ['127.0.0.1', '127.8.9.10', 'localhost', '[::1]', '::1', '::ffff:127.0.0.1', '[::ffff:7f00:1]']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['10.0.0.1', '0.0.0.0', 'example.com', 'localhost.example.com', '::', '[::ffff:a00:1]', 'a.localhost'])
      expect(isLoopbackHost(h)).toBe(false);
  });

  it('a local provider defaults to its environment variable, then the loopback default', () => {
    expect(createModelProvider(config({ kind: 'local', model: 'm' }), {})?.baseUrl).toBe('http://127.0.0.1:11434/v1');
    expect(createModelProvider(config({ kind: 'local', model: 'm' }), { SVC_LOCAL_MODEL_URL: fake.baseUrl })?.baseUrl).toBe(fake.baseUrl);
    expect(() => createModelProvider(config({ kind: 'local', model: 'm' }), { SVC_LOCAL_MODEL_URL: 'http://192.168.1.2/v1' })).toThrow(
      expect.objectContaining({ code: 'MODEL_NOT_LOOPBACK' }),
    );
  });
});

describe('calls', () => {
  it('posts the model and messages with the key from the environment and returns the content', async () => {
    fake.script(sqlReply('SELECT 1'));
    const provider = createModelProvider(config({ kind: 'local', baseUrl: fake.baseUrl, model: 'tiny', apiKeyEnv: 'MY_KEY' }), { MY_KEY: 'k-123' });
    expect(await provider!.complete(MESSAGES)).toBe(sqlReply('SELECT 1'));
    expect(fake.requests[0]).toMatchObject({ path: '/v1/chat/completions', body: { model: 'tiny', messages: MESSAGES } });
    expect(fake.requests[0]?.headers['authorization']).toBe('Bearer k-123');
  });

  it('fails closed, naming the variable but never a key, when the key is missing', async () => {
    const provider = createModelProvider(config({ kind: 'openai-compatible', baseUrl: fake.baseUrl, model: 'm', apiKeyEnv: 'ABSENT_KEY' }), {});
    const error = await failure(provider!.complete(MESSAGES));
    expect(error.code).toBe('MODEL_CONFIG_INVALID');
    expect(error.message).toContain('ABSENT_KEY');
  });

  it.each([
    [{ status: 503, body: '{}' }, 'MODEL_HTTP_ERROR'],
    [{ status: 200, body: '<html>' }, 'MODEL_MALFORMED_REPLY'],
    [{ status: 200, body: '{"choices":[]}' }, 'MODEL_MALFORMED_REPLY'],
    [{ status: 200, body: '{"choices":[{"message":{"content":42}}]}' }, 'MODEL_MALFORMED_REPLY'],
  ])('answers %j with %s', async (reply, code) => {
    fake.script(reply);
    const provider = createModelProvider(config({ kind: 'openai-compatible', baseUrl: fake.baseUrl, model: 'm' }));
    expect((await failure(provider!.complete(MESSAGES))).code).toBe(code);
  });

  it('stops waiting at the deadline', async () => {
    fake.script({ delayMs: 2000, content: 'late' });
    const provider = createModelProvider(config({ kind: 'openai-compatible', baseUrl: fake.baseUrl, model: 'm' }));
    const started = performance.now();
    expect((await failure(provider!.complete(MESSAGES, { deadlineMs: 150 }))).code).toBe('MODEL_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('says a local runtime that is not running is not running, naming its address', async () => {
    const provider = createModelProvider(config({ kind: 'local', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }));
    const error = await failure(provider!.complete(MESSAGES));
    expect(error.code).toBe('MODEL_UNREACHABLE');
    expect(error.message).toContain('127.0.0.1:9');
  });
});

describe('readModelReply', () => {
  it.each([
    ['```sql\nSELECT 1;\n```', { kind: 'sql', sql: 'SELECT 1' }],
    ['Sure:\n```\nSELECT a FROM t\n```\nDone.', { kind: 'sql', sql: 'SELECT a FROM t' }],
    ['```text\nnote\n```\n```sql\nSELECT 2\n```', { kind: 'sql', sql: 'SELECT 2' }],
    ['  SELECT 3 ;; ', { kind: 'sql', sql: 'SELECT 3' }],
    ['CANNOT_ANSWER: no weather data', { kind: 'declined', reason: 'no weather data' }],
    ['```sql\nCANNOT_ANSWER - nothing\n```', { kind: 'declined', reason: 'nothing' }],
    ['```text\na\n```\n```text\nb\n```', { kind: 'unreadable' }],
    ['   ', { kind: 'unreadable' }],
    ['I think revenue grew last week, mostly in the west.', { kind: 'no-sql' }],
    ['Sorry, I cannot help with that.', { kind: 'no-sql' }],
    ['WITH x AS (SELECT 1) SELECT * FROM x', { kind: 'sql', sql: 'WITH x AS (SELECT 1) SELECT * FROM x' }],
    ['(SELECT 1)', { kind: 'sql', sql: '(SELECT 1)' }],
    ['DELETE FROM t', { kind: 'sql', sql: 'DELETE FROM t' }],
    ['```\nDELETE FROM t\n```', { kind: 'sql', sql: 'DELETE FROM t' }],
  ])('%j', (content, expected) => {
    expect(readModelReply(content)).toEqual(expected);
  });
});
