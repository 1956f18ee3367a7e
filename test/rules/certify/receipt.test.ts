/** Receipt contents and the certification decision (which rules passed, which refuse). */
import { describe, expect, it } from 'vitest';
import { builtinPolicy } from '../../../src/rules/built-in-policies.js';
import { buildReceipt, evaluateCertification, receiptChecks } from '../../../src/rules/certify/index.js';
import type { Policy } from '../../../src/rules/policy.js';
import { certifiableFacts } from '../fixtures.js';

describe('receipt', () => {
  it('lists the categories the policy covers, in receipt order', () => {
    expect(receiptChecks(builtinPolicy('certification.oss'))).toEqual(['metadata', 'validation', 'run', 'tests']);
    const onlyMeta: Policy = { policy: 'x', version: 1, rules: builtinPolicy('certification.oss').rules.filter((r) => r.category === 'metadata') };
    expect(receiptChecks(onlyMeta)).toEqual(['metadata']);
  });

  it('builds every field: via as the surface names it, ISO time, the exact source hash', () => {
    const at = { certifiedBy: 'me@x.test', certifiedAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), sourceSha256: 'sha256:ab' };
    for (const via of ['block-studio', 'sql-import', 'app-dataset', 'cli'] as const) {
      expect(buildReceipt({ ...at, via, rules: 'oss', policy: builtinPolicy('certification.oss') }).via).toBe(via);
    }
    const r = buildReceipt({
      certifiedBy: 'me@x.test',
      certifiedAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
      via: 'cli',
      rules: 'enterprise',
      sourceSha256: 'sha256:ab',
      policy: builtinPolicy('certification.enterprise'),
    });
    expect(r).toEqual({
      certifiedBy: 'me@x.test',
      certifiedAt: '2026-01-02T03:04:05.000Z',
      via: 'cli',
      rules: 'enterprise',
      sourceSha256: 'sha256:ab',
      checks: ['metadata', 'validation', 'run', 'tests'],
    });
  });
});

describe('evaluateCertification', () => {
  const oss = builtinPolicy('certification.oss');
  const cases: Array<[string, Parameters<typeof certifiableFacts>, boolean, string[]]> = [
    ['certifiable', [], true, []],
    ['no tests (refused the same way everywhere)', [{ tests: [] }, { tests: [] }], false, ['certification/tests-required']],
    [
      'one failing row',
      [
        {
          tests: [
            { text: 'revenue >= 0', pass: false, failures: 1 },
            { text: 'row_count > 0', pass: true },
          ],
        },
      ],
      false,
      ['certification/tests-pass'],
    ],
    ['run failed', [{ run: { ok: false, columns: [], rowCount: 0, error: 'no such table' } }], false, ['certification/run-ok']],
  ];
  it.each(cases)('%s', (_name, args, ok, failing) => {
    const d = evaluateCertification(oss, certifiableFacts(...args));
    expect(d.ok).toBe(ok);
    expect(d.findings.map((f) => f.rule)).toEqual(failing);
    expect(d.rules.filter((r) => r.outcome === 'fail').map((r) => r.rule)).toEqual(failing);
    expect(d.rules).toHaveLength(oss.rules.length);
  });

  it('marks rules that do not apply as skipped, and warnings do not refuse', () => {
    const enterprise = builtinPolicy('certification.enterprise');
    const d = evaluateCertification(enterprise, certifiableFacts({}, { sourceSystems: [] }));
    expect(d.rules.find((r) => r.rule === 'certification/lineage-matches-tables')?.outcome).toBe('skipped');
    const warned: Policy = {
      ...oss,
      rules: [
        ...oss.rules,
        { id: 'team/examples', severity: 'warning', description: 'd', check: { kind: 'array-min-length', field: 'examples', min: 5 }, message: 'm', hint: 'h' },
      ],
    };
    const w = evaluateCertification(warned, certifiableFacts());
    expect(w.ok).toBe(true);
    expect(w.findings.map((f) => f.rule)).toEqual(['team/examples']);
  });
});
