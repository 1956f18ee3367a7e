/**
 * One block declaration -> CompiledBlock. Pure: no I/O. Collects every diagnostic and keeps
 * going, so a block with one bad field still compiles with the rest.
 */

import type { Assertion, Declaration, Field, ParamDecl, Section } from '../../../grammar/block/ast.js';
import type { Diagnostic } from '../../../grammar/diagnostics.js';
import { diag } from '../../../grammar/diagnostics.js';
import { BLOCK_STATUSES, type CompiledBlock, type JsonValue } from '../types.js';
import { readColumns } from './columns.js';
import { expectedText, KNOWN_FIELDS, readShape, SPECIAL_SECTIONS } from './fields.js';
import { readGrainKeys } from './grain.js';
import { checkParamUse, compileParams, usedParams } from './params.js';
import { readRelationships } from './relationships.js';
import { compileTests } from './tests.js';
import { declarationSha256, membersToJson, toJson } from './values.js';

export interface BlockContext {
  file: string;
  layout: 'domain' | 'legacy';
  folderDomain?: string;
  inDrafts: boolean;
  /**
   * True when a parse error fell inside the declaration: a field may have been lost with the
   * error, so "missing field" would only repeat the parse diagnostic in other words.
   */
  damaged?: boolean;
}

const NAME = /^[a-z][a-z0-9_]*$/;

interface Collected {
  values: Map<string, JsonValue>;
  extra: { [k: string]: JsonValue };
  params: ParamDecl[];
  asserts: Assertion[];
  members: Map<string, Field | Section>;
}

function collect(decl: Declaration, block: string, file: string, out: Diagnostic[]): Collected {
  const c: Collected = { values: new Map(), extra: {}, params: [], asserts: [], members: new Map() };
  for (const m of decl.members) {
    if (m.kind === 'param' || m.kind === 'assert') {
      const member = m.kind === 'param' ? `Parameter ${m.name}` : 'An assertion';
      out.push(diag('compile/misplaced-member', { member, where: 'at the top of a block' }, { file, span: m.span }));
      continue;
    }
    const key = m.kind === 'field' ? m.key : m.name;
    const keySpan = m.kind === 'field' ? m.keySpan : m.nameSpan;
    if (c.members.has(key)) {
      out.push(diag('compile/duplicate-field', { block, field: key }, { file, span: keySpan }));
      continue;
    }
    c.members.set(key, m);
    if (m.kind === 'section' && SPECIAL_SECTIONS.has(m.name)) collectSpecial(m, c, file, out);
    else collectField(m, key, block, file, c, out);
  }
  return c;
}

function collectSpecial(s: Section, c: Collected, file: string, out: Diagnostic[]): void {
  for (const inner of s.members) {
    if (s.name === 'params' && inner.kind === 'param') c.params.push(inner);
    else if (s.name === 'tests' && inner.kind === 'assert') c.asserts.push(inner);
    else {
      const member =
        inner.kind === 'field'
          ? `Field ${inner.key}`
          : inner.kind === 'section'
            ? `Section ${inner.name}`
            : inner.kind === 'param'
              ? `Parameter ${inner.name}`
              : 'An assertion';
      out.push(diag('compile/misplaced-member', { member, where: `inside ${s.name} { }` }, { file, span: inner.span }));
    }
  }
}

function collectField(m: Field | Section, key: string, block: string, file: string, c: Collected, out: Diagnostic[]): void {
  const shape = KNOWN_FIELDS[key];
  const span = m.kind === 'field' ? m.keySpan : m.nameSpan;
  if (shape === undefined) {
    out.push(diag('compile/unknown-field', { field: key }, { file, span }));
    c.extra[key] = m.kind === 'field' ? toJson(m.value) : membersToJson(m.members);
    return;
  }
  const value = readShape(shape, m);
  if (value === undefined) out.push(diag('compile/field-type', { block, field: key, expected: expectedText(shape) }, { file, span }));
  else c.values.set(key, value);
}

function str(c: Collected, key: string): string | undefined {
  const v = c.values.get(key);
  return typeof v === 'string' ? v : undefined;
}

function strings(c: Collected, key: string): string[] {
  const v = c.values.get(key);
  return Array.isArray(v) ? (v as string[]) : [];
}

function resolveDomain(decl: Declaration, c: Collected, ctx: BlockContext, out: Diagnostic[]): string | undefined {
  const declared = str(c, 'domain');
  const block = decl.name;
  if (declared !== undefined && ctx.folderDomain !== undefined && declared !== ctx.folderDomain) {
    const span = (c.members.get('domain') as Field).span;
    out.push(diag('compile/domain-mismatch', { block, declared, folder: ctx.folderDomain }, { file: ctx.file, span }));
  }
  const domain = declared ?? ctx.folderDomain;
  if (domain === undefined) out.push(diag('compile/missing-field', { block, field: 'domain' }, { file: ctx.file, span: decl.nameSpan }));
  return domain;
}

