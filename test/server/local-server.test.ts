/**
 * startLocalServer on a real loopback port: compile, listen on port 0, answer over HTTP, and
 * close everything (server and statement processes). A project with errors starts and serves
 * its good blocks; a configuration that does not read does not start.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectNotReadyError, startLocalServer } from '../../src/index.js';
import { blockSource, cleanupProjects } from '../helpers/project.js';
import { commerceProject, statementProcesses } from '../runtime/helpers/warehouse.js';

afterAll(() => cleanupProjects());

describe('startLocalServer', () => {
  it('serves the compiled project over loopback and closes cleanly', async () => {
    const root = await commerceProject();
    const server = await startLocalServer({ project: root, port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, project: 'commerce' });
      const run = await fetch(`${server.url}/api/blocks/finance.weekly_revenue/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ params: { top_n: 2 } }),
      });
      expect(run.status).toBe(200);
      expect(await run.json()).toMatchObject({ block: 'finance.weekly_revenue', rowCount: 2, trust: 'certified' });
      expect(statementProcesses().length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    await server.close();
    expect(statementProcesses()).toEqual([]);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });

  it('starts a project with errors, logs them, and serves every block that has none', async () => {
    const root = await commerceProject();
    writeFileSync(join(root, 'domains/finance/blocks/broken.svc'), blockSource('broken', { query: '"""SELECT ${ghost}"""' }));
    const lines: string[] = [];
    const server = await startLocalServer({ project: root, port: 0, log: (l) => lines.push(l) });
    try {
      expect(lines[0]).toBe('svc: 1 error in 1 file; blocks with errors are not served as certified');
      expect(lines.join('\n')).toContain('compile/undeclared-param');
      const run = await fetch(`${server.url}/api/blocks/sales.channel_mix/run`, { method: 'POST' });
      expect(run.status).toBe(200);
    } finally {
      await server.close();
    }
    expect(statementProcesses()).toEqual([]);
  });

  it('refuses to start when the configuration does not read, starting nothing', async () => {
    const root = await commerceProject();
    writeFileSync(join(root, 'svc.config.json'), '{ "project": 3 }');
    const error = await startLocalServer({ project: root, port: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectNotReadyError);
    expect((error as ProjectNotReadyError).exitCode).toBe(2);
    expect((error as ProjectNotReadyError).diagnostics.map((d) => d.code)).toContain('config/invalid');
    expect(statementProcesses()).toEqual([]);
  });
});
