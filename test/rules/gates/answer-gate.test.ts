/**
 * The one answer gate: which blocks may answer as certified, and which rule is the reason when
 * one may not (the first failing rule in policy order, so a block with several problems is
 * always refused for the same, most fundamental reason).
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { CompiledBlock } from '../../../src/compiler/types.js';
import { projectPolicy } from '../../../src/rules/built-in-policies.js';
import { answerGate, blockCompileErrors, gateFacts, manifestGate } from '../../../src/rules/gates/answer-gate.js';
import { certifiableBlock } from '../fixtures.js';

const unresolved = { raw: 'x.Y.z@9', id: 'x.Y.z', version: 9, status: 'unresolved' as const };
const unchecked = { ...unresolved, status: 'unchecked' as const };
const staleReceipt = { file: 'x.yaml', reviewStatus: 'certified', certification: { sourceSha256: 'sha256:before' } };

const CASES: Array<[string, Partial<CompiledBlock>, { compileErrors?: number; contractsLoaded?: boolean }, string | null]> = [
  ['a certified block with its receipt, tests and contract', {}, {}, null],
  ['a draft', { status: 'draft' }, {}, 'gate/status-certified'],
  ['a block in review', { status: 'review' }, {}, 'gate/status-certified'],
  ['pending recertification', { status: 'pending_recertification' }, {}, 'gate/status-certified'],
  ['deprecated', { status: 'deprecated' }, {}, 'gate/status-certified'],
  ['forged: certified, no companion', { companion: undefined }, {}, 'gate/receipt-present'],
  ['certified, a companion without a receipt', { companion: { file: 'x.yaml', reviewStatus: 'certified' } }, {}, 'gate/receipt-present'],
  ['certified, edited since its receipt', { companion: staleReceipt }, {}, 'gate/receipt-current'],
  ['certified with compile errors in its declaration', {}, { compileErrors: 2 }, 'gate/compiles'],
  ['certified, tagged review-required', { tags: ['kpi', 'review-required'] }, {}, 'gate/not-flagged-review'],
  ['certified, tagged needs_review', { tags: ['needs_review'] }, {}, 'gate/not-flagged-review'],
  ['certified, description says it needs review', { description: 'Needs review before use.' }, {}, 'gate/not-flagged-review'],
  ['a word that merely contains review is fine', { description: 'Reviewed monthly by finance.' }, {}, null],
  ['certified, contract not in the loaded manifest', { contract: unresolved }, {}, 'gate/contract-resolves'],
  ['certified, no contract manifest loaded: the contract is not checked', { contract: unchecked }, { contractsLoaded: false }, null],
  ['certified, without tests', { tests: [] }, {}, 'gate/tests-declared'],
  // Precedence: the most fundamental problem is the one reported.
  [
    'a draft without receipt and tagged review-required: its status',
    { status: 'draft', companion: undefined, tags: ['review-required'] },
    {},
    'gate/status-certified',
  ],
  ['forged and tagged review-required: the missing receipt', { companion: undefined, tags: ['review-required'] }, {}, 'gate/receipt-present'],
  ['stale with an unresolved contract: the stale receipt', { companion: staleReceipt, contract: unresolved }, {}, 'gate/receipt-current'],
];

describe('answerGate', () => {
  it.each(CASES)('%s', (_name, over, input, rule) => {
    const d = answerGate({ block: certifiableBlock(over), compileErrors: input.compileErrors ?? 0, contractsLoaded: input.contractsLoaded ?? true });
    expect(d.certified).toBe(rule === null);
    expect(d.reason?.rule ?? null).toBe(rule);
    if (rule !== null) {
      expect(d.reason?.message).toContain('finance.weekly_revenue');
      expect(gateFacts(d)).toEqual({ certified: false, rule, reason: d.reason?.message });
    } else {
      expect(gateFacts(d)).toEqual({ certified: true });
    }
  });

  it('a project may add a gate rule; its error refuses, its warning is reported and does not', () => {
    const entries = [
      {
        policy: 'answer.gate',
        rule: {
          id: 'acme/owner-is-a-team',
          severity: 'error',
          description: 'Owners are team addresses.',
          check: { kind: 'field-matches', field: 'owner', pattern: '^team-' },
          message: '{{block}} is owned by a person.',
          hint: 'Name a team.',
        },
      },
      {
        policy: 'answer.gate',
        rule: {
          id: 'acme/examples',
          severity: 'warning',
          description: 'Examples help.',
          check: { kind: 'array-min-length', field: 'examples', min: 3 },
          message: '{{block}} has few examples.',
          hint: 'Add examples.',
        },
      },
    ];
    const merged = projectPolicy('answer.gate', entries);
    expect(merged.diagnostics).toEqual([]);
    const d = answerGate({ block: certifiableBlock(), compileErrors: 0, contractsLoaded: true }, merged.policy);
    expect(d.certified).toBe(false);
    expect(d.reason?.rule).toBe('acme/owner-is-a-team');
    expect(d.findings.map((f) => f.rule)).toEqual(['acme/owner-is-a-team', 'acme/examples']);
    const warnOnly = projectPolicy('answer.gate', [entries[1]]).policy;
    expect(answerGate({ block: certifiableBlock(), compileErrors: 0, contractsLoaded: true }, warnOnly).certified).toBe(true);
  });

  it('a project may not lower a gate rule', () => {
    const merged = projectPolicy('answer.gate', [{ policy: 'answer.gate', id: 'gate/receipt-present', severity: 'warning' }]);
    expect(merged.diagnostics.map((d) => d.code)).toEqual(['policy/severity-lowered']);
    expect(answerGate({ block: certifiableBlock({ companion: undefined }), compileErrors: 0, contractsLoaded: true }, merged.policy).certified).toBe(false);
  });
});

const block = certifiableBlock(); // its declaration spans offsets 20..400 of its file
const at = (offset: number) => ({ start: { offset, line: 1, column: 1 }, end: { offset: offset + 1, line: 1, column: 2 } });
const error = (over: Partial<Diagnostic>): Diagnostic => ({ code: 'compile/undeclared-param', severity: 'error', message: 'm', file: block.file, ...over });

describe('blockCompileErrors', () => {
  it.each<[string, Diagnostic[], number]>([
    ['none', [], 0],
    ['an error inside the declaration', [error({ span: at(100) })], 1],
    ['an error in another declaration of the same file', [error({ span: at(500) })], 0],
    ['an error in another file', [error({ span: at(100), file: 'other.svc' })], 0],
    ['an error naming the block without a span', [error({ data: { block: block.id } })], 1],
    ['an error naming another block', [error({ data: { block: 'finance.other' } })], 0],
    ['a warning inside the declaration', [error({ span: at(100), severity: 'warning' })], 0],
    ['a receipt finding (the gate judges the receipt itself)', [error({ code: 'certify/receipt-stale', span: at(30) })], 0],
  ])('%s', (_name, diagnostics, n) => {
    expect(blockCompileErrors(diagnostics, block)).toBe(n);
  });
});

describe('manifestGate', () => {
  it('judges each block with its own compile errors and the manifest contract state, once', () => {
    const other = certifiableBlock({ id: 'finance.other', span: { start: { offset: 500, line: 40, column: 1 }, end: { offset: 900, line: 60, column: 2 } } });
    const gate = manifestGate({ diagnostics: [error({ span: at(600) })], contracts: { loaded: true, path: 'c.json', count: 1 } });
    expect(gate(block).certified).toBe(true);
    expect(gate(other).reason?.rule).toBe('gate/compiles');
    expect(gate(other)).toBe(gate(other));
  });
});
