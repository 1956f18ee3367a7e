/**
 * Business views (spec 01 "What the service does" 1): `semantic-layer/views.yaml` names a set of
 * blocks and terms that belong together ("revenue reporting"), who owns it and the words people
 * use for it. A view counts as certified only when its receipt was made for its current content,
 * exactly as a term's (terms.ts): an edited description or member list is pending
 * recertification until `svc certify --view` writes a new receipt. The file is a project-level
 * input like terms.yaml: part of the compile cache key, absent means no views. Findings point at
 * the line and column of the value to fix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Code } from '../../../grammar/codes.js';
import type { Diagnostic, DiagnosticData, Span } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { sourceAsset } from '../../source-asset.js';
import { sha256Hex } from '../hash.js';
import { schemaValidator, validateDocument } from '../json-schema.js';
import type { CompiledView } from '../types.js';
import type { CertifierTrust } from './certifiers.js';
import { judgeArtifactSignature, SIGNATURE_VERDICTS } from './receipt-signature.js';
import { readPlacedYaml } from './yaml-places.js';

export const VIEWS_FILE = 'semantic-layer/views.yaml';
const schemaUrl = sourceAsset('compiler/schemas/views.schema.json');

export interface LoadedViews {
  /** In file order (the n-th entry of the file is `views[n]`), duplicates kept. */
  views: CompiledView[];
  /** Exact text (part of the compile cache key); undefined when the file is absent. */
  text?: string;
  diagnostics: Diagnostic[];
  /** Where the value at a JSON pointer of the file is (`/views/0/blocks/1`). */
  at(pointer: string): Span | undefined;
}

interface ViewEntry {
  id: string;
  name?: string;
  description: string;
  owner?: string;
  status?: string;
  synonyms?: string[];
  blocks: string[];
  terms?: string[];
  certification?: CompiledView['certification'];
}

type ViewContent = Pick<CompiledView, 'id' | 'name' | 'description' | 'synonyms' | 'owner' | 'blocks' | 'terms'>;

/** sha256 of what a view says, independent of YAML layout, key order and comments. */
export function viewSha256(v: ViewContent): string {
  const canonical = JSON.stringify([v.id, v.name, v.description, [...v.synonyms], v.owner ?? null, [...v.blocks], [...v.terms]]);
  return `sha256:${sha256Hex(canonical)}`;
}

/** The receipt state of a declared status and receipt, as terms and blocks have it. */
function receiptOf(e: ViewEntry, status: string, sha: string, trust: CertifierTrust): CompiledView['receipt'] {
  const certification = e.certification;
  if (status !== 'certified') return certification === undefined ? 'none' : 'orphaned';
  if (certification === undefined) return 'missing';
  if (certification.sourceSha256 !== sha) return 'stale';
  const [domain = ''] = e.id.split('.');
  return judgeArtifactSignature('view', { id: e.id, domain, file: VIEWS_FILE }, certification, trust);
}

function compileView(e: ViewEntry, trust: CertifierTrust): CompiledView {
  const [domain = '', name = ''] = e.id.split('.');
  const base: ViewContent = {
    id: e.id,
    name: e.name ?? name.replace(/_/g, ' '),
    description: e.description,
    synonyms: e.synonyms ?? [],
    blocks: e.blocks,
    terms: e.terms ?? [],
    ...(e.owner !== undefined ? { owner: e.owner } : {}),
  };
  const sourceSha256 = viewSha256(base);
  const status = e.status ?? 'draft';
  const receipt = receiptOf(e, status, sourceSha256, trust);
  const effectiveStatus = receipt === 'valid' ? 'certified' : status === 'certified' ? 'pending_recertification' : status;
  return { ...base, domain, status, effectiveStatus, receipt, sourceSha256, ...(e.certification !== undefined ? { certification: e.certification } : {}) };
}

const RECEIPT_CODES: Partial<Record<CompiledView['receipt'], [Code, string]>> = {
  missing: ['certify/view-receipt-missing', 'status'],
  stale: ['certify/view-receipt-stale', 'certification'],
  orphaned: ['certify/view-receipt-orphaned', 'certification'],
};

