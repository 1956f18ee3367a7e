/**
 * `svc certify --term <id>`: certifies a business term in semantic-layer/terms.yaml. The term is
 * judged as it would be certified (status certified, a receipt for its current content) by the
 * one answer gate, and every block it relates to must exist and pass the gate itself (a
 * certified meaning never points at uncertified data). Only then is the entry rewritten, in
 * place, keeping every comment and the rest of the file; on refusal nothing is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, parseDocument } from 'yaml';
import { type Diagnostic, diag } from '../../../grammar/diagnostics.js';
import { projectGate, projectTermGate } from '../../ask/project-gate.js';
import { loadCertifiers } from '../../compiler/project/certifiers.js';
import { loadTerms, TERMS_FILE, termSha256 } from '../../compiler/project/terms.js';
import type { CompiledTerm } from '../../compiler/types.js';
import { findingToDiagnostic } from '../../rules/evaluate.js';
import { applyChanges } from './file-transaction.js';
import { localOwner } from './local-owner.js';
import { compiledManifest, openProject } from './project.js';
import { type ArtifactReceipt, localSigner, type ReceiptSigner, signArtifact } from './receipt-signer.js';

export interface CertifyTermOptions {
  cwd: string;
  project?: string;
  term: string;
  now?: () => Date;
  /** Who signs the receipt in a project that signs receipts (default: the local key). */
  signer?: ReceiptSigner;
  /** Where it is certified (default `cli`; the web app's route says `block-studio`). */
  via?: ArtifactReceipt['via'];
  /** Who the receipt names (default: the local owner; with a host, the signed-in person). */
  certifiedBy?: string;
}

export interface CertifyTermResult {
  ok: boolean;
  exitCode: 0 | 1 | 2;
  term: string;
  diagnostics: Diagnostic[];
  receipt?: ArtifactReceipt;
  written: string[];
}

const refused = (term: string, exitCode: 1 | 2, diagnostics: Diagnostic[]): CertifyTermResult => ({ ok: false, exitCode, term, diagnostics, written: [] });

/** What stops the term from being certified: the gate on it as certified, and its related blocks. */
function problems(root: string, config: Parameters<typeof projectGate>[1], term: CompiledTerm): Diagnostic[] {
  const prospective: CompiledTerm = {
    ...term,
    status: 'certified',
    effectiveStatus: 'certified',
    receipt: 'valid',
    certification: { sourceSha256: term.sourceSha256 },
  };
  const out = (projectTermGate(config)(prospective).findings ?? []).filter((f) => f.severity === 'error').map(findingToDiagnostic);
  const { manifest } = compiledManifest(root);
  const gate = manifest === undefined ? undefined : projectGate(manifest, config);
  for (const id of term.related) {
    const block = manifest?.blocks[id];
    const ok = block !== undefined && gate !== undefined && gate(block).certified;
    if (!ok)
      out.push(
        diag(
          'certify/term-related',
          { term: term.id, block: id, state: block === undefined ? 'not a block of this project' : 'not certified' },
          { file: TERMS_FILE },
        ),
      );
  }
  return out;
}

/** The terms file with the entry of `id` certified: status and receipt set, nothing else touched. */
function certifiedText(doc: Document, id: string, receipt: NonNullable<CertifyTermResult['receipt']>): string {
  const items = doc.get('terms', true) as { items: Array<{ get(k: string): unknown; set(k: string, v: unknown): void }> };
  const entry = items.items.find((item) => item.get('id') === id);
  entry?.set('status', 'certified');
  entry?.set('certification', doc.createNode({ ...receipt }));
  return doc.toString();
}

/** Certifies one term; never throws on user input. */
export async function certifyTerm(opts: CertifyTermOptions): Promise<CertifyTermResult> {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return refused(opts.term, 2, opened.diagnostics);
  const { root, config } = opened.project;
  const trust = loadCertifiers(root, config.certification?.signed).trust;
  const loaded = loadTerms(root, trust);
  const invalid = loaded.diagnostics.filter((d) => d.code === 'terms/invalid');
  if (invalid.length > 0) return refused(opts.term, 2, invalid);
  const term = loaded.terms.find((t) => t.id === opts.term);
  if (term === undefined) return refused(opts.term, 2, [diag('certify/term-not-found', { term: opts.term }, { file: TERMS_FILE })]);
  const stop = problems(root, config, term);
  if (stop.length > 0) return refused(term.id, 1, stop);
  const at = (opts.now ?? (() => new Date()))().toISOString();
  const unsigned = { certifiedBy: opts.certifiedBy ?? localOwner(root, config).owner, certifiedAt: at, via: opts.via ?? 'cli', sourceSha256: termSha256(term) };
  const subject = { id: term.id, domain: term.id.split('.')[0] ?? '', file: TERMS_FILE };
  const signed = await signArtifact('term', subject, unsigned, trust, opts.signer ?? localSigner());
  if (signed.receipt === undefined) return refused(term.id, 1, signed.failure === undefined ? [] : [signed.failure]);
  const receipt = signed.receipt;
  const doc = parseDocument(readFileSync(join(root, TERMS_FILE), 'utf8'));
  try {
    applyChanges(root, [{ kind: 'write', path: TERMS_FILE, content: certifiedText(doc, term.id, receipt) }]);
  } catch (error) {
    return refused(term.id, 1, [
      diag('certify/write-failed', { file: TERMS_FILE, reason: error instanceof Error ? error.message : 'write failed' }, { file: TERMS_FILE }),
    ]);
  }
  return { ok: true, exitCode: 0, term: term.id, diagnostics: [], receipt, written: [TERMS_FILE] };
}
