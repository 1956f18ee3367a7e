/**
 * `svc serve --log-format json|pretty` as a real child process: each request is logged with its
 * own id (the one the answer's x-request-id names), method, path, status and time; the
 * question, a query string and an authorization header never reach the log; json is one object
 * a line from start to stop; a project's problems are warnings; an unknown format is refused.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SVC_BIN, svc } from '../helpers/cli.js';
import { blockSource, cleanupProjects, makeProject } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

const SECRET = 'ACME-SECRET-7';

/** Serves `root` with `format`, makes three requests, stops it; returns the ids the answers named and the log. */
async function serveAndAsk(root: string, format: string): Promise<{ ids: string[]; log: string; code: number | null }> {
  const child = spawn(process.execPath, [SVC_BIN, 'serve', '--port', '0', '--log-format', format], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (log += c));
  // 'close', not 'exit': the last stderr lines may still be in the pipe when the process exits.
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  try {
    const url = await new Promise<string>((done, fail) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        out += c;
        if (out.includes('\n')) done(out.slice(0, out.indexOf('\n')));
      });
      child.once('exit', () => fail(new Error(`svc serve exited before printing a URL: ${log}`)));
    });
    const answers = [
      await fetch(`${url}/api/health?who=${SECRET}`, { headers: { authorization: `Bearer ${SECRET}` } }),
      await fetch(`${url}/api/agent-runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: `What was revenue last week for ${SECRET}?` }),
      }),
      await fetch(`${url}/api/blocks/finance.nope/run`, { method: 'POST' }),
    ];
    const ids = answers.map((a) => a.headers.get('x-request-id') ?? '');
    await Promise.all(answers.map((a) => a.text()));
    child.kill('SIGTERM');
    const code = await exited;
    return { ids, log, code };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('svc serve logs', () => {
  it('--log-format json: one object a line, each request under its own id, nothing asked or secret', async () => {
    const root = await commerceProject();
    writeFileSync(join(root, 'domains/finance/blocks/broken.svc'), blockSource('broken', { domain: '"finance"', query: '"""SELECT ${ghost}"""' }));
    const { ids, log, code } = await serveAndAsk(root, 'json');
    expect(code).toBe(0);
    expect(log).not.toContain(SECRET);
    const records = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; reqId?: string; req?: { method: string; url: string }; res?: { statusCode: number } });
    expect(new Set(ids).size).toBe(3);
    for (const [i, [method, path, status]] of [
      ['GET', '/api/health?[redacted]', 200],
      ['POST', '/api/agent-runs', 200],
      ['POST', '/api/blocks/finance.nope/run', 404],
    ].entries()) {
      const mine = records.filter((r) => r.reqId === ids[i]);
      expect(mine.find((r) => r.msg === 'incoming request')?.req).toMatchObject({ method, url: path });
      expect(mine.find((r) => r.msg === 'request completed')).toMatchObject({ level: 30, res: { statusCode: status } });
    }
    // The project's problem is said at warn level, not as a bare stderr line.
    expect(records.find((r) => r.msg.includes('blocks with errors are not served as certified'))?.level).toBe(40);
    expect(records.at(-1)?.msg).toContain('SIGTERM received, closing');
  });

  it('--log-format pretty (the default): short lines naming level and request id, the secret still absent', async () => {
    const { ids, log, code } = await serveAndAsk(await commerceProject(), 'pretty');
    expect(code).toBe(0);
    expect(log).not.toContain(SECRET);
    for (const id of ids)
      expect(log).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  \\[${id.slice(0, 8)}\\] request completed \\(\\d{3} [\\d.]+ ms\\)$`, 'm'));
    expect(() => JSON.parse(log.split('\n')[0] ?? '')).toThrow();
  });

  it('refuses an unknown format (exit 2)', () => {
    const r = svc(['serve', '--log-format', 'xml'], makeProject({}));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--log-format');
  });
});
