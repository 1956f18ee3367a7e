/**
 * What a block's contract gives, as routing terms: the columns of its result, the fields it
 * breaks down by, the calendar grain of a time series, and the words its owner used for it (its
 * name, its example questions, its parameters and the values its SQL fixes). Tier 1 answers a
 * question only when every measure, grouping and ranking the question asks for is among these
 * (coverage.ts). A description or tag is deliberately not here: it says what the block is about,
 * not what its result holds ("per product category" in a description does not give a product
 * count).
 */
import type { CompiledBlock } from '../compiler/types.js';
import { declaredNumbers } from './asked-numbers.js';
import { blockFacts, chartFields } from './block-facts.js';
import { findPeriod } from './periods.js';
import { aggregatedOutputs, distinctCountOutputs, groupedOutputs, groupKeys, orderKeys, resultColumns } from './result-columns.js';
import { termSet, terms } from './tokens.js';
import { ownLabels } from './value-labels.js';
import { GRAIN_TERMS, RANK_BOTTOM_TERMS, RANK_TOP_TERMS } from './vocabulary.js';

export interface BlockContract {
  /** Terms of the result's column names (and declared outputs). */
  readonly columns: ReadonlySet<string>;
  /**
   * Terms a "by X" / "per X" / "which X" may name: the result's first grouping key (its rows are
   * one per value of it), the chart's category axis and the calendar grain; the result's columns
   * only when the query's grouping cannot be read.
   */
  readonly groupings: ReadonlySet<string>;
  /** Terms of every grouping key, in GROUP BY order: asked together, they are the result's rows too. */
  readonly keys: ReadonlyArray<ReadonlySet<string>>;
  /** The result's columns by name: the query's own and the declared outputs. */
  readonly columnNames: readonly string[];
  /** Ratio columns (`rooms_per_shift`): "rooms per shift" asks for the column, not a breakdown by shift. */
  readonly ratios: ReadonlyArray<{ readonly over: ReadonlySet<string>; readonly per: ReadonlySet<string> }>;
  /** Terms that cover a measure word: the above plus name, examples, parameters and fixed values. */
  readonly vocabulary: ReadonlySet<string>;
  /**
   * The vocabulary without the example questions' words: what the result and the owner's
   * declarations say it gives. An example's word ("How do customers pay?") is not a measure the
   * result holds when another block's result measures it.
   */
  readonly declared: ReadonlySet<string>;
  /**
   * Where the block declares each term of its vocabulary, for explaining a route without the
   * question's words: `column:<name>` (a result column, its synonyms and unit), `key:<name>` (a
   * grouping key), `grain`, `name`, `synonym`, `param:<name>`, `literal`, `value:<key>` (a value
   * a key declares) or `example`. The first of these that holds a term is its source.
   */
  readonly sources: ReadonlyMap<string, string>;
  /**
   * Words that may qualify a grouping field without being a measure: the tables it comes from and
   * the owner's description ("product category" is products.category; "per sales channel").
   */
  readonly qualifiers: ReadonlySet<string>;
  /**
   * Pairs of terms the owner's description puts side by side ("refunded amount", "distinct
   * buyers", "orders placed"), as `a b`: a word used the same way next to a result column is a
   * qualifier of that column, not a measure of its own.
   */
  readonly describedPairs: ReadonlySet<string>;
  /** The result is the first N rows of a ranking (a row limit that is not a window of recent periods). */
  readonly ranking: boolean;
  /** The result has a row limit (a parameter or a fixed LIMIT): it shows the first rows of its order only. */
  readonly limited: boolean;
  /** The rows a limited result shows when the question sets no top-N (the limit's default, or the fixed LIMIT). */
  readonly rowsCap?: number;
  /** The result's first grouping key (its rows are one per value of it), by name. */
  readonly firstKey?: string;
  /**
   * The measure a limited result is sorted on first (a result column that is not a grouping key
   * or its period), with the direction: "top N by X" is this block's answer only for this X.
   */
  readonly rankedBy?: { readonly column: string; readonly terms: ReadonlySet<string>; readonly desc: boolean };
  /**
   * The measure a result without a row limit is sorted on first, with the direction: its answer
   * leads with that end, so a question asking the other end by a word of direction ("least
   * crowded") finds it only in the last rows.
   */
  readonly leadsWith?: { readonly column: string; readonly terms: ReadonlySet<string>; readonly desc: boolean };
  /** The grouping keys that are groups the rows fall in (a sector, a depot), not names of the rows themselves (an id, code, name or number), as terms. */
  readonly groups: ReadonlyArray<ReadonlySet<string>>;
  /** The keys of another thing than the rows (the plant beside each production line), by the words saying what they are of. */
  readonly sideKeys: ReadonlyArray<ReadonlySet<string>>;
  /** A limited result sorted first on a grouping key or its period: its first rows are the latest or the first by name, not the largest. */
  readonly ordersByKey: boolean;
  /** The result lists rows per group (so its first and last rows answer "most" and "least"). */
  readonly grouped: boolean;
  /** The owner's own words say it ranks from the bottom ("fewest", "lowest"). */
  readonly ranksBottom: boolean;
  /**
   * The end of its ranking the owner's words name, when they name one end only: "slowest payers"
   * sorted by days descending is the bottom end in the owner's words, so "worst payers" asks for
   * it and "best payers" does not, whatever the sort direction says.
   */
  readonly ownerEnd?: 'top' | 'bottom';
  /**
   * The terms of the entity the owner's contract says the block is about (`clients.Membership.x@1`:
   * membership): a word for it right before one of the result's measures ("membership
   * cancellations") says whose measure it is, not another measure.
   */
  readonly entity: ReadonlySet<string>;
  /**
   * Per string parameter, the nouns the description puts just before its name ("for all
   * restaurants or one ownership", "one customer segment"): after a value of it they name whose
   * rows it keeps ("company restaurants", "SME customers"), no measure of their own.
   */
  readonly populations: ReadonlyMap<string, ReadonlySet<string>>;
  /** Terms of the result columns the engine computes as an average of the rows (`AVG(nights) AS alos_nights`): what "average" may qualify. */
  readonly averaged: ReadonlySet<string>;
  /** Per result column counting distinct values (`COUNT(DISTINCT g.id) AS guests`), its terms: what "unique" or "distinct" may qualify. */
  readonly distinctCounted: ReadonlyArray<ReadonlySet<string>>;
  /** Terms of the result columns that count the rows (`COUNT(*) AS stays`): the unit an average is "per". */
  readonly counted: ReadonlySet<string>;
  /** One row per day, week, month...: "over time" and "trend" are what it gives. */
  readonly timeSeries: boolean;
  /** The numbers the owner's words declare ("90-day", "over 30 days", "10%"): a question's loose number must be one (asked-numbers.ts). */
  readonly numbers: ReadonlySet<string>;
}

