/** Companion YAML after certification or a status change: receipt, reviewStatus, nothing else lost. */

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type CertificationReceipt, certifiedCompanionText, statusCompanionText } from '../../../src/rules/certify/index.js';

const block = {
  name: 'orders_by_state',
  domain: 'sales',
  description: 'Orders per state: all statuses.',
  owner: 'o@x.test',
  tags: ['orders'],
  tables: ['orders'],
};
const receipt: CertificationReceipt = {
  certifiedBy: 'me@x.test',
  certifiedAt: '2026-01-02T03:04:05.000Z',
  via: 'cli',
  rules: 'oss',
  sourceSha256: 'sha256:ab',
  checks: ['metadata', 'validation', 'run', 'tests'],
};

const EXISTING = `# reviewed by the sales team
name: orders_by_state
domain: sales
description: "Review required: drafted from a question."
owner: local-owner@example.test
tags:
  - review-required
steward: ops@x.test # kept
lineage:
  tables:
    - orders
  notes: from the shop database
reviewStatus: draft
`;

describe('certifiedCompanionText', () => {
  it('sets reviewStatus and the receipt, syncs block fields, keeps other keys and comments', () => {
    const text = certifiedCompanionText(EXISTING, block, receipt);
    const data = parse(text) as Record<string, unknown>;
    expect(data).toMatchObject({
      reviewStatus: 'certified',
      description: block.description,
      tags: ['orders'],
      steward: 'ops@x.test',
      lineage: { tables: ['orders'], notes: 'from the shop database' },
    });
    expect(data['certification']).toEqual(receipt);
    expect(text).toContain('# reviewed by the sales team');
    expect(text).toContain('# kept');
    expect(text).toContain('certifiedAt: "2026-01-02T03:04:05.000Z"');
  });

  it('writes a fresh companion when there is none or it does not read', () => {
    for (const existing of [undefined, 'a: [unclosed']) {
      const data = parse(certifiedCompanionText(existing, { ...block, tags: [] }, receipt)) as Record<string, unknown>;
      expect(Object.keys(data)).toEqual(['name', 'domain', 'description', 'owner', 'lineage', 'reviewStatus', 'certification']);
    }
  });
});

describe('statusCompanionText', () => {
  it('a status away from certified removes the receipt', () => {
    const certified = certifiedCompanionText(EXISTING, block, receipt);
    const data = parse(statusCompanionText(certified, block, 'review')) as Record<string, unknown>;
    expect(data['reviewStatus']).toBe('review');
    expect(data['certification']).toBeUndefined();
    expect(data['steward']).toBe('ops@x.test');
  });
});