/** Receipt and duplicate findings of the compiled views, each at the value to fix. */
function viewDiagnostics(views: readonly CompiledView[], at: LoadedViews['at']): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const where = (pointer: string) => placed(pointer, at);
  views.forEach((v, i) => {
    if (seen.has(v.id)) out.push(diag('views/duplicate', { view: v.id }, where(`/views/${i}/id`)));
    seen.add(v.id);
    const receipt = RECEIPT_CODES[v.receipt];
    if (receipt !== undefined) out.push(diag(receipt[0], { view: v.id, status: v.status }, where(`/views/${i}/${receipt[1]}`)));
    if (SIGNATURE_VERDICTS.has(v.receipt))
      out.push(
        diag(
          'certify/view-receipt-signature',
          { view: v.id, verdict: v.receipt, signedBy: v.certification?.signedBy ?? 'none' },
          where(`/views/${i}/certification`),
        ),
      );
  });
  return out;
}

/** The file, and the span of a pointer when the file gives one. */
function placed(pointer: string, at: LoadedViews['at']): { file: string; span?: Span } {
  const span = at(pointer);
  return span === undefined ? { file: VIEWS_FILE } : { file: VIEWS_FILE, span };
}

/** Schema findings, each at its pointer's line and column. */
function schemaDiagnostics(data: unknown, at: LoadedViews['at']): Diagnostic[] {
  return validateDocument(schemaValidator(schemaUrl), data, 'views/invalid', VIEWS_FILE).map((d) => {
    const data = d.data as DiagnosticData;
    return diag('views/invalid', data, placed(String(data['pointer']), at));
  });
}

const nowhere = (): undefined => undefined;

/** Reads the project's views (their receipts judged under `trust`, as terms'); a file that does not read gives its diagnostics and no views. */
export function loadViews(root: string, trust: CertifierTrust = { signed: false }): LoadedViews {
  let text: string;
  try {
    text = readFileSync(join(root, VIEWS_FILE), 'utf8');
  } catch {
    return { views: [], diagnostics: [], at: nowhere };
  }
  const read = readPlacedYaml(text);
  const at = read.at;
  if (read.problem !== undefined) {
    const where = read.problem.span === undefined ? { file: VIEWS_FILE } : { file: VIEWS_FILE, span: read.problem.span };
    return { views: [], text, at, diagnostics: [diag('views/invalid', { pointer: '/', problem: read.problem.message }, where)] };
  }
  const invalid = schemaDiagnostics(read.data, at);
  if (invalid.length > 0) return { views: [], text, at, diagnostics: invalid };
  const views = (read.data as { views: ViewEntry[] }).views.map((e) => compileView(e, trust));
  return { views, text, at, diagnostics: viewDiagnostics(views, at) };
}

/** Member ids that name no block or term of the project: reported at the id, never silently dropped. */
export function unknownMembers(loaded: LoadedViews, blockIds: Pick<ReadonlySet<string>, 'has'>, termIds: ReadonlySet<string>): Diagnostic[] {
  return loaded.views.flatMap((v, i) => [
    ...v.blocks.flatMap((id, j) =>
      blockIds.has(id) ? [] : [diag('views/unknown-block', { view: v.id, block: id }, placed(`/views/${i}/blocks/${j}`, loaded.at))],
    ),
    ...v.terms.flatMap((id, j) => (termIds.has(id) ? [] : [diag('views/unknown-term', { view: v.id, term: id }, placed(`/views/${i}/terms/${j}`, loaded.at))])),
  ]);
}

/** Views keyed by id in id order (the first declaration of a duplicated id), for the manifest. */
export function viewsById(views: readonly CompiledView[]): Record<string, CompiledView> {
  const out: Record<string, CompiledView> = {};
  for (const v of [...views].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) if (!Object.hasOwn(out, v.id)) out[v.id] = v;
  return out;
}
