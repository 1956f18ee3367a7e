/**
 * One formatter and linter for every source file (Biome, configured in biome.jsonc): `biome ci`
 * must find every file formatted and no lint error. Run as a child process, as CI would.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/project.js';

describe('formatting and lint', () => {
  it('biome ci passes on the whole tree', () => {
    const r = spawnSync(process.execPath, [join(REPO, 'node_modules/@biomejs/biome/bin/biome'), 'ci', '--colors=off', '--reporter=summary', '.'], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  });
});
