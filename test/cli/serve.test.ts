/**
 * `svc serve` end to end as a real child process: it prints the URL on stdout, answers on it,
 * and on SIGTERM closes everything and exits 0. A project with a broken or stale block starts and
 * serves the rest; a configuration that does not read does not start (exit 2).
 * Needs the build (`npm test` builds first through pretest).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SVC_BIN, svc } from '../helpers/cli.js';
import { blockSource, cleanupProjects } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

/** Resolves with the first stdout line of `child`, or rejects when it exits first. */
function firstLine(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const end = out.indexOf('\n');
      if (end >= 0) done(out.slice(0, end));
    });
    child.once('exit', (code) => fail(new Error(`svc serve exited (${code}) before printing a URL`)));
  });
}

describe('svc serve', () => {
  it('serves until SIGTERM, then exits 0', async () => {
    expect(existsSync(SVC_BIN), 'dist/src/svc.js is missing: run npm run build').toBe(true);
    const root = await commerceProject();
    const child = spawn(process.execPath, [SVC_BIN, 'serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const url = await firstLine(child);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toMatchObject({ ok: true, project: 'commerce' });
      const run = await fetch(`${url}/api/blocks/finance.weekly_revenue/run`, { method: 'POST' });
      expect(run.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toContain('SIGTERM received, closing');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('starts a project with a broken block and a stale receipt, and serves every other block', async () => {
    const root = await commerceProject();
    writeFileSync(join(root, 'domains/finance/blocks/broken.svc'), blockSource('broken', { domain: '"finance"', query: '"""SELECT ${ghost}"""' }));
    const weekly = join(root, 'domains/finance/blocks/weekly_revenue.svc');
    writeFileSync(weekly, readFileSync(weekly, 'utf8').replace('Net revenue per ISO week', 'Gross revenue per ISO week'));
    const child = spawn(process.execPath, [SVC_BIN, 'serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    try {
      const url = await firstLine(child);
      expect(stderr).toMatch(/svc: 2 errors in 2 files; blocks with errors are not served as certified/);
      expect(stderr).toContain('compile/undeclared-param');
      expect(stderr).toContain('certify/receipt-stale');
      const ask = async (question: string) =>
        (
          await fetch(`${url}/api/agent-runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question }) })
        ).json() as Promise<Record<string, any>>;
      expect(await ask('run weekly_revenue')).toMatchObject({ tier: 3, refusal: { code: 'BLOCK_PENDING_RECERTIFICATION' } });
      expect(await ask('Revenue by month')).toMatchObject({ tier: 1, trust: 'certified', block: 'finance.monthly_revenue' });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('does not start when the configuration does not read (exit 2)', async () => {
    const root = await commerceProject();
    writeFileSync(join(root, 'svc.config.json'), '{ "project": ');
    const r = svc(['serve', '--port', '0'], root);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('config/invalid-json');
  });

  it('refuses a port that is not a port (exit 2)', async () => {
    const r = svc(['serve', '--port', 'eighty'], await commerceProject());
    expect(r.code).toBe(2);
  });
});