/** Compiles a declaration; `block` is undefined only when it has no usable name or domain. */
export function analyzeBlock(decl: Declaration, ctx: BlockContext): { block?: CompiledBlock; diagnostics: Diagnostic[] } {
  const out: Diagnostic[] = [];
  const file = ctx.file;
  if (!NAME.test(decl.name)) out.push(diag('compile/invalid-name', { name: decl.name }, { file, span: decl.nameSpan }));
  const c = collect(decl, decl.name, file, out);
  const domain = resolveDomain(decl, c, ctx, out);
  if (domain === undefined) return { diagnostics: out };
  const id = `${domain}.${decl.name}`;
  const status = checkStatus(c, id, decl, file, out, ctx);
  const query = str(c, 'query');
  if (query === undefined && !c.members.has('query') && ctx.damaged !== true)
    out.push(diag('compile/missing-field', { block: id, field: 'query' }, { file, span: decl.nameSpan }));
  const { params, diagnostics: pd } = compileParams(c.params, id, file);
  const { tests, diagnostics: td } = compileTests(c.asserts, id, file);
  out.push(...pd, ...td);
  const used = usedParams(query ?? '');
  const querySpan = c.members.get('query')?.span ?? decl.nameSpan;
  out.push(...checkParamUse(params, new Set(c.params.map((p) => p.name)), used, id, file, (name) => c.params.find((p) => p.name === name)?.span ?? querySpan));
  const block = assemble(decl, ctx, c, { id, domain, status, query: query ?? '', params, tests, used });
  declaredMeaning(block, c, decl, file, out);
  return { block, diagnostics: out };
}

/** What the owner declares the block answers to: `synonyms`, and `columns` with their meanings. */
function declaredMeaning(block: CompiledBlock, c: Collected, decl: Declaration, file: string, out: Diagnostic[]): void {
  if (c.values.has('synonyms')) block.synonyms = strings(c, 'synonyms');
  const columns = readColumns(c.values.get('columns'), block.id, file, c.members.get('columns')?.span ?? decl.nameSpan, out);
  if (columns !== undefined) block.columns = columns;
  const grainKeys = readGrainKeys(c.members.get('grain'), block.outputs, { block: block.id, file, out });
  if (grainKeys !== undefined) block.grainKeys = grainKeys;
  const relationships = readRelationships(c.members.get('relationships'), block.outputs, { block: block.id, file, out });
  if (relationships !== undefined) block.relationships = relationships;
}

function checkStatus(c: Collected, id: string, decl: Declaration, file: string, out: Diagnostic[], ctx: BlockContext): string {
  const status = str(c, 'status');
  if (status === undefined) {
    if (!c.members.has('status') && ctx.damaged !== true)
      out.push(diag('compile/missing-field', { block: id, field: 'status' }, { file, span: decl.nameSpan }, 'warning'));
    return 'draft';
  }
  if (!(BLOCK_STATUSES as readonly string[]).includes(status)) {
    out.push(diag('compile/invalid-status', { block: id, status }, { file, span: (c.members.get('status') as Field).value.span }));
  }
  return status;
}

interface Core {
  id: string;
  domain: string;
  status: string;
  query: string;
  params: CompiledBlock['params'];
  tests: CompiledBlock['tests'];
  used: string[];
}

/** The compiled block: its fields every block has, then the optional ones it declares (in that key order, which the manifest keeps). */
function assemble(decl: Declaration, ctx: BlockContext, c: Collected, core: Core): CompiledBlock {
  const b = requiredFields(decl, ctx, c, core);
  optionalFields(b, c);
  return b;
}

/** The fields every compiled block has, in manifest order. */
function requiredFields(decl: Declaration, ctx: BlockContext, c: Collected, core: Core): CompiledBlock {
  return {
    id: core.id,
    name: decl.name,
    domain: core.domain,
    file: ctx.file,
    span: decl.span,
    layout: ctx.layout,
    inDrafts: ctx.inDrafts,
    status: core.status,
    // Settled once the companion is read (project/companion.ts); a block starts unproven.
    effectiveStatus: core.status === 'certified' ? 'pending_recertification' : core.status,
    receipt: core.status === 'certified' ? 'missing' : 'none',
    tags: strings(c, 'tags'),
    outputs: strings(c, 'outputs'),
    sourceSystems: strings(c, 'sourceSystems'),
    examples: (c.values.get('examples') as CompiledBlock['examples']) ?? [],
    params: core.params,
    paramsUsed: core.used,
    query: core.query,
    connection: str(c, 'connection') ?? 'default',
    dialect: 'sqlite',
    tests: core.tests,
    extra: c.extra,
    tables: [],
    tablesFrom: 'none',
    sourceSha256: declarationSha256(decl),
    sqlFingerprint: '',
  };
}

/** Adds the optional fields `c` declares to `b`, after the required ones. */
function optionalFields(b: CompiledBlock, c: Collected): void {
  for (const key of ['description', 'owner', 'pattern', 'reviewCadence', 'answer_fingerprint'] as const) {
    const v = str(c, key);
    if (v !== undefined) (b as unknown as Record<string, unknown>)[key === 'answer_fingerprint' ? 'answerFingerprint' : key] = v;
  }
  const objects = {
    grain: 'grain',
    visualization: 'visualization',
    parameterPolicy: 'parameterPolicy',
    filterBindings: 'filterBindings',
    _proposed: 'proposed',
  } as const;
  for (const [key, target] of Object.entries(objects)) {
    const v = c.values.get(key);
    if (v !== undefined) (b as unknown as Record<string, unknown>)[target] = v;
  }
  const asked = c.values.get('asked_times');
  if (typeof asked === 'number') b.askedTimes = asked;
  const contract = str(c, 'svc_contract');
  if (contract !== undefined) b.contract = { raw: contract, id: '', version: 0, status: 'unchecked' };
}
