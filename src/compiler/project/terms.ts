/**
 * Business terms (spec 01 "What the service does" 1): `semantic-layer/terms.yaml` declares what
 * the project means by a word, who owns that meaning, the words people use for it and the
 * blocks it relates to. A term counts as certified only when its receipt was made for its
 * current content, exactly as a block's (companion.ts): an edited definition is pending
 * recertification until `svc certify --term` writes a new receipt. The file is a project-level
 * input like the contract manifest: part of the compile cache key, absent means no terms.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { sourceAsset } from '../../source-asset.js';
import { sha256Hex } from '../hash.js';
import { schemaValidator, validateDocument } from '../json-schema.js';
import type { CompiledTerm } from '../types.js';
import type { CertifierTrust } from './certifiers.js';
import { judgeArtifactSignature, SIGNATURE_VERDICTS } from './receipt-signature.js';

export const TERMS_FILE = 'semantic-layer/terms.yaml';
const schemaUrl = sourceAsset('compiler/schemas/terms.schema.json');

export interface LoadedTerms {
  terms: CompiledTerm[];
  /** Exact text (part of the compile cache key); undefined when the file is absent. */
  text?: string;
  diagnostics: Diagnostic[];
}

interface TermEntry {
  id: string;
  name?: string;
  definition: string;
  synonyms?: string[];
  owner?: string;
  status?: string;
  related?: string[];
  certification?: CompiledTerm['certification'];
}

/** sha256 of what a term says, independent of YAML layout, key order and comments. */
export function termSha256(t: Pick<CompiledTerm, 'id' | 'name' | 'definition' | 'synonyms' | 'owner' | 'related'>): string {
  const canonical = JSON.stringify([t.id, t.name, t.definition, [...t.synonyms], t.owner ?? null, [...t.related]]);
  return `sha256:${sha256Hex(canonical)}`;
}

/** The receipt state of a term: by its hash, then, when it holds, by its signature. */
function termReceipt(e: TermEntry, status: string, sha: string, trust: CertifierTrust): CompiledTerm['receipt'] {
  if (status !== 'certified') return e.certification === undefined ? 'none' : 'orphaned';
  if (e.certification === undefined) return 'missing';
  if (e.certification.sourceSha256 !== sha) return 'stale';
  const [domain = ''] = e.id.split('.');
  return judgeArtifactSignature('term', { id: e.id, domain, file: TERMS_FILE }, e.certification, trust);
}

function compileTerm(e: TermEntry, trust: CertifierTrust): CompiledTerm {
  const [domain = '', name = ''] = e.id.split('.');
  const base = {
    id: e.id,
    name: e.name ?? name.replace(/_/g, ' '),
    definition: e.definition,
    synonyms: e.synonyms ?? [],
    related: e.related ?? [],
    ...(e.owner !== undefined ? { owner: e.owner } : {}),
  };
  const sourceSha256 = termSha256(base);
  const status = e.status ?? 'draft';
  const receipt = termReceipt(e, status, sourceSha256, trust);
  const proven = receipt === 'valid';
  return {
    ...base,
    domain,
    status,
    effectiveStatus: proven ? 'certified' : status === 'certified' ? 'pending_recertification' : status,
    receipt,
    sourceSha256,
    ...(e.certification !== undefined ? { certification: e.certification } : {}),
  };
}

/** Receipt and duplicate findings of the compiled terms, on the terms file. */
function termDiagnostics(terms: readonly CompiledTerm[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  const where = { file: TERMS_FILE };
  for (const t of terms) {
    if (seen.has(t.id)) out.push(diag('terms/duplicate', { term: t.id }, where));
    seen.add(t.id);
    const data = { term: t.id, file: TERMS_FILE };
    if (t.receipt === 'missing') out.push(diag('certify/term-receipt-missing', data, where));
    if (t.receipt === 'stale') out.push(diag('certify/term-receipt-stale', data, where));
    if (t.receipt === 'orphaned') out.push(diag('certify/term-receipt-orphaned', { term: t.id, status: t.status }, where));
    if (SIGNATURE_VERDICTS.has(t.receipt))
      out.push(diag('certify/term-receipt-signature', { term: t.id, verdict: t.receipt, signedBy: t.certification?.signedBy ?? 'none' }, where));
  }
  return out;
}

function parse(text: string): { data?: unknown; problem?: string } {
  try {
    return { data: (createRequire(import.meta.url)('yaml') as { parse: (t: string) => unknown }).parse(text) };
  } catch (error) {
    return { problem: error instanceof Error ? (error.message.split('\n')[0] ?? 'bad YAML') : 'bad YAML' };
  }
}

/**
 * Reads the project's terms; a file that does not read gives its diagnostics and no terms. In a
 * project that signs receipts (`trust`), a term's receipt counts only when it is signed by a
 * listed certifier allowed for it, as a block's.
 */
export function loadTerms(root: string, trust: CertifierTrust = { signed: false }): LoadedTerms {
  let text: string;
  try {
    text = readFileSync(join(root, TERMS_FILE), 'utf8');
  } catch {
    return { terms: [], diagnostics: [] };
  }
  const { data, problem } = parse(text);
  if (problem !== undefined) return { terms: [], text, diagnostics: [diag('terms/invalid', { pointer: '/', problem }, { file: TERMS_FILE })] };
  const invalid = validateDocument(schemaValidator(schemaUrl), data, 'terms/invalid', TERMS_FILE);
  if (invalid.length > 0) return { terms: [], text, diagnostics: invalid };
  const terms = (data as { terms: TermEntry[] }).terms.map((e) => compileTerm(e, trust));
  return { terms, text, diagnostics: termDiagnostics(terms) };
}

/** Related ids that name no block of the project: reported, never silently dropped. */
export function unknownRelated(terms: readonly CompiledTerm[], blockIds: Pick<ReadonlySet<string>, 'has'>): Diagnostic[] {
  return terms.flatMap((t) =>
    t.related.filter((id) => !blockIds.has(id)).map((id) => diag('terms/unknown-related', { term: t.id, block: id }, { file: TERMS_FILE })),
  );
}

/** Terms keyed by id in id order (the first declaration of a duplicated id), for the manifest. */
export function termsById(terms: readonly CompiledTerm[]): Record<string, CompiledTerm> {
  const out: Record<string, CompiledTerm> = {};
  for (const t of [...terms].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) if (!Object.hasOwn(out, t.id)) out[t.id] = t;
  return out;
}
