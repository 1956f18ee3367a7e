/** Where a promoted draft goes, which contract it binds, and the manifest patch. */
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import type { ContractIndex } from '../../../src/compiler/analyze/contract.js';
import { chooseContract, contractManifestPatch, isDomainName, promotedCompanionPath, promotionPath } from '../../../src/rules/certify/index.js';

const index = (keys: string[], loaded = true): ContractIndex => ({ loaded, path: 'svc-contract-manifest.json', keys: new Set(keys) });

describe('promotion destination', () => {
  it.each([
    ['domain', 'sales', 'orders_by_state.svc', 'domains/sales/blocks/orders_by_state.svc'],
    ['legacy', 'finance', 'refunds_by_state.svc', 'blocks/finance/refunds_by_state.svc'],
  ] as const)('%s layout', (layout, domain, file, expected) => {
    expect(promotionPath(layout, domain, file)).toBe(expected);
  });

  it('moves the companion out of _drafts, into the (new) domain', () => {
    expect(promotedCompanionPath({ name: 'orders_by_state' }, 'ops')).toBe('semantic-layer/blocks/ops/orders_by_state.yaml');
  });

  it.each([
    ['sales', true],
    ['sales_ops', true],
    ['Sales', false],
    ['../x', false],
    ['', false],
  ])('domain %j valid: %s', (d, ok) => {
    expect(isDomainName(d)).toBe(ok);
  });
});

describe('chooseContract', () => {
  const cases: Array<[string, string | undefined, string | undefined, ContractIndex, unknown]> = [
    [
      'suggested, unlisted',
      undefined,
      'sales.Order.orders_by_state',
      index([]),
      { kind: 'bind', choice: { binding: 'sales.Order.orders_by_state@1', from: 'suggested', status: 'unlisted' } },
    ],
    [
      'flag wins over suggestion',
      'sales.Order.other',
      'sales.Order.orders_by_state',
      index([]),
      { kind: 'bind', choice: { binding: 'sales.Order.other@1', from: 'flag' } },
    ],
    [
      'listed: binds the highest listed version',
      'finance.Revenue.monthly_revenue',
      undefined,
      index(['finance.Revenue.monthly_revenue@1', 'finance.Revenue.monthly_revenue@2']),
      { kind: 'bind', choice: { binding: 'finance.Revenue.monthly_revenue@2', status: 'listed' } },
    ],
    [
      'explicit version',
      'finance.Revenue.monthly_revenue@1',
      undefined,
      index(['finance.Revenue.monthly_revenue@1']),
      { kind: 'bind', choice: { version: 1, status: 'listed' } },
    ],
    ['no manifest: unchecked', undefined, 'finance.Refund.refunds_by_state', index([], false), { kind: 'bind', choice: { status: 'unchecked' } }],
    ['nothing to bind', undefined, undefined, index([]), { kind: 'none' }],
    ['bad flag', 'not a contract', undefined, index([]), { kind: 'invalid', from: 'flag' }],
    ['bad suggestion', undefined, 'orders', index([]), { kind: 'invalid', from: 'suggested' }],
  ];
  it.each(cases)('%s', (_name, flag, suggested, idx, expected) => {
    expect(chooseContract(flag, suggested, idx)).toMatchObject(expected as object);
  });
});

const ONE_LINE = `{
  "version": 1,
  "contracts": [
    {"id": "sales.Order.channel_mix", "version": 1, "owner": "a@x.test", "outputs": ["channel"]},
    {"id": "sales.Order.top_states", "version": 1}
  ]
}
`;

describe('contractManifestPatch', () => {
  const entry = { id: 'sales.Order.orders_by_state', version: 1, owner: 'o@x.test', outputs: ['state', 'orders'] };

  it("adds one line in id order, in the file's own style, as a patch that applies", () => {
    const p = contractManifestPatch('svc-contract-manifest.json', ONE_LINE, entry)!;
    expect(p.patch).toMatch(/^--- a\/svc-contract-manifest.json\n\+\+\+ b\/svc-contract-manifest.json\n/);
    expect(p.patch.split('\n').filter((l) => /^[+-][^+-]/.test(l))).toEqual([
      '+    {"id": "sales.Order.orders_by_state", "version": 1, "owner": "o@x.test", "outputs": ["state", "orders"]},',
    ]);
    expect(applyPatch(ONE_LINE, p.patch)).toBe(p.after);
    const listed = (JSON.parse(p.after) as { contracts: Array<{ id: string }> }).contracts.map((c) => c.id);
    expect(listed).toEqual(['sales.Order.channel_mix', 'sales.Order.orders_by_state', 'sales.Order.top_states']);
  });

  it('appends after the last entry, moving the comma', () => {
    const p = contractManifestPatch('m.json', ONE_LINE, { id: 'zz.Z.z', version: 1 })!;
    expect(JSON.parse(p.after).contracts.at(-1)).toEqual({ id: 'zz.Z.z', version: 1 });
    expect(p.patch).toContain('-    {"id": "sales.Order.top_states", "version": 1}\n+    {"id": "sales.Order.top_states", "version": 1},');
  });

  it('rewrites a differently laid out manifest as two-space JSON and still applies', () => {
    const before = JSON.stringify({ version: 1, contracts: [{ id: 'a.B.c', version: 1 }] }, null, 4);
    const p = contractManifestPatch('m.json', before, entry)!;
    expect(applyPatch(before, p.patch)).toBe(p.after);
    expect(JSON.parse(p.after).contracts.map((c: { id: string }) => c.id)).toEqual(['a.B.c', 'sales.Order.orders_by_state']);
  });

  it('returns nothing when the entry is listed or the manifest does not read', () => {
    expect(contractManifestPatch('m.json', ONE_LINE, { id: 'sales.Order.channel_mix', version: 1 })).toBeUndefined();
    expect(contractManifestPatch('m.json', '{ nope', entry)).toBeUndefined();
  });
});
