/**
 * Companion YAML beside each block: semantic-layer/blocks/<domain>/<name>.yaml (drafts in a
 * `_drafts` folder). Its reviewStatus must equal the block's status, and a certification
 * receipt may exist only while the block is certified; a certified block without a receipt for
 * its current source is pending recertification (settleCertification).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import type { CompanionInfo, CompiledBlock } from '../types.js';
import type { CertifierTrust } from './certifiers.js';
import { readPlainYaml } from './companion-reader.js';
import { judgeSignature, VERDICT_CODES } from './receipt-signature.js';

type YamlParse = (text: string) => unknown;
let yamlParse: YamlParse | undefined;

/**
 * Companion text as data: the plain shape svc writes is read directly (companion-reader.ts);
 * anything else goes to the YAML library, loaded on first use.
 */
function parseYaml(text: string): unknown {
  const plain = readPlainYaml(text);
  if (plain !== undefined) return plain;
  yamlParse ??= (createRequire(import.meta.url)('yaml') as { parse: YamlParse }).parse;
  return yamlParse(text);
}

/** Project-relative path of a block's companion file. */
export function companionPath(block: Pick<CompiledBlock, 'domain' | 'name' | 'inDrafts'>): string {
  const folder = block.inDrafts ? `${block.domain}/_drafts` : block.domain;
  return `semantic-layer/blocks/${folder}/${block.name}.yaml`;
}

/** The text of the companion, or undefined when there is none. */
export function readCompanionText(root: string, rel: string): string | undefined {
  try {
    return readFileSync(join(root, rel), 'utf8');
  } catch {
    return undefined;
  }
}

function asInfo(file: string, data: Record<string, unknown>): CompanionInfo {
  const info: CompanionInfo = { file };
  if (typeof data['reviewStatus'] === 'string') info.reviewStatus = data['reviewStatus'];
  const cert = data['certification'];
  if (cert && typeof cert === 'object' && !Array.isArray(cert)) {
    const c = cert as Record<string, unknown>;
    const out: NonNullable<CompanionInfo['certification']> = {};
    for (const key of ['certifiedBy', 'certifiedAt', 'via', 'rules', 'sourceSha256', 'signedBy', 'signature'] as const) {
      const v = c[key];
      if (typeof v === 'string') out[key] = v;
      else if (v instanceof Date) out[key] = v.toISOString();
    }
    if (Array.isArray(c['checks'])) out.checks = c['checks'].filter((x): x is string => typeof x === 'string');
    info.certification = out;
  }
  return info;
}

/** Parses companion text and checks it against its block; fills block.companion. */
export function applyCompanion(block: CompiledBlock, rel: string, text: string): Diagnostic[] {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    const problem = error instanceof Error ? (error.message.split('\n')[0] ?? 'bad YAML') : 'bad YAML';
    return [diag('compile/companion-invalid', { problem }, { file: rel })];
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return [diag('compile/companion-invalid', { problem: 'expected a mapping of fields' }, { file: rel })];
  }
  const info = asInfo(rel, data as Record<string, unknown>);
  block.companion = info;
  return checkCompanion(block, info);
}

function checkCompanion(block: CompiledBlock, info: CompanionInfo): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = { file: info.file };
  if (info.reviewStatus !== undefined && info.reviewStatus !== block.status) {
    out.push(diag('compile/companion-status-mismatch', { reviewStatus: info.reviewStatus, status: block.status }, where));
  }
  if (info.certification && block.status !== 'certified') {
    out.push(diag('compile/receipt-orphaned', { block: block.id, status: block.status }, where));
  }
  return out;
}

/**
 * Settles what the block's certification rests on, once its companion (if any) is applied: a
 * block declared certified counts as certified only with a receipt made for its current source
 * and, in a project that signs receipts, signed by a listed key allowed to certify it. Without
 * one it is pending recertification, reported on the block itself; the rest of the project
 * compiles and serves as usual.
 */
export function settleCertification(block: CompiledBlock, at: { file: string; span: Span }, trust: CertifierTrust): Diagnostic[] {
  const receipt = block.companion?.certification;
  if (block.status !== 'certified') {
    block.receipt = receipt ? 'orphaned' : 'none';
    block.effectiveStatus = block.status;
    return [];
  }
  const data = { block: block.id, file: block.file };
  block.effectiveStatus = 'pending_recertification';
  if (receipt === undefined) {
    block.receipt = 'missing';
    return [diag('certify/receipt-missing', { ...data, companion: companionPath(block) }, at)];
  }
  if (receipt.sourceSha256 !== block.sourceSha256) {
    block.receipt = 'stale';
    return [diag('certify/receipt-stale', { ...data, receipt: receipt.sourceSha256 ?? 'none', current: block.sourceSha256 }, at)];
  }
  const verdict = judgeSignature(block, trust);
  block.receipt = verdict;
  if (verdict === 'valid') {
    block.effectiveStatus = 'certified';
    return [];
  }
  return [diag(VERDICT_CODES[verdict], { ...data, signedBy: receipt.signedBy ?? 'none' }, at)];
}
