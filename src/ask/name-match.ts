/**
 * Detecting a question that names a block as a block: by id ("use finance.weekly_revenue"), by
 * its underscored name ("run weekly_revenue"), or by its name in words next to the word "block"
 * ("the weekly revenue block", "block top states by revenue with top 3"). A spaced name needs the
 * word "block" because "weekly revenue" alone is an ordinary question, which ranking handles.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { type WordSpan, words } from './tokens.js';

export type NameMatch =
  | { kind: 'block'; id: string; text: string; start: number; end: number }
  | { kind: 'ambiguous'; name: string; ids: string[]; text: string; start: number; end: number }
  | { kind: 'unknown'; text: string; start: number; end: number };

export interface BlockNames {
  /** Lower-cased id -> id. */
  readonly byId: ReadonlyMap<string, string>;
  /** Lower-cased name -> ids, sorted. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  /** Most words in any name, bounding the spaced-name search. */
  readonly maxWords: number;
}

export function buildBlockNames(blocks: readonly CompiledBlock[]): BlockNames {
  const byId = new Map<string, string>();
  const byName = new Map<string, string[]>();
  let maxWords = 1;
  for (const b of blocks) {
    byId.set(b.id.toLowerCase(), b.id);
    const key = b.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), b.id].sort());
    maxWords = Math.max(maxWords, key.split('_').length);
  }
  return { byId, byName, maxWords };
}

/** Words that, right before an identifier, show the person means a block. */
const REFERENCE_CUES: ReadonlySet<string> = new Set(['block', 'run', 'use', 'using', 'execute', 'from']);
const FILLER_AFTER_BLOCK: ReadonlySet<string> = new Set(['the', 'called', 'named', 'a']);

function cueBefore(question: string, at: number): boolean {
  const m = /([A-Za-z]+)\W*$/.exec(question.slice(0, at));
  return REFERENCE_CUES.has((m?.[1] ?? '').toLowerCase());
}

function byIdentifier(text: string, start: number, names: BlockNames, cued: boolean): NameMatch | undefined {
  const key = text.toLowerCase();
  const end = start + text.length;
  const id = names.byId.get(key);
  if (id !== undefined) return { kind: 'block', id, text, start, end };
  const ids = names.byName.get(key.includes('.') ? '' : key) ?? [];
  if (ids.length === 1) return { kind: 'block', id: ids[0] ?? '', text, start, end };
  if (ids.length > 1) return { kind: 'ambiguous', name: key, ids: [...ids], text, start, end };
  return cued ? { kind: 'unknown', text, start, end } : undefined;
}

/** `domain.name` ids and `snake_case` names, in the order they appear. */
function identifiers(question: string, names: BlockNames): NameMatch | undefined {
  for (const m of question.matchAll(/\b[A-Za-z][A-Za-z0-9_-]*\.[A-Za-z0-9_]+\b|\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b/g)) {
    const text = m[0];
    const cued = cueBefore(question, m.index) && (text.includes('_') || text.includes('.'));
    const hit = byIdentifier(text, m.index, names, cued);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

/** The longest run of words ending before (or starting after) index `i` that is a block name. */
function spacedAround(ws: WordSpan[], i: number, question: string, names: BlockNames): NameMatch | undefined {
  let after = i + 1;
  while (FILLER_AFTER_BLOCK.has(ws[after]?.word ?? '')) after++;
  for (let len = Math.min(names.maxWords, ws.length); len >= 1; len--) {
    const runs: Array<[number, number]> = [
      [i - len, i - 1],
      [after, after + len - 1],
    ];
    for (const [a, b] of runs) {
      if (a < 0 || b >= ws.length || b < a) continue;
      const key = ws
        .slice(a, b + 1)
        .map((w) => w.word)
        .join('_');
      const ids = names.byName.get(key);
      if (ids === undefined) continue;
      const start = (ws[a] as WordSpan).start;
      const end = (ws[b] as WordSpan).end;
      const text = question.slice(start, end);
      if (ids.length === 1) return { kind: 'block', id: ids[0] ?? '', text, start, end };
      return { kind: 'ambiguous', name: key, ids: [...ids], text, start, end };
    }
  }
  return undefined;
}

/** The block the question names, if it names one; undefined for an ordinary question. */
export function matchBlockName(question: string, names: BlockNames): NameMatch | undefined {
  const direct = identifiers(question, names);
  if (direct !== undefined) return direct;
  const ws = words(question);
  for (let i = 0; i < ws.length; i++) {
    if ((ws[i] as WordSpan).word !== 'block') continue;
    const hit = spacedAround(ws, i, question, names);
    if (hit !== undefined) return hit;
  }
  return undefined;
}
