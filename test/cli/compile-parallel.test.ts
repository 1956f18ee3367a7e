/**
 * A cold compile of a large project splits the files with a worker thread (built code only);
 * the manifest must be byte-for-byte the one a single thread writes.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

const { genProject } = (await import('../../bench/gen-project.mjs' as string)) as { genProject: (dir: string, n: number) => Promise<unknown> };

afterAll(cleanupProjects);

describe('parallel cold compile', () => {
  it('writes the same manifest with and without the worker', async () => {
    const dir = join(makeProject({}), 'p');
    await genProject(dir, 900);
    const parallel = svc(['compile', '--format', 'json'], dir, { SVC_WORKERS: '1' });
    expect(parallel.code).toBe(0);
    const withWorker = readFileSync(join(dir, 'svc-manifest.json'));
    rmSync(join(dir, 'svc-manifest.json'));
    rmSync(join(dir, '.svc'), { recursive: true });
    expect(svc(['compile'], dir, { SVC_WORKERS: '0' }).code).toBe(0);
    expect(readFileSync(join(dir, 'svc-manifest.json')).equals(withWorker)).toBe(true);
    expect(JSON.parse(parallel.stdout).stats).toMatchObject({ files: 900, compiled: 900 });
  });
});
