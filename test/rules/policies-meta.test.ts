/**
 * Meta-test of the built-in policies: one JSON file per registered name, each valid, ids in
 * the policy's own area and clear of registered codes, and - over a set of facts that break
 * everything - every rule fires and every message and hint renders with no `{{placeholder}}`
 * left, so a template can never name data its check does not provide.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRegisteredCode } from '../../grammar/codes.js';
import type { CompiledView } from '../../src/compiler/types.js';
import { builtinPolicy, POLICY_NAMES, type PolicyName } from '../../src/rules/built-in-policies.js';
import { evaluatePolicy } from '../../src/rules/evaluate.js';
import type { Facts } from '../../src/rules/facts.js';
import { certifiableFacts, tileFacts } from './fixtures.js';

const DIR = fileURLToPath(new URL('../../src/rules/policies/', import.meta.url));
const unresolved = { raw: 'x.Y.z@9', id: 'x.Y.z', version: 9, status: 'unresolved' as const };
const failedRun = { ok: false, columns: [], rowCount: 0, error: 'no such table: orders' };

/** A business view as the compiler gives it: certified and proven unless `over` says otherwise. */
function view(over: Partial<CompiledView>): CompiledView {
  return {
    id: 'a.v',
    name: 'v',
    domain: 'a',
    description: 'd',
    synonyms: [],
    owner: 'o',
    status: 'certified',
    effectiveStatus: 'certified',
    receipt: 'valid',
    blocks: ['a.b'],
    terms: [],
    sourceSha256: 'sha256:v',
    ...over,
  };
}

const BROKEN: Facts[] = [
  certifiableFacts(
    { compileErrors: 1, tests: [{ text: 'revenue >= 0', pass: false, failures: 2 }] },
    {
      owner: undefined,
      description: 'Needs review before use',
      contract: unresolved,
      grain: undefined,
      outputs: ['x'],
      sourceSystems: ['crm.accounts'],
      pattern: 'zz',
      reviewCadence: undefined,
      tests: [{ subject: 'revenue', op: '>=', value: 0, text: 'revenue >= 0' }],
      examples: [],
      query: 'select * from orders',
    },
  ),
  certifiableFacts(
    { run: failedRun, tests: undefined },
    { tests: [], tags: ['review-required'], description: undefined, owner: 'bob', contract: undefined, outputs: [], sourceSystems: [] },
  ),
  { block: certifiableFacts({}, { status: 'draft', answerFingerprint: undefined, proposed: undefined }).block! },
  { block: certifiableFacts({}, { status: 'deprecated' }).block! },
  tileFacts({ block: undefined }),
  tileFacts({ block: undefined, run: undefined }, { source: { kind: 'answer', id: 'run_1' }, fromAnswer: 'run_1' }),
  tileFacts({}, { unboundFilters: ['region'], openReviews: 1, reviewRequired: true }, { status: 'draft', sourceSha256: 'sha256:new' }),
  tileFacts({ run: failedRun }),
  tileFacts({ run: undefined }, {}, { status: 'retired' }),
  tileFacts({}, {}, { tags: ['review-required'], contract: unresolved }),
  tileFacts({}, {}, { tests: [] }),
  certifiableFacts({ compileErrors: 2 }, { companion: undefined }),
  certifiableFacts({}, { companion: { file: 'x.yaml', certification: { sourceSha256: 'sha256:other' } } }),
  certifiableFacts({}, { receipt: 'bad-signature' }),
  certifiableFacts(
    { keyProof: { keys: ['week_start'], status: 'failed', rowCount: 3, distinctKeyCount: 2, nullKeyCount: 0, duplicateKeyCount: 1 } },
    { grainKeys: { keys: ['week_start'], keyEvidence: 'complete-source' } },
  ),
  { app: { id: 'growth', file: 'apps/growth/svc.app.json', draftPending: true } },
  {
    term: {
      id: 'a.t',
      name: 't',
      domain: 'a',
      definition: 'd',
      synonyms: [],
      status: 'draft',
      effectiveStatus: 'draft',
      receipt: 'none',
      related: [],
      sourceSha256: 'sha256:t',
    },
  },
  {
    term: {
      id: 'a.t',
      name: 't',
      domain: 'a',
      definition: 'd',
      synonyms: [],
      status: 'certified',
      effectiveStatus: 'pending_recertification',
      receipt: 'missing',
      related: [],
      sourceSha256: 'sha256:t',
    },
  },
  {
    term: {
      id: 'a.t',
      name: 't',
      domain: 'a',
      definition: 'd',
      synonyms: [],
      owner: 'o',
      status: 'certified',
      effectiveStatus: 'pending_recertification',
      receipt: 'stale',
      related: [],
      sourceSha256: 'sha256:t',
      certification: { sourceSha256: 'sha256:old' },
    },
  },
  { view: view({ status: 'draft', effectiveStatus: 'draft', receipt: 'none', owner: undefined }) },
  { view: view({ receipt: 'missing', effectiveStatus: 'pending_recertification' }) },
  { view: view({ receipt: 'stale', effectiveStatus: 'pending_recertification', certification: { sourceSha256: 'sha256:old' } }) },
];

const AREA: Record<PolicyName, string> = {
  'answer.gate': 'gate/',
  'answer.trust': 'trust/',
  'block.lint': 'lint/',
  'certification.enterprise': 'certification/',
  'certification.oss': 'certification/',
  'publication.preflight': 'publication/',
};

describe('built-in policies', () => {
  it('one JSON file per registered name, sorted', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect([...POLICY_NAMES]).toEqual(files);
  });

  it.each([...POLICY_NAMES])('%s: ids in its area, never a registered code', (name) => {
    for (const rule of builtinPolicy(name).rules) {
      expect(rule.id.startsWith(AREA[name])).toBe(true);
      expect(isRegisteredCode(rule.id)).toBe(false);
    }
  });

  it.each([...POLICY_NAMES])('%s: every rule fires on broken facts and renders fully', (name) => {
    const policy = builtinPolicy(name);
    const findings = BROKEN.flatMap((facts) => evaluatePolicy(policy, facts));
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set(policy.rules.map((r) => r.id)));
    for (const f of findings) {
      expect(`${f.message} ${f.hint}`, f.rule).not.toMatch(/\{\{\w+\}\}/);
    }
  });
});

describe('built-in policy files pass full validation', () => {
  // builtinPolicy() trusts the shipped files at run time; this is where they are checked.
  it.each(POLICY_NAMES)('%s', async (name) => {
    const { loadPolicy } = await import('../../src/rules/load-policy.js');
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(new URL(`../../src/rules/policies/${name}.json`, import.meta.url), 'utf8');
    expect(loadPolicy(text, name).diagnostics).toEqual([]);
  });
});
