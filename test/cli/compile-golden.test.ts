/**
 * A cold compile writes the same manifest bytes as the build that recorded
 * compile-golden.json: every fixture project and a generated project large enough for the
 * worker thread. Speed work on the compile path must leave its output alone; a change that
 * means to change the manifest records the new hashes with SVC_UPDATE_GOLDEN=1 and says why in
 * its commit.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, copyFixture, makeProject } from '../helpers/project.js';

const { genProject } = (await import('../../bench/gen-project.mjs' as string)) as { genProject: (dir: string, n: number) => Promise<unknown> };

const GOLDEN = join(import.meta.dirname, 'compile-golden.json');
const UPDATE = process.env['SVC_UPDATE_GOLDEN'] === '1';
const recorded = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, { exitCode: number; sha256: string }>;
const seen: Record<string, { exitCode: number; sha256: string }> = {};

afterAll(() => {
  if (UPDATE) writeFileSync(GOLDEN, `${JSON.stringify(seen, null, 2)}\n`);
  cleanupProjects();
});

/** Exit code and manifest sha256 of a cold compile in `dir` (one worker forced or none). */
function coldCompile(dir: string, workers: '0' | '1'): { exitCode: number; sha256: string } {
  const r = svc(['compile', '--quiet'], dir, { SVC_WORKERS: workers });
  const path = join(dir, 'svc-manifest.json');
  const sha256 = existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : '<none>';
  return { exitCode: r.code, sha256 };
}

function expectRecorded(name: string, got: { exitCode: number; sha256: string }): void {
  seen[name] = got;
  if (!UPDATE) expect(got, `${name}: manifest differs from compile-golden.json`).toEqual(recorded[name]);
}

const FIXTURE_PROJECTS = [
  'airline',
  'bank',
  'builder',
  'broken/apps',
  'broken/semantic',
  'broken/syntax',
  'commerce',
  'delivery',
  'factory',
  'freight',
  'games',
  'gym',
  'hospital',
  'hotels',
  'housing',
  'charity',
  'council',
  'insurance',
  'lawfirm',
  'legacy',
  'people',
  'publisher',
  'restaurants',
  'saas',
  'streaming',
  'telecom',
  'transit',
  'university',
  'utility',
  'vetclinic',
];

describe('cold compile output is the recorded one', () => {
  it.each(FIXTURE_PROJECTS)('fixture %s', (name) => {
    expectRecorded(`fixtures/${name}`, coldCompile(copyFixture(name), '0'));
  });

  it('a generated project of 600 blocks, with and without the worker thread', async () => {
    const dir = join(makeProject({}), 'p');
    await genProject(dir, 600);
    const parallel = coldCompile(dir, '1');
    expectRecorded('generated-600', parallel);
    rmSync(join(dir, 'svc-manifest.json'));
    rmSync(join(dir, '.svc'), { recursive: true, force: true });
    expect(coldCompile(dir, '0')).toEqual(parallel);
  });
});
