/**
 * A small full-text index for kg_search, built on the Tier-1 router's ideas so both sides fold
 * alike: the router's tokenisation (lower case, identifier splitting, synonyms, light stemming),
 * a term's weight as the strongest field it appears in, and a score that is coverage: the share
 * of the query's idf weight a document holds. Terms no document uses still count in the total,
 * so a query about something the project does not hold scores low everywhere.
 */
import { termSet } from '../../ask/tokens.js';

export interface TextDoc {
  /** Text per field with the field's weight (0..1). */
  fields: ReadonlyArray<readonly [string, number]>;
}

export interface TextHit {
  doc: number;
  score: number;
}

export interface TextIndex {
  search(query: string): TextHit[];
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

function docTerms(doc: TextDoc): Map<string, number> {
  const out = new Map<string, number>();
  for (const [text, weight] of doc.fields) for (const t of termSet(text)) if ((out.get(t) ?? 0) < weight) out.set(t, weight);
  return out;
}

export function buildTextIndex(docs: readonly TextDoc[]): TextIndex {
  const postings = new Map<string, Array<[number, number]>>();
  docs.forEach((doc, i) => {
    for (const [t, w] of docTerms(doc)) {
      const list = postings.get(t);
      if (list === undefined) postings.set(t, [[i, w]]);
      else list.push([i, w]);
    }
  });
  const n = docs.length;
  const idf = (t: string): number => Math.log(1 + n / (postings.get(t)?.length ?? 1));
  const unknown = Math.log(1 + Math.max(n, 1));
  return {
    search(query) {
      const sums = new Map<number, number>();
      let total = 0;
      for (const t of termSet(query)) {
        const list = postings.get(t);
        if (list === undefined) {
          total += unknown;
          continue;
        }
        const weight = idf(t);
        total += weight;
        for (const [doc, w] of list) sums.set(doc, (sums.get(doc) ?? 0) + weight * w);
      }
      if (total === 0) return [];
      const hits = [...sums.entries()].map(([doc, s]) => ({ doc, score: round4(s / total) }));
      return hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
    },
  };
}