function union(...sets: ReadonlyArray<Iterable<string>>): Set<string> {
  const out = new Set<string>();
  for (const s of sets) for (const t of s) out.add(t);
  return out;
}

/** Calendar terms of a time series: its grain word, and the grain of its time column names. */
function grainTerms(block: CompiledBlock, columns: readonly string[]): Set<string> {
  const out = new Set<string>();
  // The period column says the grain; a measure column's name ("notified_within_1_day_pct") does not.
  const timeColumn = blockFacts(block).timeColumn;
  const words = [typeof block.grain === 'string' ? block.grain : '', ...(timeColumn !== undefined ? [timeColumn] : columns)].join(' ');
  for (const t of termSet(words)) for (const g of GRAIN_TERMS.get(t) ?? []) out.add(g);
  return out;
}

/** Words by which an owner's sentence says what the block does not hold. */
const NOT_HELD = /\b(?:not|never|excludes?|excluded|excluding)\b/i;

/** Side-by-side term pairs of a description (next words, or one word apart), within its clauses (commas and cues break them). */
function pairsOf(description: string, labels: readonly string[]): Set<string> {
  const out = new Set<string>();
  // A code's label names a value, not what the rows hold: "ESS emotional support sessions" pairs no
  // "emotional" with the "support" of people_supported; the label counts only where the value is bound.
  const unlabelled = [...labels].sort((a, b) => b.length - a.length).reduce((t, l) => t.split(l).join(' ; '), description);
  // Initials in brackets stand in the clause for the words before them: "referral-to-treatment (RTT) position" pairs rtt and position.
  const text = unlabelled
    .replace(/\(\s*([\p{Lu}\d&/]{2,8}s?)\s*\)/gu, ' $1 ')
    // A remark after the first sentence saying what the block does not hold ("Retail Gift Aid ... is
    // reported by retail, not here.", "Regular payments are excluded.") names what it leaves out:
    // its words pair nothing the rows give.
    .split(/(?<=\.)\s+/)
    .filter((sentence, i) => i === 0 || !NOT_HELD.test(sentence))
    .join(' ');
  for (const clause of text.split(/[,;.:()]|\b(?:per|by|each|every|across|and|or)\b/i)) {
    const ts = [...termSet(clause)];
    // A word one apart qualifies too ("guest review score": a guest score).
    for (let i = 0; i + 1 < ts.length; i++) {
      out.add(`${ts[i]} ${ts[i + 1]}`);
      if (i + 2 < ts.length) out.add(`${ts[i]} ${ts[i + 2]}`);
    }
  }
  return out;
}

