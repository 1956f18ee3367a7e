/** The server log's redaction and pretty layout, as tables over the real pino logger. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createServerLogger, prettyLine, redactText } from '../../src/server/server-logger.js';

/** A logger in `format` and the text it wrote. */
function capture(format: 'json' | 'pretty') {
  let text = '';
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { logger: createServerLogger(format, out), text: () => text };
}

describe('free text is blanked where it could hold a value', () => {
  it.each([
    ["[r1] WAREHOUSE_ERROR running x: invalid input syntax for type integer: 'ACME-42'", "integer: '[redacted]'"],
    ["no such value 'it''s secret' in orders", "'[redacted]' in orders"],
    ['cannot connect to postgres://svc:hunter2@db.internal/shop', 'postgres://svc:[redacted]@db.internal/shop'],
    ['dsn host=db password=hunter2 user=svc', 'password=[redacted] user=svc'],
    ['token=abc123&x=1', 'token=[redacted]&x=1'],
  ])('%s', (line, shown) => {
    const out = redactText(line);
    expect(out).toContain(shown);
    for (const secret of ['ACME-42', "it''s secret", 'hunter2', 'abc123']) expect(out).not.toContain(secret);
  });

  it.each([["the block's owner isn't set"], ['svc: 2 errors in 2 files; blocks with errors are not served as certified']])('leaves prose alone: %s', (line) => {
    expect(redactText(line)).toBe(line);
  });
});

describe('records are censored wherever the question, SQL, parameters or secrets sit', () => {
  it.each([
    ['the question', { question: 'What did ACME-SECRET buy?' }, 'ACME-SECRET'],
    ['a nested question', { run: { question: 'What did ACME-SECRET buy?' } }, 'ACME-SECRET'],
    ['SQL', { sql: "SELECT * FROM t WHERE c = 'ACME-SECRET'" }, 'ACME-SECRET'],
    ['parameter values', { block: { params: { customer: 'ACME-SECRET' } } }, 'ACME-SECRET'],
    ['a password', { connection: { password: 'ACME-SECRET' } }, 'ACME-SECRET'],
    ['an authorization header', { req: { headers: { authorization: 'Bearer ACME-SECRET' } } }, 'ACME-SECRET'],
  ])('%s', (_name, fields, secret) => {
    for (const format of ['json', 'pretty'] as const) {
      const { logger, text } = capture(format);
      logger.info(fields, 'a record');
      expect(text(), format).toContain('a record');
      expect(text(), format).not.toContain(secret);
    }
  });

  it('a request record keeps the path and drops the query', () => {
    const { logger, text } = capture('json');
    logger.info({ req: { method: 'GET', url: '/api/blocks?q=ACME-SECRET', ip: '127.0.0.1' } }, 'incoming request');
    expect(JSON.parse(text())).toMatchObject({ level: 30, service: 'svc', req: { method: 'GET', url: '/api/blocks?[redacted]' } });
  });
});

describe('pretty lines', () => {
  it.each([
    [
      { level: 30, time: '2026-01-02T03:04:05.678Z', reqId: 'abcdef12-3456', msg: 'request completed', res: { statusCode: 200 }, responseTime: 12.34 },
      '03:04:05.678 INFO  [abcdef12] request completed (200 12.3 ms)\n',
    ],
    [{ level: 50, time: '2026-01-02T03:04:05.678Z', msg: '[r1] failed' }, '03:04:05.678 ERROR [r1] failed\n'],
    [
      { level: 40, time: '2026-01-02T03:04:05.678Z', reqId: 'ffffffff-1', msg: 'slow', req: { method: 'POST', url: '/api/agent-runs' } },
      '03:04:05.678 WARN  [ffffffff] slow (POST /api/agent-runs)\n',
    ],
  ])('%j', (record, line) => {
    expect(prettyLine(record)).toBe(line);
  });
});
