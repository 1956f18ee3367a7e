/**
 * The routing index, built once per manifest: for every term, the blocks whose text holds it and
 * how strongly (its best field). Scoring a question walks only the postings of its terms, so a
 * 10,000-block manifest costs a few thousand additions per question, not a scan.
 *
 * Blocks are indexed in id order whatever order the manifest lists them in, so sums accumulate in
 * the same order and the ranking cannot depend on manifest layout.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { chartFields } from './block-facts.js';
import { termSet } from './tokens.js';

/**
 * How much a term counts by where the block says it. A block's name and the example questions
 * its owner wrote are the strongest evidence; description words are the weakest text evidence.
 */
export const FIELD_WEIGHTS = {
  name: 1,
  example: 0.9,
  tag: 0.75,
  /** A name the owner declared for a column: their word for what the result holds, as strong as a tag. */
  columnSynonym: 0.75,
  output: 0.65,
  description: 0.55,
  domain: 0.3,
} as const;

export interface Posting {
  docs: Int32Array;
  weights: Float32Array;
}

export interface RouteIndex {
  /** Indexed blocks, sorted by id; a document number is a position here. */
  readonly blocks: readonly CompiledBlock[];
  readonly postings: ReadonlyMap<string, Posting>;
  /** Inverse document frequency per known term. */
  readonly idf: ReadonlyMap<string, number>;
  /** Weight of a term no block uses: as rare as a term can be, so it pulls coverage down. */
  readonly unknownIdf: number;
  /** Distinct name terms per document. */
  readonly nameTerms: ReadonlyArray<ReadonlySet<string>>;
  /** Distinct terms of each example question per document. */
  readonly exampleTerms: ReadonlyArray<ReadonlyArray<ReadonlySet<string>>>;
}

/** Column aliases of the query (`AS revenue`): outputs even when the block does not list them. */
function aliases(query: string): string[] {
  return [...query.matchAll(/\bas\s+([A-Za-z_][A-Za-z0-9_]*)/gi)].map((m) => m[1] ?? '');
}

function outputText(b: CompiledBlock): string {
  const vis = chartFields(b);
  const units = Object.values(b.columns ?? {}).map((c) => c.unit ?? '');
  return [...b.outputs, ...aliases(b.query), ...vis, ...units].join(' ');
}

/** The owner's declared names for the result's columns. */
const columnSynonyms = (b: CompiledBlock): string =>
  Object.values(b.columns ?? {})
    .flatMap((c) => c.synonyms ?? [])
    .join(' ');

/** term -> best field weight for one block. */
function blockTerms(b: CompiledBlock): Map<string, number> {
  const out = new Map<string, number>();
  const add = (text: string, weight: number): void => {
    for (const t of termSet(text)) if ((out.get(t) ?? 0) < weight) out.set(t, weight);
  };
  add(b.domain, FIELD_WEIGHTS.domain);
  add(b.description ?? '', FIELD_WEIGHTS.description);
  add(outputText(b), FIELD_WEIGHTS.output);
  add(columnSynonyms(b), FIELD_WEIGHTS.columnSynonym);
  add(b.tags.join(' '), FIELD_WEIGHTS.tag);
  add(b.examples.map((e) => e.question).join(' '), FIELD_WEIGHTS.example);
  // The owner's own words for what the block answers weigh as their example questions do.
  add((b.synonyms ?? []).join(' '), FIELD_WEIGHTS.example);
  add(b.name, FIELD_WEIGHTS.name);
  return out;
}

export function buildRouteIndex(all: readonly CompiledBlock[]): RouteIndex {
  const blocks = [...all].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const building = new Map<string, { docs: number[]; weights: number[] }>();
  blocks.forEach((b, doc) => {
    for (const [t, w] of blockTerms(b)) {
      const p = building.get(t) ?? { docs: [], weights: [] };
      p.docs.push(doc);
      p.weights.push(w);
      building.set(t, p);
    }
  });
  const n = blocks.length;
  const postings = new Map<string, Posting>();
  const idf = new Map<string, number>();
  for (const [t, p] of building) {
    postings.set(t, { docs: Int32Array.from(p.docs), weights: Float32Array.from(p.weights) });
    idf.set(t, Math.log(1 + n / p.docs.length));
  }
  return {
    blocks,
    postings,
    idf,
    unknownIdf: Math.log(1 + Math.max(n, 1)),
    nameTerms: blocks.map((b) => termSet(b.name)),
    exampleTerms: blocks.map((b) => b.examples.map((e) => termSet(e.question))),
  };
}
