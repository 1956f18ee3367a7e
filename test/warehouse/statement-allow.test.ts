/**
 * `statementCheck.allow` of a connection in svc.config.json (issue 25): the project's additions
 * to its engine's allow list are validated with the config, shown by `svc lint` as an info
 * diagnostic naming every addition, recorded in the manifest, and read by the executor (and so by
 * a host's `hostedStatementRefusal` callers passing the same `allow`). Nothing else widens the list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { compileProject } from '../../src/compiler/pipeline/compile-project.js';
import { parseConfigText, type SvcConfig } from '../../src/compiler/project/config.js';
import { hostedStatementRefusal } from '../../src/host.js';
import { lintFiles } from '../../src/rules/lint-files.js';
import { createExecutor } from '../../src/warehouse/executor.js';
import type { Executor, StatementError } from '../../src/warehouse/types.js';
import { blockSource, cleanupProjects, makeProject } from '../helpers/project.js';
import { numbersProject } from '../runtime/helpers/warehouse.js';

const open: Executor[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close()));
});
afterAll(() => cleanupProjects());

const withAllow = (allow: unknown): SvcConfig =>
  ({ project: 'demo', connections: { default: { driver: 'sqlite', path: 'data/warehouse.db', statementCheck: { allow } } } }) as SvcConfig;

describe('statementCheck.allow in svc.config.json', () => {
  it('validates lists of names and nothing else', () => {
    expect(parseConfigText(JSON.stringify(withAllow({ functions: ['fiscal_week', 'analytics.fx'], relations: ['dbstat'] }))).diagnostics).toEqual([]);
    for (const bad of [
      { functions: 'x' },
      { functions: [''] },
      { functions: ['a;b'] },
      { functions: ["x'"] },
      { everything: true },
      { functions: ['a', 'a'] },
      [],
    ]) {
      const codes = parseConfigText(JSON.stringify(withAllow(bad))).diagnostics.map((d) => d.code);
      expect(codes, JSON.stringify(bad)).toContain('config/invalid');
    }
    const other = { project: 'demo', connections: { default: { driver: 'sqlite', statementCheck: { allowAll: true } } } };
    expect(parseConfigText(JSON.stringify(other)).diagnostics.map((d) => d.code)).toContain('config/invalid');
  });

  it('is shown by svc lint as one info diagnostic per connection, naming every addition', () => {
    const config = withAllow({ functions: ['fiscal_week'], relations: ['dbstat'] });
    const dir = makeProject({ 'svc.config.json': JSON.stringify(config), 'domains/sales/blocks/a.svc': blockSource('a') });
    const r = lintFiles([join(dir, 'domains/sales/blocks/a.svc')], dir);
    const notes = r.diagnostics.filter((d) => d.code === 'config/statement-allow');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.severity).toBe('info');
    expect(notes[0]?.message).toContain('default');
    expect(notes[0]?.message).toContain('functions fiscal_week');
    expect(notes[0]?.message).toContain('relations dbstat');
    expect(r.exitCode).toBe(0);
  });

  it('is recorded in the manifest, and absent when nothing is added', () => {
    const dir = makeProject({
      'svc.config.json': JSON.stringify(withAllow({ tableFunctions: ['my_series'] })),
      'domains/sales/blocks/a.svc': blockSource('a'),
    });
    compileProject({ project: dir, cache: false });
    const manifest = JSON.parse(readFileSync(join(dir, 'svc-manifest.json'), 'utf8'));
    expect(manifest.statementCheck).toEqual({ default: { tableFunctions: ['my_series'] } });
    const plain = makeProject({
      'svc.config.json': JSON.stringify({ project: 'demo', connections: { default: { driver: 'sqlite', path: 'x.db' } } }),
      'domains/sales/blocks/a.svc': blockSource('a'),
    });
    compileProject({ project: plain, cache: false });
    expect(JSON.parse(readFileSync(join(plain, 'svc-manifest.json'), 'utf8')).statementCheck).toBeUndefined();
  });
});

describe('the executor reads the connection additions', () => {
  async function run(config: SvcConfig, sql: string): Promise<StatementError | null> {
    const root = numbersProject(3);
    const executor = createExecutor({ root, config });
    open.push(executor);
    return executor.execute({ asker: undefined, sql, params: [], origin: 'model', maxRows: 10 }).then(
      () => null,
      (e: unknown) => e as StatementError,
    );
  }

  it('refuses a system relation the list lacks, and runs it once the connection allows it', async () => {
    const sql = 'SELECT count(*) AS pages FROM dbstat';
    const plain = await run(withAllow({}), sql);
    expect(plain?.code).toBe('ROW_POLICY_REFUSED');
    expect(plain?.reason).toBe('relation-not-allowed');
    expect(plain?.message).toContain('dbstat');
    expect(await run(withAllow({ relations: ['dbstat'] }), sql)).toBeNull();
  });

  it('a host passes the same additions to hostedStatementRefusal', () => {
    expect(hostedStatementRefusal('SELECT * FROM dbstat', 'sqlite', [], { readOnly: true })?.reason).toBe('relation-not-allowed');
    expect(hostedStatementRefusal('SELECT * FROM dbstat', 'sqlite', [], { readOnly: true, allow: { relations: ['dbstat'] } })).toBeNull();
  });
});
