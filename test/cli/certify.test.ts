/**
 * svc certify end to end (the built CLI as a child process, on copies of fixtures/commerce
 * with the generated warehouse): certify a passing block, refuse a failing one, promote a
 * draft and see svc compile index it as certified with its contract resolved.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, copyFixture } from '../helpers/project.js';
import { ORDERS_DRAFT, reviewDraft, snapshot } from '../runtime/certify/helpers.js';

afterAll(cleanupProjects);

const OWNER = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

describe('svc certify', () => {
  it('certifies a passing block: exit 0, status and receipt written', () => {
    const dir = copyFixture('commerce', { withData: true });
    const config = JSON.parse(readFileSync(join(dir, 'svc.config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'svc.config.json'), JSON.stringify({ ...config, owner: 'analytics-leads@acme.test' }));
    const r = svc(['certify', 'customers.churn_risk'], join(dir, 'domains'), OWNER);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('certified customers.churn_risk (oss rules: metadata, validation, run, tests)');
    expect(r.stdout).toContain('certifiedBy analytics-leads@acme.test');
    const companion = readFileSync(join(dir, 'semantic-layer/blocks/customers/churn_risk.yaml'), 'utf8');
    expect(companion).toContain('reviewStatus: certified');
    expect(companion).toContain('certifiedBy: analytics-leads@acme.test');
    const compiled = svc(['compile', '--format', 'json'], dir);
    expect(compiled.code).toBe(0);
  });

  it('refuses a failing block: exit 1, the failing rules named, nothing written', () => {
    const dir = copyFixture('commerce', { withData: true });
    const before = snapshot(dir);
    const r = svc(['certify', 'domains/sales/blocks/cancellation_rate_by_channel.svc', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { ok: boolean; written: string[]; diagnostics: Array<{ code: string; file: string }> };
    expect(out).toMatchObject({ ok: false, written: [] });
    expect(out.diagnostics.map((d) => d.code)).toEqual(['certification/review-required-description']);
    expect(snapshot(dir)).toEqual(before);
    const text = svc(['certify', 'sales.cancellation_rate_by_channel'], dir);
    expect(text.stdout).toMatch(/domains\/sales\/blocks\/cancellation_rate_by_channel.svc:4:1 error certification\/review-required-description/);
    expect(text.stdout).toContain('nothing was written');
  });

  it('promotes a draft; after the printed patch, svc compile indexes it as certified with its contract resolved', () => {
    const dir = copyFixture('commerce', { withData: true });
    const refused = svc(['certify', '--from-draft', ORDERS_DRAFT], dir);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('certification/tests-required');
    // A refusal prints no patch, so nothing in it may point at one.
    expect(refused.stdout).not.toMatch(/patch below|printed patch/);
    expect(refused.stdout).not.toContain('--- a/svc-contract-manifest.json');
    expect(refused.stdout).toContain('the patch to apply is printed once the block certifies');
    reviewDraft(dir);
    const r = svc(['certify', '--from-draft', ORDERS_DRAFT], dir, OWNER);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`moved      ${ORDERS_DRAFT} -> domains/sales/blocks/orders_by_state.svc`);
    const patch = r.stdout.slice(r.stdout.indexOf('--- a/svc-contract-manifest.json'));
    expect(patch).toContain('+    {"id": "sales.Order.orders_by_state", "version": 1');
    expect(existsSync(join(dir, ORDERS_DRAFT))).toBe(false);
    const manifestFile = join(dir, 'svc-contract-manifest.json');
    writeFileSync(manifestFile, applyPatch(readFileSync(manifestFile, 'utf8'), patch) as string);
    const compile = svc(['compile', '--format', 'json'], dir);
    expect(compile.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'svc-manifest.json'), 'utf8')) as {
      blocks: Record<
        string,
        { status: string; file: string; contract?: { status: string }; sourceSha256: string; companion?: { certification?: { sourceSha256: string } } }
      >;
    };
    const block = manifest.blocks['sales.orders_by_state'];
    expect(block).toMatchObject({ status: 'certified', file: 'domains/sales/blocks/orders_by_state.svc', contract: { status: 'resolved' } });
    expect(block?.companion?.certification?.sourceSha256).toBe(block?.sourceSha256);
  });

  it('a draft outside _drafts: Ask names it with a certify command that works when run', () => {
    const dir = copyFixture('commerce', { withData: true });
    const file = 'domains/sales/blocks/orders_per_channel.svc';
    const q = '"""';
    writeFileSync(
      join(dir, file),
      [
        'block "orders_per_channel" {',
        '  domain = "sales"',
        '  status = "draft"',
        '  description = "Completed orders per sales channel."',
        '  owner = "sales-ops@acme.test"',
        `  query = ${q} SELECT channel, COUNT(*) AS orders FROM orders WHERE status = 'completed' GROUP BY channel ${q}`,
        '  tests {',
        '    assert row_count == 4',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const asked = svc(['agent', 'ask', 'run orders_per_channel', '--format', 'json'], dir, OWNER);
    const run = JSON.parse(asked.stdout) as { refusal: { code: string }; next: string };
    expect(run.refusal.code).toBe('BLOCK_DRAFT');
    expect(run.next).toBe(`Review it, then certify it: svc certify ${file}`);
    const command = run.next.slice(run.next.indexOf('svc certify ') + 'svc '.length).split(' ');
    expect(svc(command, dir, OWNER).code).toBe(0);
    expect(svc(['compile'], dir, OWNER).code).toBe(0);
    expect(JSON.parse(svc(['agent', 'ask', 'run orders_per_channel', '--format', 'json'], dir, OWNER).stdout)).toMatchObject({
      tier: 1,
      block: 'sales.orders_per_channel',
    });
  });

  it('--from-draft --domain moves the suggested contract id into the new domain, in the file and in the patch', () => {
    const dir = copyFixture('commerce', { withData: true });
    reviewDraft(dir);
    const r = svc(['certify', '--from-draft', ORDERS_DRAFT, '--domain', 'ops', '--format', 'json'], dir, OWNER);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { file: string; contract?: { binding: string }; manifestPatch?: string };
    expect(result.file).toBe('domains/ops/blocks/orders_by_state.svc');
    expect(result.contract?.binding).toBe('ops.Order.orders_by_state@1');
    expect(result.manifestPatch).toContain('"id": "ops.Order.orders_by_state"');
    expect(result.manifestPatch).not.toContain('sales.Order.orders_by_state');
    expect(readFileSync(join(dir, result.file), 'utf8')).toContain('svc_contract = "ops.Order.orders_by_state@1"');
  });

  it.each([
    [['certify'], 'Name one block'],
    [['certify', 'a.b', '--from-draft', 'x.svc'], 'Name one block'],
    [['certify', 'finance.weekly_revenue', '--domain', 'x'], 'only with --from-draft'],
    [['certify', 'finance.weekly_revenue', '--format', 'xml'], ''],
  ])('exits 2 on bad usage %j, without a stack trace', (args, message) => {
    const r = svc(args, copyFixture('commerce'));
    expect(r.code).toBe(2);
    expect(r.stderr + r.stdout).toContain(message);
    expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
  });

  it.each([
    ['block', ['finance.nope'], 'certify/not-found', 'No block finance.nope'],
    ['term', ['--term', 'finance.nope'], 'certify/term-not-found', 'No term finance.nope'],
    ['view', ['--view', 'finance.nope'], 'certify/view-not-found', 'No view finance.nope'],
  ])('exits 2 for an unknown %s and names what it looked for', (_kind, args, code, said) => {
    const dir = copyFixture('commerce', { withData: true });
    const r = svc(['certify', ...args, '--format', 'json'], dir);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).diagnostics[0].code).toBe(code);
    expect(svc(['certify', ...args], dir).stdout).toContain(said);
  });
});