/** The terms up to four words before each string parameter's first mention in the description, within its clause. */
function populationsOf(block: CompiledBlock): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const text = block.description ?? '';
  for (const p of block.params) {
    if (p.type !== 'string') continue;
    const at = text.search(new RegExp(`\\b${p.name.replace(/_/g, '[_ ]')}\\b`, 'i'));
    if (at < 0) continue;
    const clause =
      text
        .slice(0, at)
        .split(/[,;:.()]/)
        .pop() ?? '';
    const ts = terms(clause).slice(-4);
    if (ts.length > 0) out.set(p.name, new Set(ts));
  }
  return out;
}

/** How a limited result is sorted first: on a measure (with its terms and direction), on a key, or unknown. */
function sortOf(block: CompiledBlock, timeColumn: string | undefined): Pick<BlockContract, 'rankedBy' | 'ordersByKey'> {
  const first = orderKeys(block.query, block.dialect)?.[0];
  if (first?.name === undefined) return { ordersByKey: false };
  const keys = groupKeys(block.query, block.dialect) ?? [];
  if (keys.includes(first.name) || first.name === timeColumn) return { ordersByKey: true };
  const declared = block.columns?.[first.name]?.synonyms ?? [];
  return { ordersByKey: false, rankedBy: { column: first.name, terms: termSet([first.name, ...declared].join(' ')), desc: first.desc } };
}

/** An unlimited result's sort on a measure, as its `leadsWith`. */
function leadOf(sort: Pick<BlockContract, 'rankedBy'>): Pick<BlockContract, 'leadsWith'> {
  return sort.rankedBy === undefined ? {} : { leadsWith: sort.rankedBy };
}

/** A key naming the row itself (its id, code, name, number), not a group the row falls in. */
const IDENTIFIER_KEY = /(?:^|_)(?:id|code|name|number|no|ref|key)$/i;

/** term -> the first declaration holding it, in the order the `sources` field documents. */
function sourcesOf(
  block: CompiledBlock,
  names: readonly string[],
  keyNames: readonly string[],
  literals: Iterable<string>,
  examples: string,
): Map<string, string> {
  const out = new Map<string, string>();
  const add = (text: string, source: string): void => {
    for (const t of termSet(text)) if (!out.has(t)) out.set(t, source);
  };
  for (const k of keyNames) add(k, `key:${k}`);
  for (const n of [...names, ...block.outputs]) add([n, ...(block.columns?.[n]?.synonyms ?? []), block.columns?.[n]?.unit ?? ''].join(' '), `column:${n}`);
  if (typeof block.grain === 'string') add(block.grain, 'grain');
  add(block.name, 'name');
  add((block.synonyms ?? []).join(' '), 'synonym');
  for (const p of block.params) add(p.name, `param:${p.name}`);
  add([...literals].join(' '), 'literal');
  // A value of several words is said whole or not at all: "room" alone is no `room_service` outlet.
  for (const t of block.tests)
    if (t.op === 'in' && keyNames.includes(t.subject) && Array.isArray(t.value))
      add(
        t.value
          .map(String)
          .filter((v) => termSet(v).size === 1)
          .join(' '),
        `value:${t.subject}`,
      );
  add(examples, 'example');
  return out;
}

/**
 * The owner's example questions without their periods: "Attendance by month this year" declares
 * attendance by month, and its "this year" says which rows, so "year" is no word the block gives
 * ("how about the year before?" asks nothing of it).
 */
