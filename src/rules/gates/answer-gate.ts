/**
 * The one answer gate: may this block answer as certified? It is one evaluation of the
 * `answer.gate` policy (status, receipt, compile errors, review-required wording, contract,
 * tests) over the block as the manifest holds it. Every surface that labels an answer
 * certified asks here and nowhere else: Tier-1 routing and asking by name, the Tier-1 run,
 * `POST /api/blocks/:id/run`, the agent tools, and App tiles (trust and publication preflight,
 * through the `answer-gate` check). `test/meta/answer-gate-surfaces.test.ts` lists them.
 *
 * Fail closed: anything the gate cannot establish (no compile facts, no receipt) is a no.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { CompiledBlock, CompiledTerm, CompiledView, Manifest } from '../../compiler/types.js';
import { builtinPolicy } from '../built-in-policies.js';
import { evaluatePolicy } from '../evaluate.js';
import type { Facts, GateFacts } from '../facts.js';
import type { Finding, Policy } from '../policy.js';

export interface GateDecision {
  /** True when the block may answer as certified. */
  certified: boolean;
  /** The reason it may not: the first error finding in policy order (absent when certified). */
  reason?: Finding;
  /** Every finding, in policy order (warnings a project added included). */
  findings: Finding[];
}

export interface GateInput {
  block: CompiledBlock;
  /** Error diagnostics the compiler reported for this block's own declaration. */
  compileErrors: number;
  /** True when a contract manifest was loaded (spec 01 rules 2 and 3). */
  contractsLoaded: boolean;
}

/** The gate's decision for one block; `policy` is the project's merged answer.gate policy. */
export function answerGate(input: GateInput, policy: Policy = builtinPolicy('answer.gate')): GateDecision {
  const facts: Facts = { block: input.block, compileErrors: input.compileErrors, contractsLoaded: input.contractsLoaded };
  const findings = evaluatePolicy(policy, facts);
  const reason = findings.find((f) => f.severity === 'error');
  return reason === undefined ? { certified: true, findings } : { certified: false, reason, findings };
}

const inside = (d: Diagnostic, block: CompiledBlock): boolean =>
  d.span !== undefined && d.span.start.offset >= block.span.start.offset && d.span.start.offset <= block.span.end.offset;

/** Findings the gate judges from the block's own facts (its receipt, its contract as resolved now). */
const JUDGED_BY_FACTS = (code: string): boolean => code.startsWith('certify/receipt-') || code === 'compile/contract-unresolved';

/**
 * Error diagnostics that belong to one block: in its file and within its declaration, or naming
 * it. Receipt and contract findings are left out: the gate judges those itself, from the
 * block's facts (a running server re-resolves contracts when the contract manifest changes).
 */
export function blockCompileErrors(diagnostics: readonly Diagnostic[], block: CompiledBlock): number {
  let n = 0;
  for (const d of diagnostics) {
    if (d.severity !== 'error' || d.file !== block.file || JUDGED_BY_FACTS(d.code)) continue;
    if (inside(d, block) || d.data?.['block'] === block.id) n++;
  }
  return n;
}

/** A gate bound to one manifest (its diagnostics and contract state), memoised per block. */
export type BlockGate = (block: CompiledBlock) => GateDecision;

/** The gate for the blocks of `manifest`; decisions are computed on first ask and kept. */
export function manifestGate(manifest: Pick<Manifest, 'diagnostics' | 'contracts'>, policy?: Policy): BlockGate {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of manifest.diagnostics) {
    if (d.severity !== 'error' || d.file === undefined) continue;
    byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  }
  const memo = new WeakMap<CompiledBlock, GateDecision>();
  return (block) => {
    let decision = memo.get(block);
    if (decision === undefined) {
      const compileErrors = blockCompileErrors(byFile.get(block.file) ?? [], block);
      decision = answerGate({ block, compileErrors, contractsLoaded: manifest.contracts.loaded }, policy);
      memo.set(block, decision);
    }
    return decision;
  };
}

/** A decision as the plain facts rules read (`facts.gate`, the `answer-gate` check). */
export function gateFacts(decision: GateDecision): GateFacts {
  if (decision.certified) return { certified: true };
  return { certified: false, rule: decision.reason?.rule ?? '(none)', reason: decision.reason?.message ?? 'the answer gate refused it' };
}

/** The gate's decision for a business term answering a definition question as certified. */
export function termGate(term: CompiledTerm, policy: Policy = builtinPolicy('answer.gate')): GateDecision {
  const findings = evaluatePolicy(policy, { term });
  const reason = findings.find((f) => f.severity === 'error');
  return reason === undefined ? { certified: true, findings } : { certified: false, reason, findings };
}

/**
 * The gate's decision for a business view: whether it answers what it covers as certified,
 * scopes the routing of a question that names it, and is shown beside its blocks' answers. One
 * decision for all three, so a view is never trusted by one surface and not by another.
 */
export function viewGate(view: CompiledView, policy: Policy = builtinPolicy('answer.gate')): GateDecision {
  const findings = evaluatePolicy(policy, { view });
  const reason = findings.find((f) => f.severity === 'error');
  return reason === undefined ? { certified: true, findings } : { certified: false, reason, findings };
}
