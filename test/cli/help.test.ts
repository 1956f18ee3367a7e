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
      expect(
        lines.filter((l) => l.startsWith(`  svc ${words} `) && l.endsWith(description)),
        words,
      ).toHaveLength(1);
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

describe("every command's own --help", () => {
  const root = makeProject({});
  const usages = COMMANDS.map((command) => {
    const words = (command.paths?.[0] ?? []) as string[];
    return [words.join(' '), svc([...words, '--help'], root).stdout] as const;
  });

  it.each(usages)('svc %s --help names every option value and aligns the table', (_, text) => {
    expect(text).not.toMatch(/#\d/);
    const columns = text
      .split('\n')
      .map((l) => /^( {2}-\S.*?\s{2,})\S/.exec(l)?.[1]?.length)
      .filter((c): c is number => c !== undefined);
    expect(new Set(columns).size).toBeLessThanOrEqual(1);
  });

  it('shows the defaults of serve', () => {
    const serve = usages.find(([words]) => words === 'serve')?.[1] ?? '';
    expect(serve).toContain('--host <host>');
    expect(serve).toContain('default 127.0.0.1');
    expect(serve).toContain('default 4545');
  });

  it('matches the recorded compile help', () => {
    expect(usages.find(([words]) => words === 'compile')?.[1]).toMatchSnapshot();
  });
});

describe('typing mistakes', () => {
  it.each([
    [['compil'], 'svc compile'],
    [['agent', 'ak', 'x'], 'svc agent ask'],
    [['lnt', 'a.svc'], 'svc lint'],
  ])('svc %j suggests %s', (argv, suggestion) => {
    const r = svc(argv, makeProject({}));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Did you mean "${suggestion}"?`);
  });

  it('lists the commands when nothing is close', () => {
    const r = svc(['frobnicate'], makeProject({}));
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('Did you mean "svc');
    expect(r.stderr).toContain('svc --help');
  });
});