function examplesText(block: CompiledBlock): string {
  return block.examples
    .map((e) => {
      const spans = findPeriod(e.question, undefined, [], undefined)?.spans ?? [];
      return spans.reduceRight((text, [a, b]) => `${text.slice(0, a)} ${text.slice(b)}`, e.question);
    })
    .join(' ');
}

function ownerEndOf(owned: ReadonlySet<string>): { ownerEnd?: 'top' | 'bottom' } {
  const top = [...RANK_TOP_TERMS].some((t) => owned.has(t));
  const bottom = [...RANK_BOTTOM_TERMS].some((t) => owned.has(t));
  return top === bottom ? {} : { ownerEnd: top ? 'top' : 'bottom' };
}

function rowsCapOf(facts: ReturnType<typeof blockFacts>): { rowsCap?: number } {
  const d = facts.limitParam?.default;
  const cap = typeof d === 'number' ? d : facts.limitParam === undefined ? facts.fixedLimit : undefined;
  return cap !== undefined ? { rowsCap: cap } : {};
}

/** The ratio columns among `names` (`rooms_per_shift`): what each counts and what it counts per. */
function ratiosOf(names: readonly string[]): BlockContract['ratios'] {
  return names
    .filter((n) => /_per_/i.test(n))
    .map((n) => {
      const [over = '', per = ''] = n.toLowerCase().split(/_per_/, 2);
      return { over: termSet(over), per: termSet(per) };
    });
}

/** Terms of the result's columns, declared outputs and chart fields, and the words and units a column declares. */
function columnTerms(block: CompiledBlock, names: readonly string[]): Set<string> {
  const vis = chartFields(block);
  // A column's declared synonyms and unit name it too ("sales" for revenue, "hours" for a duration).
  const declared = Object.values(block.columns ?? {}).flatMap((c) => [...(c.synonyms ?? []), c.unit ?? '']);
  return termSet([...names, ...block.outputs, ...vis, ...declared].map(overPart).join(' '));
}

/** A ratio column, or its synonym, names what it counts, not what it counts per: refunds_per_1000_orders gives refunds, and no "how many orders". */
const overPart = (name: string): string => name.split(/(?:_|\s)per(?:_|\s)/i)[0] ?? name;

/** The words the block's owner declared: its name, synonyms, parameters, the values its SQL fixes and its grouping keys take. */
function declaredWordsOf(block: CompiledBlock, facts: ReturnType<typeof blockFacts>, keyNames: readonly string[]): Set<string> {
  // The values a grouping key declares (`assert status in [..., "cancelled"]`): a row per value, so "cancellations" is one of its rows.
  const keyValues = block.tests.filter((t) => t.op === 'in' && keyNames.includes(t.subject) && Array.isArray(t.value)).flatMap((t) => t.value as unknown[]);
  return termSet(
    [block.name, ...(block.synonyms ?? []), ...block.params.map((p) => p.name), ...facts.literals, ...keyValues.filter((v) => typeof v === 'string')].join(' '),
  );
}

/**
 * What a "by X" may name: the rows' own field, the fields the block breaks down by, and the
 * calendar grain of a time series.
 */
function groupingsOf(
  block: CompiledBlock,
  facts: ReturnType<typeof blockFacts>,
  result: { names: readonly string[]; keys: ReadonlyArray<Set<string>>; columns: Set<string>; keyNames?: readonly string[] },
): Set<string> {
  const { names, keys, columns } = result;
  const grains = facts.timeSeries ? grainTerms(block, names) : new Set<string>();
  // One row per value of the first key: "by city" from rows per hotel (city beside it) is not a city breakdown.
  // Without a top-level GROUP BY a result lists entities, one row each, named by its first column
  // (a vehicle with its type beside it is no breakdown by type); unreadable SQL leaves the columns.
  const rowsOf = keys.length > 0 ? (keys[0] as Set<string>) : names.length > 0 ? termSet(names[0] as string) : columns;
  return union(rowsOf, termSet([...facts.breakdownFields].join(' ')), grains, keySynonyms(block, result.keyNames ?? [], names, facts.timeColumn));
}

const PHRASE_PREPOSITIONS: ReadonlySet<string> = new Set(['of', 'for', 'in', 'at', 'per', 'by', 'on']);

