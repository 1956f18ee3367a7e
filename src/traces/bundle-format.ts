/**
 * The portable bundle: a directory of exactly four JSON files bound by checksums.
 *
 * - `manifest.json` (`svc.trace-bundle` v1): profile, creation time, trace id, and for each of
 *   the other three files its sha256 and byte length; `manifestSha256` binds the manifest
 *   itself: it is the sha256 of the manifest's exact bytes with that field's value written as
 *   64 zeros. So any changed byte in any of the four files fails validation.
 * - `trace.json` (`svc.ask-trace` v1): the detailed trace (pseudonymised under strict), without
 *   the local question fingerprint.
 * - `run-receipt.json` (`svc.run-receipt` v1): the run's outcome: tier, trust, refusal code,
 *   block, contract, sources, attempts; under support, the keyed question fingerprint and the
 *   reviewed question prose when the reviewer passed it on the command line.
 * - `redaction-receipt.json` (`svc.redaction-receipt` v1): what was pseudonymised or kept,
 *   how, and the canary's categories and result.
 */
import { createHash } from 'node:crypto';

export const BUNDLE_FORMAT = 'svc.trace-bundle';
export const BUNDLE_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const BOUND_FILES = ['trace.json', 'run-receipt.json', 'redaction-receipt.json'] as const;
export const BUNDLE_FILES = [MANIFEST, ...BOUND_FILES] as const;
export type BundleFileName = (typeof BUNDLE_FILES)[number];
export type BundleProfile = 'strict' | 'support';

export const ZERO_DIGEST = '0'.repeat(64);
export const CANARY_CATEGORIES = ['secret', 'sql', 'url', 'path'] as const;

export interface ManifestFile {
  name: (typeof BOUND_FILES)[number];
  sha256: string;
  bytes: number;
}

export interface BundleManifest {
  format: typeof BUNDLE_FORMAT;
  version: typeof BUNDLE_VERSION;
  profile: BundleProfile;
  createdAt: string;
  traceId: string;
  files: ManifestFile[];
  manifestSha256: string;
}

export interface RunReceipt {
  format: 'svc.run-receipt';
  version: 1;
  traceId: string;
  runId: string;
  kind: string;
  status: string;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  tier?: number;
  trust?: string;
  refusalCode?: string;
  errorCode?: string;
  block?: string;
  contract?: string;
  sources: string[];
  attempts: Array<{ tier: number; outcome: string; reasonCode?: string }>;
  questionFingerprint?: string;
  reviewedQuestion?: string;
}

export interface RedactionReceipt {
  format: 'svc.redaction-receipt';
  version: 1;
  profile: BundleProfile;
  identifiers: 'pseudonymised' | 'reviewed';
  pseudonymised?: Record<string, number>;
  method: string;
  questionFingerprint: 'omitted' | 'keyed';
  reviewedQuestion: 'absent' | 'command-line';
  questionMatchesTrace?: boolean;
  canary: { categories: string[]; files: string[]; findings: number };
}

export type BundleTexts = Record<BundleFileName, string>;

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

export const jsonText = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The exact field text whose value the self-checksum blanks. */
export const selfField = (digest: string): string => `"manifestSha256": "${digest}"`;

/** Serialises a manifest with its self-checksum filled in. */
export function sealManifest(manifest: Omit<BundleManifest, 'manifestSha256'>): string {
  const blank = jsonText({ ...manifest, manifestSha256: ZERO_DIGEST });
  return blank.replace(selfField(ZERO_DIGEST), selfField(sha256(blank)));
}

/** True when the manifest text carries `digest` exactly once and it is the text's own checksum. */
export function manifestSealed(text: string, digest: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(digest)) return false;
  const field = selfField(digest);
  const at = text.indexOf(field);
  if (at < 0 || text.indexOf(field, at + 1) >= 0) return false;
  return sha256(text.slice(0, at) + selfField(ZERO_DIGEST) + text.slice(at + field.length)) === digest;
}
