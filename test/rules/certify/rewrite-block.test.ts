/** Certification edits on the syntax tree: what changes, and that nothing else is lost. */
import { describe, expect, it } from 'vitest';
import { parseBlockFile } from '../../../grammar/block/index.js';
import { formatBlockFile } from '../../../src/compiler/format/index.js';
import { certifiedSource, compileText, findDeclaration, rewriteForCertification, setStatus } from '../../../src/rules/certify/index.js';

const DRAFT = `// top comment about the block
block "orders_by_state" {
  domain = "sales"
  status = "draft" // set by capture
  description = "Orders per state." // reviewed
  owner = "local-owner@example.test"
  tags = ["orders", "review-required"] // tags comment
  answer_fingerprint = "sha256:abc"
  asked_times = 3
  // provenance follows
  _proposed {
    asked_at = "2026-01-08T16:42:10Z"
    asked_times = 3
    domain = "sales"
    entity = "Order"
    contract_id = "sales.Order.orders_by_state"
  }
  team_note = "keep me" // unknown field
  /* block comment before the query */
  query = """ SELECT state, COUNT(*) AS orders FROM orders GROUP BY state """
  tests {
    assert row_count > 0 // at least one state
  }
}
`;

const env = { driverOf: () => 'sqlite', contracts: { loaded: true, path: 'svc-contract-manifest.json', keys: new Set(['sales.Order.orders_by_state@1']) } };

function rewrite(text: string, edits: Parameters<typeof rewriteForCertification>[1]): { out: string; changed: string[] } {
  const file = parseBlockFile(text);
  const decl = findDeclaration(file, 'orders_by_state')!;
  const changed = rewriteForCertification(decl, edits);
  // Trailing comments are aligned by the formatter; compare with single spaces.
  return { out: formatBlockFile(file).replace(/ {2,}\/\//g, ' //'), changed };
}

describe('rewriteForCertification', () => {
  it('promotion: sets status and contract, drops capture fields and the tag, keeps every comment and unknown field', () => {
    const { out, changed } = rewrite(DRAFT, { contract: 'sales.Order.orders_by_state@1', domain: 'sales', dropCapture: true });
    expect(changed).toEqual(['status', 'tags', 'svc_contract', '_proposed', 'answer_fingerprint', 'asked_times']);
    expect(out).toContain('status = "certified" // set by capture');
    expect(out).toContain('tags = ["orders"] // tags comment');
    expect(out).not.toMatch(/_proposed|answer_fingerprint|asked_times|review-required/);
    for (const kept of [
      '// top comment about the block',
      '// reviewed',
      '// provenance follows',
      'team_note = "keep me" // unknown field',
      '/* block comment before the query */',
      '// at least one state',
    ]) {
      expect(out).toContain(kept);
    }
    // A new svc_contract sits after the descriptive fields, not after the query.
    expect(out.indexOf('svc_contract')).toBeLessThan(out.indexOf('query'));
    expect(out.indexOf('svc_contract')).toBeGreaterThan(out.indexOf('tags'));
  });

  it('certify in place only changes status and the review tag', () => {
    const { out, changed } = rewrite(DRAFT, {});
    expect(changed).toEqual(['status', 'tags']);
    expect(out).toContain('_proposed {');
    expect(out).toContain('asked_times = 3');
  });

  it('drops tags entirely when review-required was the only one, keeping its comment', () => {
    const { out, changed } = rewrite(DRAFT.replace('["orders", "review-required"]', '["Needs-Review"]'), {});
    expect(changed).toContain('tags');
    expect(out).not.toContain('tags =');
    expect(out).toContain('// tags comment');
  });

  it('changes nothing when the block is already certified without a review tag', () => {
    const text = DRAFT.replace('"draft"', '"certified"').replace(', "review-required"', '');
    expect(rewrite(text, {}).changed).toEqual([]);
  });

  it('setStatus reports whether the status changed', () => {
    const file = parseBlockFile(DRAFT);
    const decl = findDeclaration(file, 'orders_by_state')!;
    expect(setStatus(decl, 'draft')).toBe(false);
    expect(setStatus(decl, 'review')).toBe(true);
    expect(formatBlockFile(file)).toContain('status = "review"');
  });
});

describe('certifiedSource', () => {
  it('compiles the rewritten text at its destination; the hash is what compile computes for that text', () => {
    const r = certifiedSource({
      text: DRAFT,
      file: 'domains/sales/blocks/_drafts/orders_by_state.svc',
      destination: 'domains/sales/blocks/orders_by_state.svc',
      name: 'orders_by_state',
      edits: { contract: 'sales.Order.orders_by_state@1', dropCapture: true },
      env,
    });
    if (!r.ok) throw new Error('expected ok');
    expect(r.block).toMatchObject({ id: 'sales.orders_by_state', status: 'certified', inDrafts: false, file: 'domains/sales/blocks/orders_by_state.svc' });
    expect(r.block.contract?.status).toBe('resolved');
    expect(r.compileErrors).toBe(0);
    const again = compileText(r.text, 'domains/sales/blocks/orders_by_state.svc', env).blocks[0];
    expect(again?.sourceSha256).toBe(r.block.sourceSha256);
  });

  it('is not ok when the file does not parse (the formatter would drop what was skipped)', () => {
    const r = certifiedSource({ text: DRAFT.replace('owner =', 'owner == ='), file: 'a.svc', destination: 'a.svc', name: 'orders_by_state', env });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.some((d) => d.code.startsWith('parse/'))).toBe(true);
  });
});