/**
 * The word a declared name is a name of: the last word of a compound ("account executive" is an
 * executive, "product family" a family), the word before a preposition ("line of business"). Its
 * other words qualify it and name no field of their own: rows per account executive are no rows
 * per account.
 */
function headWord(phrase: string): string {
  const words = phrase
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter((w) => w !== '');
  const prep = words.findIndex((w, i) => i > 0 && PHRASE_PREPOSITIONS.has(w));
  return (prep > 0 ? words[prep - 1] : words.at(-1)) ?? '';
}

/** The words naming an identifier of a thing, as terms: what a key is of is in its other words. */
const IDENTIFIER_WORDS: ReadonlySet<string> = termSet('id code name number no ref key');
/** A key's terms that say what it is of, without those naming an identifier ("plant" of plant code). */
export const termsOfWhat = (terms: Iterable<string>): string[] => [...terms].filter((t) => !IDENTIFIER_WORDS.has(t));
/** A key's words that say what it is of ("line" of line_code), without the words naming an identifier. */
const ofWhat = (key: string): string[] => termsOfWhat(termSet(key.replace(/_/g, ' ')));
/** What a key is, by its last word that names no identifier: "type" for vehicle_type, a type and no vehicle. */
const headOf = (key: string): string | undefined => ofWhat(key).at(-1);

/**
 * The keys naming what the rows are per: the key of the declared grain (else the first key that
 * is not the time column), the keys of the same thing (its name beside its code, by their last
 * word) or of no thing in particular, and the time column. A key of another thing beside them (the plant of each
 * production line) is a group the rows fall in, so the owner's names for it ("plant", "site") ask
 * for a breakdown the rows are not.
 */
function rowKeys(keys: readonly string[], timeColumn: string | undefined, grain: unknown, description: string): readonly string[] {
  // The declared grain says which keys the rows are per ("production_line", { by = ["patch", "age_band"] }), wherever they stand.
  const grainHeads = new Set(grainNames(grain).map(headOf));
  const declared = keys.filter((k) => k !== timeColumn && headOf(k) !== undefined && grainHeads.has(headOf(k)));
  const first = declared.length > 0 ? declared : keys.filter((k) => k !== timeColumn).slice(0, 1);
  const own = new Set(first.map(headOf));
  if (own.size === 0 || own.has(undefined)) return keys;
  return keys.filter((k) => k === timeColumn || headOf(k) === undefined || own.has(headOf(k)) || describedPer(description, headOf(k)));
}

/** The owner's description says the rows are per the thing ("ratings per title and platform", "for each shop and week"). */
function describedPer(description: string, head: string | undefined): boolean {
  if (head === undefined) return false;
  for (const m of description.matchAll(/\b(?:per|each|by)\s+((?:[A-Za-z-]+\s+){0,3}[A-Za-z-]+)/g)) if (termSet(m[1] ?? '').has(head)) return true;
  return false;
}

/** The names a declared grain gives: itself, or the list under `by` or `keys`. */
function grainNames(grain: unknown): string[] {
  if (typeof grain === 'string') return [grain];
  if (typeof grain !== 'object' || grain === null) return [];
  const g = grain as { by?: unknown; keys?: unknown };
  const list = Array.isArray(g.by) ? g.by : Array.isArray(g.keys) ? g.keys : [];
  return list.filter((x): x is string => typeof x === 'string');
}

/** The keys beside the rows' own (rowKeys), by what they are of. */
function sideKeysOf(block: CompiledBlock, keyNames: readonly string[], timeColumn: string | undefined): Array<Set<string>> {
  const own = new Set(rowKeys(keyNames, timeColumn, block.grain, block.description ?? ''));
  return keyNames.filter((k) => !own.has(k)).map((k) => new Set(ofWhat(k)));
}

/** The names the owner declared for the columns the rows are per ("practice", "branch" for clinic_code), by their head words. */
function keySynonyms(block: CompiledBlock, keyNames: readonly string[], names: readonly string[], timeColumn: string | undefined): Set<string> {
  const keys =
    keyNames.length > 0
      ? rowKeys([...keyNames, ...groupedOutputs(block.query, block.dialect)], timeColumn, block.grain, block.description ?? '')
      : names.slice(0, 1);
  return termSet(keys.flatMap((k) => (block.columns?.[k]?.synonyms ?? []).map(headWord)).join(' '));
}

