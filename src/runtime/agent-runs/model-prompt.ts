/**
 * The Tier-2 prompt: the question, the project's certified blocks (id, description, outputs)
 * and the warehouse schema (table and column names). Never a row, a parameter value or a
 * result: Tier 2 asks for SQL before anything has run, so no result value can reach the model
 * whatever the provider (spec 02, privacy boundary items 1-3). The model answers with one
 * read-only statement in a ```sql block, or `CANNOT_ANSWER: <reason>`.
 */
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import type { BlockGate } from '../../rules/gates/answer-gate.js';
import type { Tier1Candidate } from '../../ask/types.js';
import type { WarehouseCatalog } from '../../warehouse/types.js';
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
    ...earlierLines(input.earlier),
    '',
    `Question: ${input.question}`,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}
