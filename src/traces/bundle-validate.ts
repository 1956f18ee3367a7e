/**
 * Validating a bundle directory offline: exactly the four files, every checksum (the manifest's
 * own included), the formats and versions, the canary, and that the four files speak of the
 * same trace. Reads files only; opens no store, provider, tool, query or network connection.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOUND_FILES,
  BUNDLE_FILES,
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  type BundleManifest,
  MANIFEST,
  manifestSealed,
  type RedactionReceipt,
  type RunReceipt,
  sha256,
} from './bundle-format.js';
import { scanValue } from './canary.js';
import type { TraceCode } from './codes.js';
import type { TraceDetail } from './content.js';

export type BundleCheck = 'folder' | 'missing-file' | 'unexpected-file' | 'json' | 'format' | 'version' | 'checksum' | 'consistency' | 'canary' | 'receipt';

export interface BundleFinding {
  code: Extract<TraceCode, 'TRACE_BUNDLE_INVALID' | 'TRACE_EXPORT_REDACTION_FAILED'>;
  check: BundleCheck;
  file?: string;
  /** A fixed sentence about the problem; never text read from the bundle. */
  message: string;
}

export interface LoadedBundle {
  manifest: BundleManifest;
  trace: TraceDetail;
  receipt: RunReceipt;
  redaction: RedactionReceipt;
}

export interface BundleValidation {
  valid: boolean;
  profile?: string;
  traceId?: string;
  findings: BundleFinding[];
  bundle?: LoadedBundle;
}

const bad = (check: BundleCheck, message: string, file?: string): BundleFinding => ({
  code: 'TRACE_BUNDLE_INVALID',
  check,
  message,
  ...(file !== undefined ? { file } : {}),
});

function readAll(dir: string, findings: BundleFinding[]): Map<string, Buffer> | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    findings.push(bad('folder', 'The bundle folder cannot be read.'));
    return undefined;
  }
  for (const name of names)
    if (!(BUNDLE_FILES as readonly string[]).includes(name))
      findings.push(bad('unexpected-file', 'The bundle holds a file that is not part of the format.', name));
  const files = new Map<string, Buffer>();
  for (const name of BUNDLE_FILES) {
    if (!names.includes(name)) findings.push(bad('missing-file', 'A bundle file is missing.', name));
    else {
      try {
        files.set(name, readFileSync(join(dir, name)));
      } catch {
        findings.push(bad('missing-file', 'A bundle file cannot be read.', name));
      }
    }
  }
  return files;
}

function parseJson(name: string, bytes: Buffer, findings: BundleFinding[]): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  findings.push(bad('json', 'The file is not a JSON object.', name));
  return undefined;
}

function checkManifest(text: string, m: Record<string, unknown>, files: Map<string, Buffer>, findings: BundleFinding[]): void {
  if (m['format'] !== BUNDLE_FORMAT) findings.push(bad('format', 'The manifest is not an svc trace bundle manifest.', MANIFEST));
  else if (m['version'] !== BUNDLE_VERSION) findings.push(bad('version', 'The bundle was written by an unsupported format version.', MANIFEST));
  if (!manifestSealed(text, String(m['manifestSha256']))) findings.push(bad('checksum', 'The manifest does not match its own checksum.', MANIFEST));
  const listed = Array.isArray(m['files']) ? (m['files'] as Array<Record<string, unknown>>) : [];
  for (const name of BOUND_FILES) {
    const entry = listed.find((f) => f['name'] === name);
    const bytes = files.get(name);
    if (entry === undefined) findings.push(bad('checksum', 'The manifest does not bind this file.', name));
    else if (bytes !== undefined && (entry['sha256'] !== sha256(bytes) || entry['bytes'] !== bytes.length))
      findings.push(bad('checksum', 'The file does not match the checksum in the manifest.', name));
  }
}

function checkConsistency(b: LoadedBundle, findings: BundleFinding[]): void {
  const formats: Array<[string, unknown, string]> = [
    ['trace.json', b.trace.format, 'svc.ask-trace'],
    ['run-receipt.json', b.receipt.format, 'svc.run-receipt'],
    ['redaction-receipt.json', b.redaction.format, 'svc.redaction-receipt'],
  ];
  for (const [file, found, want] of formats) if (found !== want) findings.push(bad('format', `The file is not an ${want} document.`, file));
  if (b.trace.traceId !== b.manifest.traceId || b.receipt.traceId !== b.manifest.traceId) findings.push(bad('consistency', 'The files name different traces.'));
  if (b.receipt.runId !== b.trace.runId) findings.push(bad('consistency', 'The run receipt names another run than the trace.', 'run-receipt.json'));
  if (b.redaction.profile !== b.manifest.profile)
    findings.push(bad('consistency', 'The redaction receipt names another profile than the manifest.', 'redaction-receipt.json'));
}

/** Validates the bundle in `dir`. */
export function validateBundle(dir: string): BundleValidation {
  const findings: BundleFinding[] = [];
  const files = readAll(dir, findings);
  if (files === undefined) return { valid: false, findings };
  const parsed = new Map<string, Record<string, unknown>>();
  for (const [name, bytes] of files) {
    const value = parseJson(name, bytes, findings);
    if (value !== undefined) parsed.set(name, value);
  }
  const manifest = parsed.get(MANIFEST);
  if (manifest !== undefined) checkManifest(files.get(MANIFEST)!.toString('utf8'), manifest, files, findings);
  for (const [name, value] of parsed) {
    for (const f of scanValue(value))
      findings.push({ code: 'TRACE_EXPORT_REDACTION_FAILED', check: 'canary', file: name, message: `The canary found ${f.category} text (rule ${f.rule}).` });
  }
  let bundle: LoadedBundle | undefined;
  if (parsed.size === BUNDLE_FILES.length) {
    bundle = {
      manifest: manifest as unknown as BundleManifest,
      trace: parsed.get('trace.json') as unknown as TraceDetail,
      receipt: parsed.get('run-receipt.json') as unknown as RunReceipt,
      redaction: parsed.get('redaction-receipt.json') as unknown as RedactionReceipt,
    };
    checkConsistency(bundle, findings);
  }
  const out: BundleValidation = { valid: findings.length === 0, findings };
  if (typeof manifest?.['profile'] === 'string') out.profile = manifest['profile'];
  if (typeof manifest?.['traceId'] === 'string') out.traceId = manifest['traceId'];
  if (bundle !== undefined && out.valid) out.bundle = bundle;
  return out;
}
