/**
 * svc certify as a library, on copies of fixtures/commerce with real runs on the embedded
 * SQLite warehouse: what passes, what refuses, what is written, and that svc compile agrees.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { certifyBlock } from '../../../src/runtime/certify/certify-block.js';
import { localOwner } from '../../../src/runtime/certify/local-owner.js';
import { cleanupProjects, copyFixture } from '../../helpers/project.js';
import { compiled, fixedNow, snapshot, testOwner } from './helpers.js';

afterAll(cleanupProjects);

const common = { now: fixedNow, resolveOwner: testOwner, via: 'cli' as const };
const codes = (r: { diagnostics: Array<{ code: string }> }) => r.diagnostics.map((d) => d.code);

describe('certify a block', () => {
  it('certifies a passing block: receipt for the exact source svc compile computes', async () => {
    const dir = copyFixture('commerce', { withData: true });
    const r = await certifyBlock({ ...common, cwd: dir, target: 'domains/finance/blocks/weekly_revenue.svc' });
    expect(r).toMatchObject({ ok: true, exitCode: 0, block: 'finance.weekly_revenue', rules: 'oss', run: { ok: true, rowCount: 12 } });
    expect(r.tests.map((t) => t.pass)).toEqual([true, true, true]);
    expect(r.receipt).toEqual({
      certifiedBy: 'reviewer@acme.test',
      certifiedAt: '2026-02-03T04:05:06.000Z',
      via: 'cli',
      rules: 'oss',
      sourceSha256: expect.stringMatching(/^sha256:/),
      checks: ['metadata', 'validation', 'run', 'tests'],
    });
    const { manifest, diagnostics } = compiled(dir);
    expect(manifest.blocks['finance.weekly_revenue']?.sourceSha256).toBe(r.receipt?.sourceSha256);
    expect(manifest.blocks['finance.weekly_revenue']?.companion?.certification?.certifiedBy).toBe('reviewer@acme.test');
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('refuses a description saying review required, writing nothing, until it is edited', async () => {
    const dir = copyFixture('commerce', { withData: true });
    const before = snapshot(dir);
    const r = await certifyBlock({ ...common, cwd: dir, target: 'sales.cancellation_rate_by_channel' });
    expect(r).toMatchObject({ ok: false, exitCode: 1, written: [] });
    expect(codes(r)).toEqual(['certification/review-required-description']);
    expect(r.diagnostics[0]).toMatchObject({ file: 'domains/sales/blocks/cancellation_rate_by_channel.svc', span: { start: { line: 4 } } });
    expect(snapshot(dir)).toEqual(before);
    const file = join(dir, 'domains/sales/blocks/cancellation_rate_by_channel.svc');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Review required: share', 'Share'));
    expect((await certifyBlock({ ...common, cwd: dir, target: 'sales.cancellation_rate_by_channel' })).ok).toBe(true);
    expect(compiled(dir).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('certifying again clears a review-required tag in the file and the companion', async () => {
    const dir = copyFixture('commerce', { withData: true });
    const r = await certifyBlock({ ...common, cwd: dir, target: 'customers.churn_risk' });
    expect(r.ok).toBe(true);
    expect(r.changed).toEqual(['tags']);
    const text = readFileSync(join(dir, 'domains/customers/blocks/churn_risk.svc'), 'utf8');
    expect(text).toContain('tags = ["retention", "churn"]');
    expect(text).toContain('// TODO(customer-insights): align the window');
    const companion = parse(readFileSync(join(dir, 'semantic-layer/blocks/customers/churn_risk.yaml'), 'utf8')) as { tags: string[] };
    expect(companion.tags).toEqual(['retention', 'churn']);
    expect(compiled(dir).manifest.blocks['customers.churn_risk']?.companion?.certification?.sourceSha256).toBe(r.receipt?.sourceSha256);
  });

  it.each([
    ['a draft in _drafts', 'domains/sales/blocks/_drafts/orders_by_state.svc', 1, 'certify/in-drafts'],
    ['a deprecated block', 'finance.net_revenue_2024', 1, 'certify/status-not-certifiable'],
    ['an unknown id', 'finance.nope', 2, 'certify/not-found'],
    ['a missing file', 'domains/x/blocks/nope.svc', 2, 'certify/not-found'],
  ] as const)('refuses %s', async (_n, target, exitCode, code) => {
    const dir = copyFixture('commerce', { withData: true });
    const r = await certifyBlock({ ...common, cwd: dir, target });
    expect(r).toMatchObject({ ok: false, exitCode, written: [] });
    expect(codes(r)).toEqual([code]);
  });

  it('leaves every file as it was when writing is interrupted', async () => {
    const dir = copyFixture('commerce', { withData: true });
    const before = snapshot(dir);
    const r = await certifyBlock({
      ...common,
      cwd: dir,
      target: 'customers.churn_risk',
      hooks: {
        afterStep: (i) => {
          if (i === 1) throw new Error('disk full');
        },
      },
    });
    expect(r).toMatchObject({ ok: false, exitCode: 1, written: [] });
    expect(codes(r)).toEqual(['certify/write-failed']);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('enterprise rules', () => {
  it('compares outputs with the run columns and lineage with the tables read', async () => {
    const dir = copyFixture('commerce', { withData: true });
    const ok = await certifyBlock({ ...common, cwd: dir, target: 'finance.weekly_revenue', enterprise: true });
    expect(ok).toMatchObject({ ok: true, rules: 'enterprise' });
    expect(ok.checks.filter((c) => c.outcome !== 'pass')).toEqual([]);
    const file = join(dir, 'domains/finance/blocks/weekly_revenue.svc');
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text
        .replace('outputs = ["week_start", "orders", "revenue"]', 'outputs = ["week_start", "revenue", "margin"]')
        .replace('sourceSystems = ["shop.orders", "shop.calendar"]', 'sourceSystems = ["shop.orders", "shop.payments"]'),
    );
    const bad = await certifyBlock({ ...common, cwd: dir, target: 'finance.weekly_revenue', enterprise: true });
    expect(codes(bad)).toEqual(['certification/outputs-match-run', 'certification/lineage-matches-tables']);
    expect(bad.diagnostics[0]?.data).toMatchObject({ missing: 'margin', extra: 'orders' });
    expect(bad.diagnostics[1]?.data).toMatchObject({ undeclared: 'calendar', unused: 'shop.payments' });
  });

  it('asks for grain, outputs, lineage, pattern and cadence', async () => {
    const dir = copyFixture('commerce', { withData: true });
    const r = await certifyBlock({ ...common, cwd: dir, target: 'sales.channel_mix', enterprise: true });
    expect(r.ok).toBe(false);
    expect(codes(r).every((c) => c.startsWith('certification/'))).toBe(true);
  });
});

describe('local owner', () => {
  it.each([
    [
      'certification.owner first',
      { project: 'p', certification: { owner: 'cert@x.test' }, owner: 'team@x.test' },
      'git@x.test',
      { owner: 'cert@x.test', from: 'config.certification.owner' },
    ],
    ['then owner', { project: 'p', owner: 'team@x.test' }, 'git@x.test', { owner: 'team@x.test', from: 'config.owner' }],
    ['then git user.email', { project: 'p' }, 'git@x.test', { owner: 'git@x.test', from: 'git' }],
    ['then the OS user', { project: 'p' }, undefined, { from: 'os' }],
  ] as const)('%s', (_n, config, git, expected) => {
    expect(localOwner('/nowhere', config, () => git)).toMatchObject(expected);
  });
});
