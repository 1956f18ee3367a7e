/**
 * One certification judgement, shared by `svc certify` and `--from-draft`: rewrite the block
 * as it will be written, compile that text, run it once through the one query path, evaluate
 * its tests on every row, and evaluate the certification policy over those facts. Reads
 * files and runs a statement; writes nothing.
 */
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import type { ContractIndex } from '../../compiler/analyze/contract.js';
import { replaceParams } from '../../compiler/analyze/params.js';
import { statementTables } from '../../compiler/sql-tables.js';
import type { CompiledBlock } from '../../compiler/types.js';
import {
  type CertificationDecision,
  type CertificationRules,
  type CertifyEdits,
  certifiedSource,
  compileText,
  evaluateCertification,
} from '../../rules/certify/index.js';
import type { Facts } from '../../rules/facts.js';
import type { Policy } from '../../rules/policy.js';
import type { CertifyProject, LocatedBlock } from './project.js';
import type { BlockRunner } from './types.js';

export interface JudgeInput {
  project: CertifyProject;
  runner: BlockRunner;
  located: LocatedBlock;
  /** Project-relative path the certified file will have. */
  destination: string;
  edits: CertifyEdits;
  rules: CertificationRules;
  policy: Policy;
  /** Contract index to judge against (promotion adds the entry its printed patch adds). */
  contracts?: ContractIndex;
}

export interface Judgement {
  decision: CertificationDecision;
  facts: Facts;
  /** The certified text and its compiled block; absent when the file could not be rewritten. */
  certified?: { text: string; block: CompiledBlock; changed: string[] };
  /** Compile errors of the certified text (or parse errors of the file as it is). */
  diagnostics: Diagnostic[];
  /** The block file's text as it is now, where findings are placed. */
  source: string;
}

/** Tables the SQL reads by the full parser (enterprise lineage), when it can read them. */
function parsedTables(block: CompiledBlock): string[] | undefined {
  const read = statementTables(
    replaceParams(block.query, () => '?'),
    block.dialect,
  );
  return read.from === 'none' ? undefined : read.tables;
}

async function runFacts(input: JudgeInput, block: CompiledBlock, compileErrors: number, contractsLoaded: boolean): Promise<Facts> {
  const { validation, run, tests } = await input.runner.check(block);
  const facts: Facts = { block, compileErrors, contractsLoaded, run, tests };
  if (validation !== undefined) facts.validation = validation;
  if (input.rules === 'enterprise') {
    const tables = parsedTables(block);
    if (tables !== undefined) facts.tables = tables;
    // The same complete-source proof as svc keys prove; without a way to run it, declared keys stay unproven.
    if (block.grainKeys !== undefined && input.runner.proveKeys !== undefined) facts.keyProof = await input.runner.proveKeys(block);
  }
  return facts;
}

/** Judges the located block as it would be certified. */
export async function judge(input: JudgeInput): Promise<Judgement> {
  const contracts = input.contracts ?? input.project.env.contracts;
  const env = { ...input.project.env, contracts };
  const source = certifiedSource({
    text: input.located.text,
    file: input.located.file,
    destination: input.destination,
    name: input.located.block.name,
    edits: input.edits,
    env,
  });
  if (!source.ok) {
    // The file does not parse: judge the block as it is, so every failing rule is reported.
    const current = compileText(input.located.text, input.located.file, env);
    const errors = current.diagnostics.filter((d) => d.severity === 'error');
    const facts = await runFacts(input, input.located.block, Math.max(1, errors.length), contracts.loaded);
    return { decision: evaluateCertification(input.policy, facts), facts, diagnostics: errors, source: input.located.text };
  }
  // Findings point at the block where the user edits it now, not where it will be written.
  const here = { ...source.block, file: input.located.file, span: input.located.block.span };
  const facts = await runFacts(input, here, source.compileErrors, contracts.loaded);
  return {
    decision: evaluateCertification(input.policy, facts),
    facts,
    certified: { text: source.text, block: source.block, changed: source.changed },
    diagnostics: source.diagnostics.filter((d) => d.severity === 'error'),
    source: input.located.text,
  };
}
