/**
 * `svc certify --from-draft <path>`: the promotion loop's last step. The draft is judged as
 * it will be written (same rules as `svc certify`); only when it passes does it move out of
 * `_drafts` to its domain folder with status = "certified", svc_contract bound, `_proposed`
 * and the Tier-2 capture fields dropped, and its companion moves with the receipt. The patch
 * that makes the contract resolve is returned for the user to apply; the contract manifest
 * itself is never written. Refused or interrupted, every file stays as it was.
 */
import { basename } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { ContractIndex } from '../../compiler/analyze/contract.js';
import { companionPath } from '../../compiler/project/companion.js';
import {
  type ContractChoice,
  chooseContract,
  compileText,
  contractManifestPatch,
  isDomainName,
  promotionPath,
  suggestedContract,
} from '../../rules/certify/index.js';
import { commitCertification } from './commit-certification.js';
import { judge } from './judge.js';
import { compiledManifest, type LocatedBlock, projectPath, readText } from './project.js';
import { localSigner } from './receipt-signer.js';
import { certifiedBy, closeSession, judged, notCertified, openSession, type Session } from './session.js';
import type { CertifyResult, PromoteOptions } from './types.js';

interface Plan {
  located: LocatedBlock;
  domain: string;
  destination: string;
  choice?: ContractChoice;
  contracts: ContractIndex;
  warnings: Diagnostic[];
}

type Step<T> = { ok: true; value: T } | { ok: false; result: CertifyResult };

function readDraft(session: Session, opts: PromoteOptions): Step<LocatedBlock> {
  const fail = (exitCode: 1 | 2, d: Diagnostic): Step<LocatedBlock> => ({ ok: false, result: notCertified(session.rules, exitCode, [d]) });
  const file = projectPath(session.project.root, opts.cwd, opts.draft);
  const text = file === undefined ? undefined : readText(session.project.root, file);
  if (file === undefined || text === undefined) return fail(2, diag('certify/not-found', { target: opts.draft }));
  const { blocks } = compileText(text, file, session.project.env);
  const block = blocks[0];
  if (block === undefined) return fail(2, diag('certify/not-found', { target: opts.draft }, { file }));
  if (blocks.length > 1) return fail(2, diag('certify/ambiguous-file', { file, count: blocks.length, blocks: blocks.map((b) => b.id).join(', ') }, { file }));
  if (!block.inDrafts) return fail(2, diag('certify/not-a-draft', { file }, { file }));
  return { ok: true, value: { file, text, block } };
}

/** The contract to bind and what to say about it. */
function contractPlan(session: Session, opts: PromoteOptions, located: LocatedBlock): Step<{ choice?: ContractChoice; warnings: Diagnostic[] }> {
  const index = session.project.env.contracts;
  const decision = chooseContract(opts.contract, suggestedContract(located.block, opts.domain ?? located.block.domain), index);
  const where = { file: located.file, span: located.block.span };
  if (decision.kind === 'invalid') {
    const d = diag('certify/contract-invalid', { value: decision.value, from: decision.from === 'flag' ? '--contract' : '_proposed.contract_id' }, where);
    if (decision.from === 'flag') return { ok: false, result: notCertified(session.rules, 2, [d]) };
    return { ok: true, value: { warnings: [{ ...d, severity: 'warning' }] } };
  }
  if (decision.kind === 'none') return { ok: true, value: { warnings: [diag('certify/no-contract', { block: located.block.id }, where)] } };
  const { choice } = decision;
  const warnings: Diagnostic[] = [];
  if (choice.status === 'unlisted') warnings.push(diag('certify/contract-unlisted', { contract: choice.binding, path: index.path }, { file: index.path }));
  if (choice.status === 'unchecked') warnings.push(diag('certify/contract-unchecked', { contract: choice.binding }, where));
  return { ok: true, value: { choice, warnings } };
}

