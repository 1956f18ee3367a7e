/**
 * docs/diagnostics.md is generated from the code tables (one section per table) and the built-in
 * policies; this test renders it in memory from the sources and fails when the file is not
 * current (run `npm run docs`), and checks that every code of every table and every policy rule
 * has its row, in the section of its table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosticAnchor } from '../../src/cli/render/sarif.js';
import { REPO } from '../helpers/project.js';

interface Table {
  id: string;
  title: string;
  table: Record<string, unknown>;
}

const { loadCodeTables } = (await import('../../scripts/code-tables.mjs' as string)) as {
  loadCodeTables: (load: (file: string) => Promise<Record<string, unknown>>) => Promise<Table[]>;
};
const { renderDiagnosticsDoc, readPolicies } = (await import('../../scripts/gen-diagnostics-doc.mjs' as string)) as {
  renderDiagnosticsDoc: (tables: Table[], policies: unknown) => string;
  readPolicies: () => Array<{ policy: string; rules: Array<{ id: string }> }>;
};

const TABLES = await loadCodeTables((file) => import(join(REPO, file)));

describe('docs/diagnostics.md', () => {
  const onDisk = readFileSync(join(REPO, 'docs/diagnostics.md'), 'utf8');

  it('is current (regenerate with npm run docs)', () => {
    expect(onDisk, 'docs/diagnostics.md is stale: run npm run docs').toBe(renderDiagnosticsDoc(TABLES, readPolicies()));
  });

  /** A row's first cell: the code, after its anchor when it has one. */
  const row = (code: string): RegExp => new RegExp(`\\| (<a id="[a-z0-9-]+"></a>)?\`${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` \\|`);

  it('has a row for every policy rule and for every code, in its table’s section', () => {
    for (const policy of readPolicies()) for (const rule of policy.rules) expect(onDisk).toMatch(row(rule.id));
    const sections = onDisk.split(/^## /m);
    for (const [i, t] of TABLES.entries()) {
      const section = i === 0 ? sections.find((s) => s.startsWith('Compiler, command and file codes')) : sections.find((s) => s.startsWith(`${t.title}\n`));
      expect(section, t.title).toBeDefined();
      for (const code of Object.keys(t.table)) expect(section, `${t.id}: ${code}`).toMatch(row(code));
    }
  });

  it('anchors every compiler code and policy rule, where SARIF helpUri links', () => {
    const anchors = new Set([...onDisk.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]));
    for (const code of Object.keys(TABLES[0]?.table ?? {})) expect(anchors.has(diagnosticAnchor(code)), code).toBe(true);
    for (const policy of readPolicies()) for (const rule of policy.rules) expect(anchors.has(diagnosticAnchor(rule.id)), rule.id).toBe(true);
  });

  it('says where a shared code is declared', () => {
    const ask = onDisk.split(/^## /m).find((s) => s.startsWith('Ask refusal codes\n'));
    expect(ask).toMatch(/\| `ROW_POLICY_REFUSED` \| cascade \| .* \(declared in Statement codes and refusal reasons\) \|/);
  });
});
