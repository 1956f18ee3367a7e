/**
 * `svc certify --view <id>`: certifies a business view in semantic-layer/views.yaml, as
 * `--term` certifies a term (certify-term.ts). The view is judged as it would be certified by the
 * one answer gate, and every block and term it holds must exist and pass the gate itself: a
 * certified view answers what it covers and scopes routing, so it never points at uncertified
 * data or meanings. Only then is the entry rewritten in place, keeping every comment and the rest
 * of the file; on refusal nothing is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, parseDocument } from 'yaml';
import { type Diagnostic, diag } from '../../../grammar/diagnostics.js';
import { projectGate, projectTermGate, projectViewGate } from '../../ask/project-gate.js';
import { loadCertifiers } from '../../compiler/project/certifiers.js';
import type { SvcConfig } from '../../compiler/project/config.js';
import { type LoadedViews, loadViews, VIEWS_FILE, viewSha256 } from '../../compiler/project/views.js';
import type { CompiledView, Manifest } from '../../compiler/types.js';
import { findingToDiagnostic } from '../../rules/evaluate.js';
import { applyChanges } from './file-transaction.js';
import { localOwner } from './local-owner.js';
import { compiledManifest, openProject } from './project.js';
import { type ArtifactReceipt, localSigner, type ReceiptSigner, signArtifact } from './receipt-signer.js';

export interface CertifyViewOptions {
  cwd: string;
  project?: string;
  view: string;
  now?: () => Date;
  /** Who signs the receipt in a project that signs receipts (default: the local key). */
  signer?: ReceiptSigner;
  /** Where it is certified (default `cli`; the web app's route says `block-studio`). */
  via?: ArtifactReceipt['via'];
  /** Who the receipt names (default: the local owner; with a host, the signed-in person). */
  certifiedBy?: string;
}

export interface CertifyViewResult {
  ok: boolean;
  exitCode: 0 | 1 | 2;
  view: string;
  diagnostics: Diagnostic[];
  receipt?: ArtifactReceipt;
  written: string[];
}

const refused = (view: string, exitCode: 1 | 2, diagnostics: Diagnostic[]): CertifyViewResult => ({ ok: false, exitCode, view, diagnostics, written: [] });

/** The view as it would be once certified: what the gate judges before anything is written. */
const prospective = (view: CompiledView): CompiledView => ({
  ...view,
  status: 'certified',
  effectiveStatus: 'certified',
  receipt: 'valid',
  certification: { sourceSha256: view.sourceSha256 },
});

/** Why a member may not be in a certified view: unknown, or not certified; undefined when it may. */
const memberState = (known: boolean, certified: boolean, what: string): string | undefined =>
  !known ? `not a ${what} of this project` : certified ? undefined : 'not certified';

/** Members (blocks, then terms) that are missing or that the gate does not let answer as certified. */
function memberProblems(loaded: LoadedViews, index: number, manifest: Manifest | undefined, config: SvcConfig | undefined): Diagnostic[] {
  const view = loaded.views[index] as CompiledView;
  const gate = manifest === undefined ? undefined : projectGate(manifest, config);
  const termGate = projectTermGate(config);
  const out: Diagnostic[] = [];
  view.blocks.forEach((id, j) => {
    const block = manifest?.blocks[id];
    const s = memberState(block !== undefined, block !== undefined && gate?.(block).certified === true, 'block');
    if (s !== undefined) out.push(memberDiag(loaded, view.id, 'block', id, s, `/views/${index}/blocks/${j}`));
  });
  view.terms.forEach((id, j) => {
    const term = manifest?.terms?.[id];
    const s = memberState(term !== undefined, term !== undefined && termGate(term).certified, 'term');
    if (s !== undefined) out.push(memberDiag(loaded, view.id, 'term', id, s, `/views/${index}/terms/${j}`));
  });
  return out;
}

function memberDiag(loaded: LoadedViews, view: string, kind: string, member: string, state: string, pointer: string): Diagnostic {
  const span = loaded.at(pointer);
  return diag('certify/view-member', { view, kind, member, state }, span === undefined ? { file: VIEWS_FILE } : { file: VIEWS_FILE, span });
}

/** What stops the view at `index` from being certified: the gate on it as certified, and its members. */
function problems(root: string, config: SvcConfig | undefined, loaded: LoadedViews, index: number): Diagnostic[] {
  const view = loaded.views[index] as CompiledView;
  const gated = projectViewGate(config)(prospective(view))
    .findings.filter((f) => f.severity === 'error')
    .map(findingToDiagnostic);
  return [...gated, ...memberProblems(loaded, index, compiledManifest(root).manifest, config)];
}

/** The views file with the entry of `id` certified: status and receipt set, nothing else touched. */
function certifiedText(doc: Document, id: string, receipt: NonNullable<CertifyViewResult['receipt']>): string {
  const items = doc.get('views', true) as { items: Array<{ get(k: string): unknown; set(k: string, v: unknown): void }> };
  const entry = items.items.find((item) => item.get('id') === id);
  entry?.set('status', 'certified');
  entry?.set('certification', doc.createNode({ ...receipt }));
  return doc.toString();
}

/** Certifies one view; never throws on user input. */
export async function certifyView(opts: CertifyViewOptions): Promise<CertifyViewResult> {
  const opened = openProject(opts.project === undefined ? { cwd: opts.cwd } : { cwd: opts.cwd, project: opts.project });
  if (opened.project === undefined) return refused(opts.view, 2, opened.diagnostics);
  const { root, config } = opened.project;
  const trust = loadCertifiers(root, config.certification?.signed).trust;
  const loaded = loadViews(root, trust);
  const invalid = loaded.diagnostics.filter((d) => d.code === 'views/invalid');
  if (invalid.length > 0) return refused(opts.view, 2, invalid);
  const index = loaded.views.findIndex((v) => v.id === opts.view);
  const view = loaded.views[index];
  if (view === undefined) return refused(opts.view, 2, [diag('certify/view-not-found', { view: opts.view }, { file: VIEWS_FILE })]);
  const stop = problems(root, config, loaded, index);
  if (stop.length > 0) return refused(view.id, 1, stop);
  const at = (opts.now ?? (() => new Date()))().toISOString();
  const unsigned = { certifiedBy: opts.certifiedBy ?? localOwner(root, config).owner, certifiedAt: at, via: opts.via ?? 'cli', sourceSha256: viewSha256(view) };
  const subject = { id: view.id, domain: view.id.split('.')[0] ?? '', file: VIEWS_FILE };
  const signed = await signArtifact('view', subject, unsigned, trust, opts.signer ?? localSigner());
  if (signed.receipt === undefined) return refused(view.id, 1, signed.failure === undefined ? [] : [signed.failure]);
  const receipt = signed.receipt;
  const doc = parseDocument(readFileSync(join(root, VIEWS_FILE), 'utf8'));
  try {
    applyChanges(root, [{ kind: 'write', path: VIEWS_FILE, content: certifiedText(doc, view.id, receipt) }]);
  } catch (error) {
    return refused(view.id, 1, [
      diag('certify/write-failed', { file: VIEWS_FILE, reason: error instanceof Error ? error.message : 'write failed' }, { file: VIEWS_FILE }),
    ]);
  }
  return { ok: true, exitCode: 0, view: view.id, diagnostics: [], receipt, written: [VIEWS_FILE] };
}
