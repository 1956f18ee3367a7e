/**
 * What `svc certify` (and `--from-draft`) reports, as returned by the library and printed
 * with `--format json`.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import type { CompiledBlock } from '../../compiler/types.js';
import type { CertificationReceipt, CertificationRules, CertifiedVia, ContractChoice, RuleOutcome } from '../../rules/certify/index.js';
import type { KeyProofFacts, RunFacts, TestResultFacts, ValidationFacts } from '../../rules/facts.js';
import type { TransactionHooks } from './file-transaction.js';
import type { LocalOwner } from './local-owner.js';
import type { ReceiptSigner } from './receipt-signer.js';

/** A test result with how many rows were checked and, when it failed, why. */
export type TestCheck = TestResultFacts & { checked?: number; reason?: string };

/** Execution evidence for one block: its run, and its tests evaluated on every row. */
export interface CheckRun {
  /** The engine's reading before the run; absent from runners that do not ask it. */
  validation?: ValidationFacts;
  run: RunFacts;
  /** One result per declared test, in declaration order. */
  tests: TestCheck[];
}

/**
 * How certify and app check run a block: once on its connection through the one query path
 * (`createBlockRunner` in executor-runner.ts); tests may pass their own.
 */
export interface BlockRunner {
  /** Runs the block with its parameter defaults and evaluates its tests. Never throws on a failed run. */
  check(block: CompiledBlock): Promise<CheckRun>;
  /** The complete-source proof of the block's grain keys (enterprise certification); absent: no proof can run, so declared keys are not proven. */
  proveKeys?(block: CompiledBlock): Promise<KeyProofFacts>;
  close(): Promise<void>;
}

export interface CertifyResult {
  /** True when the block is certified now (and every file was written). */
  ok: boolean;
  /** 0 certified, 1 refused or not written, 2 usage or configuration error. */
  exitCode: 0 | 1 | 2;
  /** `<domain>.<name>` as certified. */
  block?: string;
  /** Project-relative block file (after a promotion, its new place). */
  file?: string;
  /** The draft file a promotion moved the block from. */
  from?: string;
  /** Project-relative companion YAML holding the receipt. */
  companion?: string;
  rules: CertificationRules;
  receipt?: CertificationReceipt;
  /** Block members the certification changed (status, tags, svc_contract, _proposed, ...). */
  changed: string[];
  /** Every certification rule with its outcome. */
  checks: RuleOutcome[];
  /** The engine's reading of the query before the run (prepared without running it). */
  validation?: ValidationFacts;
  run?: { ok: boolean; rowCount: number; columns: string[]; error?: string };
  tests: TestResultFacts[];
  /** The contract a promotion bound, and whether the manifest resolves it. */
  contract?: Pick<ContractChoice, 'binding' | 'from' | 'status'>;
  /** Unified diff to apply to the contract manifest so the bound contract resolves. */
  manifestPatch?: string;
  /** Files written or removed, in order (empty when nothing was written). */
  written: string[];
  /** Failing rules and other problems, plus warnings (e.g. an unlisted contract). */
  diagnostics: Diagnostic[];
}

export interface CertifyCommon {
  cwd: string;
  project?: string;
  enterprise?: boolean;
  /** Defaults to a runner on the project's connections (the one query path). */
  runner?: BlockRunner;
  now?: () => Date;
  /** Resolves certifiedBy; defaults to localOwner (config, git user.email, OS user). */
  resolveOwner?: (root: string, config: SvcConfig) => LocalOwner;
  /** Test seam: interrupt the file transaction between steps. */
  hooks?: TransactionHooks;
  /** Judge only: report what certifying would decide and write nothing (the `certify` agent tool). */
  dryRun?: boolean;
  /** Where the certification is made: the receipt's `via` (every surface names itself). */
  via: CertifiedVia;
  /** Signs the receipt (default: the local key); with a host, its `signing` hook. */
  signer?: ReceiptSigner;
}

export interface CertifyOptions extends CertifyCommon {
  /** A block file or a `<domain>.<name>` id. */
  target: string;
}

export interface PromoteOptions extends CertifyCommon {
  /** The draft file (relative to cwd). */
  draft: string;
  domain?: string;
  contract?: string;
  /** --owner: the block's new owner. */
  blockOwner?: string;
}
