/**
 * Exporting one detailed trace as a portable bundle (format in `bundle-format.ts`).
 *
 * strict: identifiers pseudonymised, no question fingerprint at all.
 * support: identifiers kept, allowed only with `confirmReviewedIdentifiers` (a reviewer
 * approved them for sharing); reviewed question prose comes only from the caller (the command
 * line), never from the trace, which does not hold it. With prose, the receipt carries its
 * keyed fingerprint and whether it matches the question the trace was recorded for.
 *
 * Both profiles run the canary over all four files before anything is written; any finding
 * fails the export with TRACE_EXPORT_REDACTION_FAILED and writes nothing.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileOnce } from './atomic-write.js';
import {
  BOUND_FILES,
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  type BundleProfile,
  type BundleTexts,
  CANARY_CATEGORIES,
  jsonText,
  MANIFEST,
  type RedactionReceipt,
  type RunReceipt,
  sealManifest,
  sha256,
} from './bundle-format.js';
import { scanValue } from './canary.js';
import type { TraceDetail } from './content.js';
import { TraceError } from './errors.js';
import { Pseudonymiser } from './pseudonymise.js';
import { keyedFingerprint } from './salt.js';

export interface ExportOptions {
  profile: BundleProfile;
  /** The key for pseudonyms and keyed fingerprints (host traceSalt or the install salt). */
  salt: string;
  confirmReviewedIdentifiers?: boolean;
  /** Reviewed question prose, support profile only, from explicit command-line input. */
  reviewedQuestion?: string;
  now?: () => number;
}

function runReceipt(t: TraceDetail): RunReceipt {
  const o = t.outcome;
  const r: RunReceipt = {
    format: 'svc.run-receipt',
    version: 1,
    traceId: t.traceId,
    runId: t.runId,
    kind: t.kind,
    status: t.status,
    startedAt: t.startedAt,
    sources: [...t.sources.used],
    attempts: t.attempts.map((a) => ({ tier: a.tier, outcome: a.outcome, ...(a.reasonCode !== undefined ? { reasonCode: a.reasonCode } : {}) })),
  };
  const optional = {
    finishedAt: t.finishedAt,
    durationMs: t.durationMs,
    tier: o.tier,
    trust: o.trust,
    refusalCode: o.refusalCode,
    errorCode: o.errorCode,
    block: o.block,
    contract: o.contract,
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) (r as unknown as Record<string, unknown>)[k] = v;
  return r;
}

function checkRequest(opts: ExportOptions): void {
  if (opts.profile !== 'strict' && opts.profile !== 'support') throw new TraceError('TRACE_REQUEST_INVALID', { message: 'profile must be strict or support.' });
  if (opts.profile === 'support' && opts.confirmReviewedIdentifiers !== true) {
    throw new TraceError('TRACE_REQUEST_INVALID', {
      message: 'The support profile keeps identifiers; pass --confirm-reviewed-identifiers once a reviewer approved them for sharing.',
    });
  }
  if (opts.profile === 'strict' && opts.reviewedQuestion !== undefined) {
    throw new TraceError('TRACE_REQUEST_INVALID', { message: 'Reviewed question prose is part of the support profile only.' });
  }
}

/** Builds the four file texts in memory, canary included. Throws TraceError. */
export function buildBundle(detail: TraceDetail, opts: ExportOptions): BundleTexts {
  checkRequest(opts);
  const strict = opts.profile === 'strict';
  const pseudo = new Pseudonymiser(opts.salt);
  const trace: TraceDetail = strict ? pseudo.trace(detail) : { ...JSON.parse(JSON.stringify(detail)), fingerprints: {} };
  const receipt = runReceipt(trace);
  const question = opts.reviewedQuestion?.trim();
  if (question) {
    receipt.questionFingerprint = keyedFingerprint(opts.salt, question);
    receipt.reviewedQuestion = question;
    trace.fingerprints = { question: receipt.questionFingerprint };
  }
  const redaction: RedactionReceipt = {
    format: 'svc.redaction-receipt',
    version: 1,
    profile: opts.profile,
    identifiers: strict ? 'pseudonymised' : 'reviewed',
    method: strict ? 'hmac-sha256 keyed stand-ins (install key)' : 'identifiers kept after review',
    questionFingerprint: question ? 'keyed' : 'omitted',
    reviewedQuestion: question ? 'command-line' : 'absent',
    canary: { categories: [...CANARY_CATEGORIES], files: [MANIFEST, ...BOUND_FILES], findings: 0 },
  };
  if (strict) redaction.pseudonymised = { ...pseudo.counts() };
  if (question && detail.fingerprints.question !== undefined)
    redaction.questionMatchesTrace = keyedFingerprint(opts.salt, question) === detail.fingerprints.question;
  const bound = { 'trace.json': jsonText(trace), 'run-receipt.json': jsonText(receipt), 'redaction-receipt.json': jsonText(redaction) };
  const manifest = sealManifest({
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    profile: opts.profile,
    createdAt: new Date((opts.now ?? Date.now)()).toISOString(),
    traceId: trace.traceId,
    files: BOUND_FILES.map((name) => ({ name, sha256: sha256(bound[name]), bytes: Buffer.byteLength(bound[name]) })),
  });
  const texts: BundleTexts = { [MANIFEST]: manifest, ...bound };
  assertCanaryClean(texts);
  return texts;
}

/** Runs the canary over every file; names category, rule, file and pointer, never the text. */
export function assertCanaryClean(texts: Partial<BundleTexts>): void {
  const findings = Object.entries(texts).flatMap(([file, text]) => scanValue(JSON.parse(text ?? 'null')).map((f) => ({ file, ...f })));
  if (findings.length > 0) throw new TraceError('TRACE_EXPORT_REDACTION_FAILED', { data: { findings } });
}

/**
 * Writes a bundle into `dir`, which must be empty or not exist yet. Files appear whole (temp
 * file, then a hard link that refuses to replace anything); the manifest goes last, so a
 * bundle interrupted half-way never validates.
 */
export function writeBundle(dir: string, texts: BundleTexts): void {
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length > 0)
    throw new TraceError('TRACE_REQUEST_INVALID', { message: 'The output folder is not empty; an export never overwrites an earlier bundle.' });
  for (const name of BOUND_FILES) writeFileOnce(join(dir, name), texts[name]);
  writeFileOnce(join(dir, MANIFEST), texts[MANIFEST]);
}
