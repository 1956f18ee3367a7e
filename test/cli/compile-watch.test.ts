/** `svc compile --watch` as a real child process: one JSON line per compile, exit 0 on a signal. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { MANIFEST_LOG } from '../../src/compiler/manifest/manifest-log.js';
import { readManifest } from '../../src/compiler/manifest/read-manifest.js';
import { SVC_BIN, svc } from '../helpers/cli.js';
import { cleanupProjects, copyFixture, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

describe('svc compile --watch', () => {
  it('reports the first compile and each change, and exits 0 on SIGINT', async () => {
    const root = copyFixture('commerce');
    const child = spawn(process.execPath, [SVC_BIN, 'compile', '--watch', '--format', 'json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const nextLine = async () => JSON.parse(((await lines.next()).value as string) ?? 'null') as Record<string, unknown>;
    const first = await nextLine();
    expect(first).toMatchObject({ trigger: 'start', exitCode: 0, stats: { blocks: 22 } });
    while (!stderr.includes('watching')) await new Promise((done) => setTimeout(done, 20));
    const file = join(root, 'domains/catalog/blocks/slow_movers.svc');
    writeFileSync(file, readFileSync(file, 'utf8').replace('candidates for clearance', 'clearance candidates'));
    const change = await nextLine();
    expect(change).toMatchObject({ trigger: 'change', exitCode: 0, wrote: true, stats: { compiled: 1 } });
    expect(change['changedPaths']).toBeGreaterThanOrEqual(1);
    // At once in the manifest as svc reads it (the file plus the watch's manifest log)...
    expect(JSON.stringify(readManifest(root))).toContain('clearance candidates');
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain('SIGINT received');
    // ...and in svc-manifest.json itself once the watch stops (or sweeps), with no log left.
    expect(readFileSync(join(root, 'svc-manifest.json'), 'utf8')).toContain('clearance candidates');
    expect(existsSync(join(root, MANIFEST_LOG))).toBe(false);
  });

  it.each([
    ['--watch with --check', ['compile', '--watch', '--check'], true],
    ['a folder without svc.config.json', ['compile', '--watch'], false],
  ])('exits 2 for %s', (_what, args, withProject) => {
    const root = withProject ? copyFixture('commerce') : makeProject({ 'notes.txt': 'no project here' });
    const r = svc(args, root);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
