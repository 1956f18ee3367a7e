/**
 * `svc certify --verify`: every certification receipt checked as every surface checks it (the
 * compiler's settlement, which the answer gate reads): made for the block's current source and,
 * in a project that signs receipts, signed by a listed key that verifies and may certify the
 * block; terms' and views' receipts alike (semantic-layer/terms.yaml, views.yaml). With `rerun`, each block that holds is also run again with its tests on its connection
 * (the one query path). Any failure is a finding and exit 1: a step for CI and pre-commit.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { CERTIFIERS_FILE } from '../../compiler/project/certifiers.js';
import type { CompiledBlock } from '../../compiler/types.js';
import { historyProblem } from './certifier-history.js';
import { compiledManifest, openProject } from './project.js';
import type { BlockRunner } from './types.js';

/** The findings about receipts and the certifier list that `--verify` reports. */
const RECEIPT_FINDINGS: ReadonlySet<string> = new Set([
  'certify/certifiers-invalid',
  'certify/receipt-bad-signature',
  'certify/receipt-missing',
  'certify/receipt-signer-not-allowed',
  'certify/receipt-stale',
  'certify/receipt-unknown-signer',
  'certify/receipt-unsigned',
  'certify/term-receipt-missing',
  'certify/term-receipt-signature',
  'certify/term-receipt-stale',
  'certify/unsigned-project',
  'certify/view-receipt-missing',
  'certify/view-receipt-signature',
  'certify/view-receipt-stale',
]);

export interface VerifyOptions {
  cwd: string;
  project?: string;
  rerun?: boolean;
  /** Defaults to a runner on the project's connections. */
  runner?: BlockRunner;
}

export interface VerifiedBlock {
  block: string;
  file: string;
  /** The receipt's state: valid, or why it does not hold. */
  receipt: string;
  signedBy?: string;
  /** With rerun: whether it still runs and passes its tests. */
  rerun?: 'passed' | 'failed';
}

export interface VerifyResult {
  exitCode: 0 | 1 | 2;
  blocks: VerifiedBlock[];
  diagnostics: Diagnostic[];
  /** The project root every file is relative to; absent when no project opened. */
  root?: string;
}

/** Why a block no longer passes against the warehouse, or undefined. */
async function rerunProblem(runner: BlockRunner, block: CompiledBlock): Promise<string | undefined> {
  const checked = await runner.check(block);
  if (!checked.run.ok) return `its query fails (${checked.run.error ?? 'no reason given'})`;
  const failing = checked.tests.filter((t) => !t.pass);
  if (failing.length > 0) return `test ${failing.map((t) => `"${t.text}"`).join(', ')} fails`;
  return undefined;
}

async function rerunAll(root: string, opts: VerifyOptions, rows: VerifiedBlock[], blocks: Record<string, CompiledBlock>): Promise<Diagnostic[]> {
  const opened = openProject({ cwd: opts.cwd, project: root });
  if (opened.project === undefined) return opened.diagnostics;
  const runner = opts.runner ?? (await import('./executor-runner.js')).createBlockRunner(root, opened.project.config);
  const out: Diagnostic[] = [];
  try {
    for (const row of rows.filter((r) => r.receipt === 'valid')) {
      const block = blocks[row.block] as CompiledBlock;
      const reason = await rerunProblem(runner, block);
      row.rerun = reason === undefined ? 'passed' : 'failed';
      if (reason !== undefined) out.push(diag('certify/rerun-failed', { block: block.id, file: block.file, reason }, { file: block.file, span: block.span }));
    }
  } finally {
    if (opts.runner === undefined) await runner.close();
  }
  return out;
}

/** The certifier list checked against its committed history and this machine's pin. */
function historyFindings(root: string): Diagnostic[] {
  let text: string;
  try {
    text = readFileSync(join(root, CERTIFIERS_FILE), 'utf8');
  } catch {
    return [];
  }
  const problem = historyProblem(root, text);
  return problem === undefined ? [] : [diag('certify/certifiers-rewritten', { file: CERTIFIERS_FILE, problem }, { file: CERTIFIERS_FILE })];
}

/** Checks every receipt of the project (and reruns, when asked); never throws on user input. */
export async function verifyReceipts(opts: VerifyOptions): Promise<VerifyResult> {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return { exitCode: 2, blocks: [], diagnostics: opened.diagnostics };
  const root = opened.project.root;
  const { manifest, diagnostics } = compiledManifest(root);
  if (manifest === undefined) return { exitCode: 2, blocks: [], diagnostics, root };
  const certified = Object.values(manifest.blocks).filter((b) => b.status === 'certified');
  const rows: VerifiedBlock[] = certified.map((b) => ({
    block: b.id,
    file: b.file,
    receipt: b.receipt,
    ...(b.companion?.certification?.signedBy !== undefined ? { signedBy: b.companion.certification.signedBy } : {}),
  }));
  const findings = diagnostics.filter((d) => RECEIPT_FINDINGS.has(d.code));
  if (!opened.project.env.certifiers.signed) findings.push(diag('certify/unsigned-project', {}, { file: 'svc.config.json' }));
  else findings.push(...historyFindings(root));
  if (opts.rerun === true) findings.push(...(await rerunAll(root, opts, rows, manifest.blocks)));
  const failed = findings.some((d) => d.severity === 'error');
  return { exitCode: failed ? 1 : 0, blocks: rows, diagnostics: findings, root };
}
