/**
 * docs/diagnostics.md is generated from the code registry and the built-in policies; this test
 * renders it in memory and fails when the file is not current (run `npm run docs`), and checks
 * that every code and every policy rule has its row.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES } from '../../grammar/codes.js';
import { REPO } from '../helpers/project.js';

const generator = '../../scripts/gen-diagnostics-doc.mjs';
const { renderDiagnosticsDoc, readPolicies } = (await import(generator)) as {
  renderDiagnosticsDoc: (codes: unknown, policies: unknown) => string;
  readPolicies: () => Array<{ policy: string; rules: Array<{ id: string }> }>;
};

describe('docs/diagnostics.md', () => {
  const onDisk = readFileSync(join(REPO, 'docs/diagnostics.md'), 'utf8');

  it('is current (regenerate with npm run docs)', () => {
    expect(onDisk, 'docs/diagnostics.md is stale: run npm run docs').toBe(renderDiagnosticsDoc(CODES, readPolicies()));
  });

  it('has a row for every code and every policy rule', () => {
    for (const code of Object.keys(CODES)) expect(onDisk).toContain(`| \`${code}\` |`);
    for (const policy of readPolicies()) for (const rule of policy.rules) expect(onDisk).toContain(`| \`${rule.id}\` |`);
  });
});