/** Every text the owner wrote for the block, names with their underscores as spaces ("retention_90d" holds no number; "within_30_days" does). */
function ownersText(block: CompiledBlock, names: readonly string[]): string {
  const columns = Object.entries(block.columns ?? {}).flatMap(([n, c]) => [n, ...(c.synonyms ?? []), c.description ?? '']);
  const params = block.params.map((p) => `${p.name} ${(p as { description?: string }).description ?? ''}`);
  const text = [block.id, block.name, ...(block.synonyms ?? []), block.description ?? '', ...block.examples.map((e) => e.question)];
  return [...text, ...names, ...block.outputs, ...columns, ...params].join('\n').replace(/_/g, ' ');
}

/** The owner's words, without parameter names or "top 5": those say how many, not which end ("top 5 slowest payers"). */
function ownerWords(block: CompiledBlock): Set<string> {
  return termSet([block.name, ...(block.synonyms ?? []), ...block.examples.map((e) => e.question)].join(' ').replace(/\btop[\s_]+(?:\d+|n)\b/gi, ' '));
}

function buildContract(block: CompiledBlock): BlockContract {
  const facts = blockFacts(block);
  const names = resultColumns(block.query, block.dialect);
  const columns = columnTerms(block, names);
  const keyNames = groupKeys(block.query, block.dialect) ?? [];
  const keys = keyNames.map((k) => termSet(k));
  const groupings = groupingsOf(block, facts, { names, keys, columns, keyNames });
  const declaredWords = declaredWordsOf(block, facts, keyNames);
  const examples = examplesText(block);
  const owned = union(declaredWords, termSet(examples));
  const vocabulary = union(columns, groupings, owned);
  const limited = facts.limitParam !== undefined || facts.fixedLimit !== undefined;
  const qualifiers = union(vocabulary, termSet([...block.tables.map((t) => t.split('.').pop() ?? t), block.description ?? ''].join(' ')));
  return {
    columns,
    groupings,
    declared: union(columns, groupings, declaredWords),
    sources: sourcesOf(block, names, keyNames, facts.literals, examples),
    keys,
    groups: keyNames.filter((k) => !IDENTIFIER_KEY.test(k)).map((k) => termSet(k)),
    sideKeys: sideKeysOf(block, keyNames, facts.timeColumn),
    ratios: ratiosOf([...names, ...block.outputs]),
    columnNames: [...new Set([...names, ...block.outputs])],
    vocabulary,
    qualifiers,
    describedPairs: pairsOf(block.description ?? '', ownLabels(block)),
    ranking: limited && !facts.timeSeries,
    limited,
    ...rowsCapOf(facts),
    ...(keyNames[0] !== undefined ? { firstKey: keyNames[0] } : {}),
    ...(limited ? sortOf(block, facts.timeColumn) : { ordersByKey: false, ...leadOf(sortOf(block, facts.timeColumn)) }),
    grouped: facts.breakdownFields.size > 0,
    ranksBottom: [...RANK_BOTTOM_TERMS].some((t) => owned.has(t)),
    ...ownerEndOf(ownerWords(block)),
    timeSeries: facts.timeSeries,
    numbers: declaredNumbers(ownersText(block, names)),
    entity: termSet((block.contract?.id.split('.')[1] ?? '').replace(/([a-z])([A-Z])/g, '$1 $2')),
    populations: populationsOf(block),
    averaged: namedTerms(block, aggregatedOutputs(block.query, block.dialect, 'avg')),
    counted: namedTerms(block, aggregatedOutputs(block.query, block.dialect, 'count')),
    distinctCounted: distinctCountOutputs(block.query, block.dialect).map((o) => namedTerms(block, [o])),
  };
}

/** The terms of some result columns: their names and the synonyms the owner declared for them. */
function namedTerms(block: CompiledBlock, names: readonly string[]): Set<string> {
  return termSet(names.flatMap((n) => [n, ...(block.columns?.[n]?.synonyms ?? [])]).join(' '));
}

const cache = new WeakMap<CompiledBlock, BlockContract>();

/** The contract terms of a block, read once per compiled block object. */
export function blockContract(block: CompiledBlock): BlockContract {
  let c = cache.get(block);
  if (c === undefined) {
    c = buildContract(block);
    cache.set(block, c);
  }
  return c;
}
