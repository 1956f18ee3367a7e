import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO } from '../helpers/project.js';

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parse(readFileSync(join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as Array<Record<string, unknown>>;

  it('declares node hooks that run svc on block files', () => {
    expect(hooks.map((h) => h['id'])).toEqual(['svc-lint', 'svc-fmt', 'svc-compile-check']);
    for (const h of hooks) {
      expect(h['language']).toBe('node');
      expect(String(h['entry'])).toMatch(/^svc (lint|fmt --check|compile --check)$/);
      expect(new RegExp(String(h['files'])).test('domains/sales/blocks/a.svc')).toBe(true);
    }
  });

  it('points at the package bin', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin['svc']).toBe('dist/src/svc.js');
  });
});
