import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { blockSource, CONFIG, cleanupProjects, copyFixture, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

interface SarifLog {
  version: string;
  runs: Array<{ tool: { driver: { name: string; rules: Array<{ id: string; shortDescription: { text: string } }> } }; results: Array<Record<string, any>> }>;
}

const certified = (fields: Record<string, string> = {}) =>
  blockSource('a', { status: '"certified"', svc_contract: '"sales.Order.a@1"', tests: '{\n    assert row_count > 0\n  }', ...fields }).replace(
    'tests = {',
    'tests {',
  );

describe('svc lint (child process)', () => {
  it('passes clean fixture files and reads only the named ones', () => {
    const dir = copyFixture('commerce');
    const r = svc(['lint', 'domains/finance/blocks/weekly_revenue.svc', 'domains/sales/blocks/daily_orders.svc'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('2 files linted, 0 errors');
  });

  it('fails a certified block whose description still says review required', () => {
    const dir = copyFixture('commerce');
    const r = svc(['lint', '--format', 'json', 'domains/sales/blocks/cancellation_rate_by_channel.svc'], dir);
    expect(r.code).toBe(1);
    const codes = JSON.parse(r.stdout).diagnostics.map((d: { code: string }) => d.code);
    expect(codes).toContain('lint/review-required-certified');
  });

  it('fails a certified block without an owner, with file, line and rule', () => {
    const dir = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/a.svc': certified({ owner: '""' }).replace('  owner = ""\n', '') });
    const r = svc(['lint', 'domains/sales/blocks/a.svc'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/domains\/sales\/blocks\/a\.svc:1:1 error lint\/owner-required/);
  });

  it('reports parse errors of a broken file and still lints the others', () => {
    const dir = makeProject({
      'svc.config.json': CONFIG,
      'domains/sales/blocks/bad.svc': 'block "bad" {\n  status = \n}\n',
      'domains/sales/blocks/good.svc': blockSource('good'),
    });
    const r = svc(['lint', '--format', 'json', 'domains/sales/blocks/bad.svc', 'domains/sales/blocks/good.svc'], dir);
    expect(r.code).toBe(1);
    const diags = JSON.parse(r.stdout).diagnostics as Array<{ code: string; file: string }>;
    expect(diags.some((d) => d.code.startsWith('parse/') && d.file === 'domains/sales/blocks/bad.svc')).toBe(true);
    expect(diags.filter((d) => d.file === 'domains/sales/blocks/good.svc' && d.code.startsWith('parse/'))).toEqual([]);
  });

  it('names files relative to where it runs, for hooks at the repository root', () => {
    const repo = makeProject({ 'analytics/svc.config.json': CONFIG, 'analytics/domains/sales/blocks/a.svc': blockSource('a', { status: '"nonsense"' }) });
    const r = svc(['lint', '--format', 'json', 'analytics/domains/sales/blocks/a.svc'], repo);
    expect(JSON.parse(r.stdout).diagnostics[0].file).toBe('analytics/domains/sales/blocks/a.svc');
  });

  it('writes SARIF 2.1.0 that code scanning accepts', () => {
    const dir = copyFixture('commerce');
    const r = svc(['lint', '--format', 'sarif', 'domains/sales/blocks/cancellation_rate_by_channel.svc', 'domains/customers/blocks/churn_risk.svc'], dir);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout) as SarifLog;
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe('svc');
    const ruleIds = run.tool.driver.rules.map((x) => x.id);
    expect(run.results.length).toBeGreaterThan(0);
    // The fixture runs unsigned (certification.signed false): said once, on its config.
    const unsigned = run.results.filter((res) => res['ruleId'] === 'certify/unsigned-project');
    expect(unsigned.map((res) => [res['level'], res['locations'][0].physicalLocation.artifactLocation.uri])).toEqual([['warning', 'svc.config.json']]);
    for (const res of run.results.filter((x) => x['ruleId'] !== 'certify/unsigned-project')) {
      expect(ruleIds[res['ruleIndex']]).toBe(res['ruleId']);
      expect(['error', 'warning', 'note']).toContain(res['level']);
      expect(res['message'].text.length).toBeGreaterThan(0);
      const loc = res['locations'][0].physicalLocation;
      expect(loc.artifactLocation.uri).toMatch(/^domains\//);
      expect(loc.region.startLine).toBeGreaterThanOrEqual(1);
      expect(Object.keys(res['partialFingerprints'])).toHaveLength(1);
    }
    for (const rule of run.tool.driver.rules) expect(rule.shortDescription.text).not.toMatch(/\{\{/);
  });

  it('accepts no files (a hook with nothing staged) and exits 0, saying so', () => {
    const r = svc(['lint'], makeProject({}));
    expect(r.code).toBe(0);
    const json = svc(['lint', '--format', 'json'], makeProject({}));
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ exitCode: 0, files: 0, diagnostics: [{ code: 'lint/no-files', severity: 'info' }] });
  });

  it('exits 2 on an unknown format', () => {
    expect(svc(['lint', '--format', 'xml', 'a.svc'], makeProject({})).code).toBe(2);
  });

  it('never writes to the project', () => {
    const dir = copyFixture('commerce');
    const file = join(dir, 'domains/finance/blocks/weekly_revenue.svc');
    const before = readFileSync(file, 'utf8');
    svc(['lint', 'domains/finance/blocks/weekly_revenue.svc'], dir);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(() => readFileSync(join(dir, 'svc-manifest.json'))).toThrow();
  });
});

describe('svc lint targets', () => {
  const root = copyFixture('commerce');
  it.each<[string, string[], RegExp]>([
    ['the whole project with nothing named', [], /^22 files linted/m],
    ['every file under a folder', ['domains/finance'], /^7 files linted/m],
    ['one file, in the singular', ['domains/finance/blocks/weekly_revenue.svc'], /^1 file linted/m],
  ])('%s', (_, args, summary) => {
    expect(svc(['lint', ...args], root).stdout).toMatch(summary);
  });

  it('takes --project from anywhere', () => {
    expect(svc(['lint', '--project', root], makeProject({})).stdout).toMatch(/^22 files linted/m);
  });
});
