/**
 * Candidate cards (spec 01 "App Builder objects"; Limits: 8 to 12 per planner call): the
 * sources a planner may choose from, each an identifier-bound summary of names, description,
 * fields, parameters and visualization capabilities. Never values, rows or SQL: what reaches
 * the model is what the catalog shows. Sources the build may add are ranked by how many of the
 * prompt's words they share, and the rest of the twelve is filled with other addable sources
 * in catalog order, so a vague prompt still gets a choice of at least eight when the project
 * has them.
 */
import { addability, searchText } from './search-sources.js';
import type { CatalogSource, TrustMode } from './types.js';

export const CARDS_MIN = 8;
export const CARDS_MAX = 12;

export interface CandidateCard {
  id: string;
  name: string;
  domain: string;
  lifecycle: string;
  description?: string;
  fields: string[];
  parameters: string[];
  visualizations: string[];
  /** Example questions, only where the privacy boundary lets them reach the model (planner.ts). */
  examples?: string[];
}

function card(s: CatalogSource): CandidateCard {
  return {
    id: s.id,
    name: s.name,
    domain: s.domain,
    lifecycle: s.lifecycle,
    ...(s.description !== undefined ? { description: s.description } : {}),
    fields: s.fields,
    parameters: s.parameters.map((p) => p.name),
    visualizations: s.visualizations,
  };
}

const STOP = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'by', 'to', 'in', 'on', 'with', 'me', 'app', 'build', 'show', 'page', 'dashboard']);

function promptWords(prompt: string): string[] {
  return [...new Set(prompt.toLowerCase().split(/[^a-z0-9]+/))].filter((w) => w.length > 1 && !STOP.has(w));
}

/** Shared words, counting a word of the prompt found as a prefix (revenue ~ revenues) too. */
function overlap(source: CatalogSource, words: readonly string[]): number {
  const have = searchText(source);
  return words.filter((w) => have.some((h) => h === w || h.startsWith(w) || w.startsWith(h))).length;
}

/** At most twelve cards for `prompt`, best first, from sources this build may add. */
export function candidateCards(catalog: readonly CatalogSource[], prompt: string, mode: TrustMode): CandidateCard[] {
  const words = promptWords(prompt);
  const addable = catalog.filter((s) => addability(s, mode).addable);
  const ranked = addable.map((s, i) => ({ s, i, n: overlap(s, words) })).sort((a, b) => b.n - a.n || a.i - b.i);
  const matched = ranked.filter((r) => r.n > 0);
  const rest = ranked.filter((r) => r.n === 0);
  const chosen = [...matched, ...rest.slice(0, Math.max(0, CARDS_MIN - matched.length))].slice(0, CARDS_MAX);
  return chosen.map((r) => card(r.s));
}