/** Where the draft goes; refuses a destination that exists or an id already taken. */
function destinationPlan(session: Session, opts: PromoteOptions, located: LocatedBlock): Step<{ domain: string; destination: string }> {
  const fail = (exitCode: 1 | 2, d: Diagnostic): Step<{ domain: string; destination: string }> => ({
    ok: false,
    result: notCertified(session.rules, exitCode, [d]),
  });
  const domain = opts.domain ?? located.block.domain;
  if (!isDomainName(domain)) return fail(2, diag('certify/invalid-domain', { domain }));
  const destination = promotionPath(located.block.layout, domain, basename(located.file));
  if (readText(session.project.root, destination) !== undefined) return fail(1, diag('certify/destination-exists', { destination }, { file: located.file }));
  const id = `${domain}.${located.block.name}`;
  const other = compiledManifest(session.project.root).manifest?.blocks[id];
  if (other !== undefined && other.file !== located.file)
    return fail(1, diag('certify/duplicate-block', { block: id, other: other.file }, { file: located.file }));
  return { ok: true, value: { domain, destination } };
}

function plan(session: Session, opts: PromoteOptions): Step<Plan> {
  const draft = readDraft(session, opts);
  if (!draft.ok) return draft;
  const located = draft.value;
  const contract = contractPlan(session, opts, located);
  if (!contract.ok) return contract;
  const target = destinationPlan(session, opts, located);
  if (!target.ok) return target;
  const index = session.project.env.contracts;
  const { choice, warnings } = contract.value;
  // Judge as the manifest will be once the printed patch is applied (and say so).
  const contracts = choice?.status === 'unlisted' ? { ...index, keys: new Set([...index.keys, choice.binding]) } : index;
  return { ok: true, value: { located, ...target.value, ...(choice !== undefined ? { choice } : {}), contracts, warnings } };
}

function patchFor(session: Session, p: Plan, owner: string | undefined, columns: string[]): string | undefined {
  const { choice } = p;
  const text = session.project.contracts.text;
  if (choice?.status !== 'unlisted' || text === undefined) return undefined;
  const entry = { id: choice.id, version: choice.version, ...(owner !== undefined ? { owner } : {}), outputs: columns };
  return contractManifestPatch(session.project.contracts.index.path, text, entry)?.patch;
}

async function promote(session: Session, opts: PromoteOptions, p: Plan): Promise<CertifyResult> {
  const { project, policy, rules, runner } = session;
  const edits = {
    dropCapture: true,
    domain: p.domain,
    ...(p.choice ? { contract: p.choice.binding } : {}),
    ...(opts.blockOwner !== undefined ? { owner: opts.blockOwner } : {}),
  };
  const judgement = await judge({ project, runner, located: p.located, destination: p.destination, edits, rules, policy, contracts: p.contracts });
  const base = judged(rules, judgement);
  const result: CertifyResult = { ...base, from: p.located.file, diagnostics: [...base.diagnostics, ...p.warnings] };
  if (p.choice !== undefined) result.contract = { binding: p.choice.binding, from: p.choice.from, status: p.choice.status };
  // A refusal prints no patch, so it must not point at one.
  if (!judgement.decision.ok || judgement.certified === undefined)
    return { ...result, ok: false, exitCode: 1, diagnostics: result.diagnostics.filter((d) => d.code !== 'certify/contract-unlisted') };
  if (opts.dryRun === true) return { ...result, file: p.destination };
  const commit = await commitCertification({
    project,
    policy,
    rules,
    certified: judgement.certified,
    destination: p.destination,
    movedFrom: { file: p.located.file, companion: companionPath(p.located.block) },
    certifiedBy: certifiedBy(session, opts),
    via: opts.via,
    signer: opts.signer ?? localSigner(),
    certifiedAt: (opts.now ?? (() => new Date()))(),
    contracts: p.contracts,
    ...(opts.hooks !== undefined ? { hooks: opts.hooks } : {}),
  });
  if (commit.failure !== undefined) return { ...result, ok: false, exitCode: 1, diagnostics: [...result.diagnostics, commit.failure] };
  const patch = patchFor(session, p, judgement.certified.block.owner, judgement.facts.run?.columns ?? []);
  return {
    ...result,
    file: p.destination,
    companion: commit.companion,
    receipt: commit.receipt,
    written: commit.written,
    ...(patch !== undefined ? { manifestPatch: patch } : {}),
  };
}

/** Promotes a draft; never throws on user input. */
export async function promoteDraft(opts: PromoteOptions): Promise<CertifyResult> {
  const { session, diagnostics } = await openSession(opts);
  if (session === undefined) return notCertified(opts.enterprise === true ? 'enterprise' : 'oss', 2, diagnostics);
  try {
    const planned = plan(session, opts);
    if (!planned.ok) return planned.result;
    return await promote(session, opts, planned.value);
  } finally {
    await closeSession(session, opts);
  }
}
