/**
 * The Tier-2 prompt: the question, the project's certified blocks (id, description, outputs),
 * the warehouse schema (table and column names) and, when the project names one, its
 * transformation models (dbt: names, descriptions, columns and tests, as context). Never a row, a parameter value or a
 * result: Tier 2 asks for SQL before anything has run, so no result value can reach the model
 * whatever the provider (spec 02, privacy boundary items 1-3). The model answers with one
 * read-only statement in a ```sql block, or `CANNOT_ANSWER: <reason>`.
 */

import type { Tier1Candidate } from '../../ask/types.js';
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import type { BlockGate } from '../../rules/gates/answer-gate.js';
import type { WarehouseCatalog } from '../../warehouse/types.js';
import type { TransformModel } from '../transform/dbt-models.js';
import type { ChatMessage } from './model-provider.js';

/** Blocks listed in one prompt; the Tier-1 candidates come first. */
const MAX_BLOCKS = 60;
const MAX_DESCRIPTION = 200;

export interface PromptInput {
  question: string;
  manifest: Manifest;
  catalog: WarehouseCatalog | undefined;
  candidates: readonly Tier1Candidate[];
  driver: string;
  /** The answer gate: only blocks it lets answer as certified are listed as certified. */
  gate: BlockGate;
  proposedDomain?: string;
  upstreamRefs?: readonly string[];
  /**
   * The certified answer a follow-up continues: its question, block and parameters, values
   * already replaced by placeholders when they may not reach this model (privacy-boundary.ts).
   */
  earlier?: { question: string; block: string; params: Readonly<Record<string, string | number | boolean>> };
  /** The transformation project's models (dbt), context only. */
  models?: readonly TransformModel[];
}

function earlierLines(earlier: PromptInput['earlier']): string[] {
  if (earlier === undefined) return [];
  const params = Object.entries(earlier.params)
    .map(([k, v]) => `${k} = ${String(v)}`)
    .join(', ');
  return [
    '',
    'Earlier in this conversation (this question may follow up on it):',
    `- Question: ${earlier.question}`,
    `- Answered by certified block ${earlier.block}${params === '' ? '' : ` with ${params}`}`,
  ];
}

/** The engine each driver runs on, named so a model writes SQL that engine reads. */
const ENGINES: Readonly<Record<string, string>> = {
  clickhouse: 'ClickHouse',
  duckdb: 'DuckDB',
  postgresql: 'PostgreSQL',
  sqlite: 'SQLite',
};

/** The dialect line of a prompt: the driver, and the engine's own name when known. */
export function dialectLine(driver: string): string {
  const engine = Object.hasOwn(ENGINES, driver) ? ENGINES[driver] : undefined;
  return engine === undefined ? `SQL dialect: ${driver}` : `SQL dialect: ${driver} (write SQL that ${engine} runs, with its own functions for dates and text)`;
}

const SYSTEM = [
  'You write SQL for an analytics warehouse. Answer the question with exactly one read-only statement (SELECT or WITH ... SELECT)',
  'that uses only the tables and columns listed. Return it in one ```sql fenced block and nothing else.',
  'Give result columns short snake_case names. Never modify data, never use PRAGMA, ATTACH or extensions.',
  'If the listed tables cannot answer the question, reply exactly: CANNOT_ANSWER: <one short reason>.',
].join(' ');

function blockLine(block: CompiledBlock): string {
  const description = (block.description ?? '').replace(/\s+/g, ' ').slice(0, MAX_DESCRIPTION);
  const outputs = block.outputs.length > 0 ? ` outputs: ${block.outputs.join(', ')}` : '';
  return `- ${block.id}: ${description}${outputs}`;
}

/** Certified blocks for context: candidates of this question first, then by id. */
function contextBlocks(manifest: Manifest, candidates: readonly Tier1Candidate[], gate: BlockGate): CompiledBlock[] {
  const certified = Object.values(manifest.blocks).filter((b) => gate(b).certified);
  const rank = new Map(candidates.map((c, i) => [c.id, i]));
  certified.sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return certified.slice(0, MAX_BLOCKS);
}

function schemaLines(catalog: WarehouseCatalog | undefined): string[] {
  if (catalog === undefined || catalog.tables.length === 0) return ['(the warehouse schema could not be listed)'];
  const lines = catalog.tables.map((t) => `- ${t.name}(${t.columns.map((c) => (c.type === '' ? c.name : `${c.name} ${c.type}`)).join(', ')})`);
  if (catalog.truncated) lines.push('- (more tables exist than are listed)');
  return lines;
}

/** Models listed in one prompt, and columns per model. */
const MAX_MODELS = 30;
const MAX_MODEL_COLUMNS = 40;

/** Models sharing the most words with the question first, then by name: the ones likely to matter. */
function relevantModels(question: string, models: readonly TransformModel[]): TransformModel[] {
  const words = new Set(question.toLowerCase().match(/[a-z0-9]+/g) ?? []);
  const overlap = (m: TransformModel) =>
    [m.name, m.description, ...m.columns.map((c) => c.name)]
      .join(' ')
      .toLowerCase()
      .match(/[a-z0-9]+/g)
      ?.filter((w) => words.has(w)).length ?? 0;
  const scored = models.map((m) => ({ m, n: overlap(m) }));
  scored.sort((a, b) => b.n - a.n || (a.m.name < b.m.name ? -1 : a.m.name > b.m.name ? 1 : 0));
  return scored.slice(0, MAX_MODELS).map((s) => s.m);
}

function columnText(c: TransformModel['columns'][number]): string {
  const tests = c.tests.length > 0 ? ` [${c.tests.join(', ')}]` : '';
  const type = c.type !== undefined ? ` ${c.type}` : '';
  return `${c.name}${type}${tests}${c.description !== '' ? `: ${c.description.slice(0, 80)}` : ''}`;
}

/** The transformation models section: context for names and meanings, never certified. */
function modelLines(question: string, models: readonly TransformModel[]): string[] {
  if (models.length === 0) return [];
  const lines = relevantModels(question, models).map((m) => {
    const columns = m.columns.slice(0, MAX_MODEL_COLUMNS).map(columnText).join('; ');
    const tests = m.tests.length > 0 ? ` tests: ${m.tests.join(', ')}.` : '';
    return `- ${m.name} (${m.relation}): ${m.description.slice(0, MAX_DESCRIPTION)}${tests} columns: ${columns}`;
  });
  return ['', 'Transformation models (dbt; context for names and meanings, not certified):', ...lines];
}

/** The chat messages of one Tier-2 request. */
export function buildPrompt(input: PromptInput): ChatMessage[] {
  const blocks = contextBlocks(input.manifest, input.candidates, input.gate);
  const user = [
    dialectLine(input.driver),
    '',
    'Warehouse tables:',
    ...schemaLines(input.catalog),
    '',
    'Certified blocks of this project (for names and definitions; none answered this question):',
    ...(blocks.length > 0 ? blocks.map(blockLine) : ['(none)']),
    ...(input.proposedDomain !== undefined ? ['', `Domain: ${input.proposedDomain}`] : []),
    ...(input.upstreamRefs !== undefined && input.upstreamRefs.length > 0 ? ['', `Upstream references: ${input.upstreamRefs.join(', ')}`] : []),
    ...modelLines(input.question, input.models ?? []),
    ...earlierLines(input.earlier),
    '',
    `Question: ${input.question}`,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}
