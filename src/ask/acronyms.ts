/**
 * Initialisms both ways, from the project's own names: "monthly recurring revenue" stands for the
 * `mrr` a block measures, and "AOV" for the `average_order_value` it outputs. Nothing is listed
 * by hand: a spelled-out phrase counts only when its initials are a word some block uses, and an
 * initialism only when exactly one multi-word name of the project has those initials. Pure; built
 * once per manifest.
 */
import type { CompiledBlock, Manifest } from '../compiler/types.js';
import type { TermAlias } from './term-index.js';
import { termsOfWord, type WordSpan, words } from './tokens.js';
import { GROUP_CUES, STOP_WORDS } from './vocabulary.js';

/** Most words a spelled-out initialism takes ("cost per thousand impressions" is past it). */
const LONGEST = 4;

export interface Acronyms {
  /** Spans of the question that stand for other words, with those words' routing terms. */
  aliases(question: string): TermAlias[];
  /** The question with what each alias stands for appended, for scoring. */
  expand(question: string): string;
}

/** A name's words when it has two to four ("average_order_value" -> average order value). */
function nameWords(name: string): string[] | undefined {
  const ws = name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  return ws.length >= 2 && ws.length <= LONGEST && ws.every((w) => /^[a-z]/.test(w)) ? ws : undefined;
}

function blockNames(b: CompiledBlock): string[] {
  return [...b.outputs, ...b.params.map((p) => p.name), ...Object.keys(b.columns ?? {}), b.name];
}

/** initials -> the one multi-word name that has them; initials two names share stand for neither. */
function initialsIndex(manifest: Pick<Manifest, 'blocks' | 'terms'>): Map<string, string[]> {
  const seen = new Map<string, string[] | null>();
  const names = [...Object.values(manifest.blocks).flatMap(blockNames), ...Object.values(manifest.terms ?? {}).map((t) => t.name)];
  for (const name of names) {
    const ws = nameWords(name);
    if (ws === undefined) continue;
    const key = ws.map((w) => w[0]).join('');
    const known = seen.get(key);
    if (known === undefined) seen.set(key, ws);
    else if (known !== null && known.join(' ') !== ws.join(' ')) seen.set(key, null);
  }
  return new Map([...seen].filter((e): e is [string, string[]] => e[1] !== null));
}

const content = (w: WordSpan | undefined): w is WordSpan => w !== undefined && !STOP_WORDS.has(w.word) && /^[a-z]/.test(w.word);

/** A span of the question and the words it stands for. */
interface Hit {
  start: number;
  end: number;
  words: string[];
  /** Words of the span no block uses: they only spell the initialism, so they weigh nothing in scoring. */
  unknown?: Array<[number, number]>;
}

/**
 * The initialisms the project writes as such: words in capitals in its blocks' descriptions,
 * examples and column names' synonyms, and its terms ("MRR", "ADR", "LTV"). The initials of
 * "region at the end" spell the word "rate", which no owner writes as RATE.
 */
function writtenInitialisms(manifest: Pick<Manifest, 'blocks' | 'terms'>): Set<string> {
  const texts = [
    ...Object.values(manifest.blocks).flatMap((b) => [
      b.description ?? '',
      ...(b.examples ?? []).map((e) => e.question),
      ...(b.synonyms ?? []),
      ...Object.values(b.columns ?? {}).flatMap((c) => c.synonyms ?? []),
    ]),
    ...Object.values(manifest.terms ?? {}).flatMap((t) => [t.name, t.definition ?? '', ...(t.synonyms ?? [])]),
  ];
  return new Set(texts.flatMap((t) => [...t.matchAll(/\b[A-Z][A-Z0-9]{2,7}\b/g)].map((m) => m[0].toLowerCase())));
}

/**
 * Runs of two to four words, first and last carrying meaning, whose initials are a word some
 * block uses: of every word ("average revenue per account" is arpa) or of the meaningful ones.
 * Initials spelled through small words ("return on ad spend") must be an initialism the project
 * writes in capitals; the meaningful words' own initials need only be a word some block uses.
 */
function spelledOut(ws: readonly WordSpan[], isKnown: (word: string) => boolean, written: ReadonlySet<string>): Hit[] {
  const out: Hit[] = [];
  for (let i = 0; i < ws.length; i++) {
    for (let len = Math.min(LONGEST, ws.length - i); len >= 2; len--) {
      const run = ws.slice(i, i + len);
      if (!content(run[0]) || !content(run[len - 1])) continue;
      // Skipping a breakdown cue ("mishandled bags by route" as MBR) reads two phrases as one.
      const meaningful = run.some((w) => GROUP_CUES.has(w.word))
        ? []
        : [
            run
              .filter(content)
              .map((w) => w.word[0])
              .join(''),
          ];
      const every = run.map((w) => w.word[0]).join('');
      const withSmall = every !== meaningful[0];
      const initials = [every, ...meaningful].find((x) => x.length >= 3 && isKnown(x) && (x !== every || !withSmall || written.has(x)));
      if (initials === undefined) continue;
      const unknown = run.filter((w) => !isKnown(w.word)).map((w): [number, number] => [w.start, w.end]);
      out.push({ start: (run[0] as WordSpan).start, end: (run[len - 1] as WordSpan).end, words: [initials], unknown });
      i += len - 1;
      break;
    }
  }
  return out;
}

/** Builds the initialisms of a manifest; `isKnown` says whether a word is routing vocabulary. */
export function buildAcronyms(manifest: Pick<Manifest, 'blocks' | 'terms'>, isKnown: (word: string) => boolean): Acronyms {
  const byInitials = initialsIndex(manifest);
  const written = writtenInitialisms(manifest);
  const hits = (question: string): Hit[] => {
    const ws = words(question);
    const out = spelledOut(ws, isKnown, written);
    for (const w of ws) {
      const spelled = w.word.length >= 3 && w.word.length <= LONGEST && !isKnown(w.word) ? byInitials.get(w.word) : undefined;
      if (spelled !== undefined) out.push({ start: w.start, end: w.end, words: spelled });
    }
    return out;
  };
  return {
    aliases: (question) => hits(question).map((h) => ({ start: h.start, end: h.end, terms: h.words.flatMap((x) => [...termsOfWord(x)]) })),
    expand(question) {
      const found = hits(question);
      if (found.length === 0) return question;
      let out = question;
      for (const [a, b] of found.flatMap((h) => h.unknown ?? [])) out = `${out.slice(0, a)}${' '.repeat(b - a)}${out.slice(b)}`;
      return `${out} ${found.flatMap((h) => h.words).join(' ')}`;
    },
  };
}
