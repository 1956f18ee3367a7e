import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { svc } from '../helpers/cli.js';
import { makeProject, REPO } from '../helpers/project.js';

describe('svc --help', () => {
  const r = svc(['--help'], makeProject({}));
  const lines = r.stdout.split('\n').filter((l) => l.startsWith('  svc '));

  it('lists every registered command on one line with its description', () => {
    expect(r.code).toBe(0);
    expect(lines).toHaveLength(COMMANDS.length);
    for (const command of COMMANDS) {
      const words = (command.paths?.[0] ?? []).join(' ');
      const description = command.usage?.description?.trim() ?? '';
      expect(description.length, words).toBeGreaterThan(0);
      expect(lines.filter((l) => l.startsWith(`  svc ${words} `) && l.endsWith(description)), words).toHaveLength(1);
    }
  });

  it('is sorted, and plain `svc` prints the same list', () => {
    expect([...lines].sort()).toEqual(lines);
    expect(svc([], makeProject({})).stdout).toBe(r.stdout);
  });

  it('keeps the full usage of a command behind its own --help', () => {
    const c = svc(['compile', '--help'], makeProject({}));
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('--check');
  });
});

describe('the bundled executable', () => {
  it('reports the package version, read from the package beside the bundle', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const r = svc(['--version'], makeProject({}));
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });
});
