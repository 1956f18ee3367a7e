/**
 * Word lists the router reads, kept as data so a reviewer sees every folding rule at a glance.
 * They are deliberately small: routing should win on the blocks' own names, examples and tags,
 * not on a thesaurus that quietly makes unrelated blocks look alike.
 */

/** Words that carry no routing signal in an analytics question. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'about',
  'across',
  'all',
  'an',
  'and',
  'any',
  'are',
  'as',
  'at',
  'be',
  'been',
  'block',
  'by',
  'can',
  'come',
  'could',
  'did',
  'do',
  'does',
  'during',
  'each',
  'every',
  'for',
  'from',
  'get',
  'give',
  'got',
  'had',
  'has',
  'have',
  'how',
  'i',
  'in',
  'into',
  'is',
  'it',
  'its',
  'last',
  'latest',
  'list',
  'me',
  'much',
  'many',
  'my',
  'of',
  // A pronoun ("the Glasgow ones", "which ones"), never the number one.
  'ones',
  'on',
  'or',
  'our',
  'over',
  'past',
  'per',
  'please',
  'run',
  'see',
  'show',
  'since',
  'so',
  'than',
  'that',
  'the',
  'their',
  'them',
  'there',
  'these',
  'this',
  'those',
  'through',
  'to',
  'until',
  'up',
  'us',
  'use',
  'using',
  'via',
  'want',
  'was',
  'we',
  'were',
  'what',
  'when',
  'where',
  'which',
  'who',
  'whom',
  'why',
  // Contractions typed without their apostrophe ("whats the waiting list").
  'whats',
  'hows',
  'whos',
  'wheres',
  'whens',
  'thats',
  'theres',
  'heres',
  'will',
  'with',
  // "revenue per hotel incl. F&B": what is included is asked for as it stands; never "excluding",
  // which asks to leave something out and so must stay a word a block has to hold.
  'incl',
  'including',
  'would',
  'you',
  'your',
  'before',
  'after',
  'between',
  'till',
  'tell',
]);

/**
 * Raw word -> canonical word(s), applied before stemming on both the question and the index,
 * so a synonym can never make the two sides disagree. Grouped by intent:
 */
export const SYNONYMS: Readonly<Record<string, string>> = {
  // Grain adjectives fold to the period noun used in names ("weekly_revenue", "revenue per week").
  weekly: 'week',
  monthly: 'month',
  daily: 'day',
  yearly: 'year',
  annual: 'year',
  annually: 'year',
  quarterly: 'quarter',
  // Ranking words: a question asking for "the biggest" wants a ranking block.
  top: 'top',
  best: 'top',
  biggest: 'top',
  largest: 'top',
  highest: 'top',
  most: 'top',
  leading: 'top',
  busiest: 'top',
  ranking: 'top',
  ranked: 'top',
  rank: 'top',
  leaderboard: 'top',
  // Ranking from the bottom: a limited top-N block cannot answer these.
  least: 'bottom',
  lowest: 'bottom',
  fewest: 'bottom',
  smallest: 'bottom',
  worst: 'bottom',
  slowest: 'bottom',
  // Money in, as finance blocks name it.
  income: 'revenue',
  earnings: 'revenue',
  turnover: 'revenue',
  takings: 'revenue',
  // Common abbreviations and irregular forms the stemmer cannot reach.
  aov: 'average order value',
  rev: 'revenue',
  avg: 'average',
  // A hotel's night is its day: "nightly occupancy" asks for a daily series.
  nightly: 'day',
  // Shorthand of the trade, as people type it.
  cxl: 'cancel',
  canx: 'cancel',
  amt: 'amount',
  qty: 'quantity',
  cnt: 'count',
  txn: 'transaction',
  txns: 'transaction',
  acct: 'account',
  accts: 'account',
  cust: 'customer',
  custs: 'customer',
  dept: 'department',
  mgr: 'manager',
  mean: 'average',
  sold: 'sell',
  bought: 'buy',
  spent: 'spend',
  spending: 'spend',
  cancellation: 'cancel',
  cancellations: 'cancel',
  cancelled: 'cancel',
  canceled: 'cancel',
  clients: 'customer',
  client: 'customer',
  percent: 'pct',
  percentage: 'pct',
  share: 'pct',
  signups: 'signup',
  promo: 'promotion',
  promos: 'promotion',
  // How old a balance is: "ageing", "aging" and "aged" debt are one thing.
  ageing: 'age',
  aging: 'age',
  aged: 'age',
  meds: 'medicine',
  appt: 'appointment',
  appts: 'appointment',
  vax: 'vaccination',
  hrs: 'hour',
  mins: 'minute',
  wk: 'week',
  wks: 'week',
  qtr: 'quarter',
  yr: 'year',
  yrs: 'year',
};

/** Spelled-out numbers accepted for a top-N ("top five states"). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
};

/** Date parameter names that open a period (inclusive start). */
export const START_PARAM_NAMES: ReadonlySet<string> = new Set(['since', 'start', 'start_date', 'from', 'from_date', 'date_from', 'begin', 'period_start']);

/** Date parameter names that close a period (exclusive end, as blocks write `< ${until}`). */
export const END_PARAM_NAMES: ReadonlySet<string> = new Set(['until', 'end', 'end_date', 'to', 'to_date', 'date_to', 'period_end', 'before']);

/** The days of the week by name, Sunday first: a day's index is JavaScript's getUTCDay(). */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** A month's name or its short form, as a regular-expression source with no capture group. */
export const MONTH_NAME =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

export const MONTHS: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Month word (full or three-letter, "sept" too) -> month number 1..12. */
export function monthNumber(word: string): number | undefined {
  const w = word.toLowerCase();
  if (w === 'sept') return 9;
  const i = MONTHS.findIndex((m) => m === w || (w.length === 3 && m.startsWith(w)));
  return i < 0 ? undefined : i + 1;
}

/** Routing terms that ask for the top of a ranking (after SYNONYMS: best, biggest, most...). */
export const RANK_TOP_TERMS: ReadonlySet<string> = new Set(['top']);
/** Routing terms that ask for the bottom of a ranking (least, lowest, fewest...). */
export const RANK_BOTTOM_TERMS: ReadonlySet<string> = new Set(['bottom']);

/** Calendar adjectives: each asks for figures at its grain ("daily OEE"), never for a column that counts days. */
export const GRAIN_ADJECTIVES: ReadonlySet<string> = new Set(['hourly', 'daily', 'nightly', 'weekly', 'monthly', 'quarterly', 'yearly', 'annual', 'annually']);

/** Calendar units as nouns: "the year before", "which month" say when, never what is measured. */
export const CALENDAR_NOUNS: ReadonlySet<string> = new Set([
  'day',
  'days',
  'week',
  'weeks',
  'fortnight',
  'month',
  'months',
  'quarter',
  'quarters',
  'year',
  'years',
]);

/** Words that put what follows in the grouping of the answer: "by state", "per month", "each segment". */
export const GROUP_CUES: ReadonlySet<string> = new Set(['by', 'per', 'each', 'every', 'across']);

/**
 * Words that ask for no particular measure: they frame a question ("total", "number of",
 * "breakdown") and never need a block to hold them. Kept short on purpose: a word missing here
 * costs a certified answer (Tier 2 instead), a word wrongly here can cost a wrong one.
 */
export const NEUTRAL_WORDS: readonly string[] = [
  'total',
  'number',
  'count',
  'overall',
  'breakdown',
  'distribution',
  'break',
  'down',
  'broken',
  'split',
  'grouped',
  'figures',
  'data',
  'stats',
  'statistics',
  'report',
  'summary',
  'metrics',
  'current',
  'currently',
  'now',
  'today',
  'ever',
  'far',
  're',
  've',
  'll',
  'doesn',
  'don',
  'isn',
  'aren',
  'wasn',
  'weren',
  'didn',
  'look',
  'like',
  'curious',
  'know',
  'need',
  'wonder',
  'quick',
  'quickly',
  'again',
  'also',
  // Conversational glue of a follow-up ("same for ENT-A", "ok, and for 2026?", "that too"): they
  // point back at the thread and ask for nothing themselves.
  'same',
  'too',
  'instead',
  // Moving around a thread ("go back to the start of 2025", "let's see GLA1", "then March").
  'go',
  'let',
  'lets',
  'then',
  'ok',
  'okay',
  'likewise',
  'just',
  'only',
  'thanks',
  'thank',
  // Verbs of taking money in: "how much revenue did we make" asks for the revenue, nothing more.
  'make',
  'made',
  'generate',
  'generated',
  'bring',
  'brought',
  'bringing',
  'making',
  'generating',
  'take',
  'took',
  'taking',
  // "which trucks use the most fuel": the measure is the block's, the verb adds none.
  'use',
  'uses',
  'used',
  'using',
  // "how do suites perform": the measure is the block's, the verb adds none.
  'perform',
  'performs',
  'performed',
  'performing',
  'doing',
];

/**
 * Words comparing things. Between values of one field ("suites against standard rooms") they ask
 * for each value's row, which a breakdown by that field gives; anywhere else ("2024 vs 2025") they
 * ask for a comparison no block declares, and stay a measure nothing covers.
 */
export const COMPARE_CUES: ReadonlySet<string> = new Set(['versus', 'vs', 'against', 'compared', 'compare', 'comparison', 'comparing']);

/**
 * Words that change what is measured rather than which rows: "median claims", "forecast
 * bookings", "net revenue". An unknown word among them is another measure, never a value the
 * data lacks (unknown-value.ts).
 */
export const MEASURE_MODIFIERS: ReadonlySet<string> = new Set([
  'adjusted',
  'annualised',
  'annualized',
  'average',
  'avg',
  'budget',
  'budgeted',
  'cumulative',
  'delta',
  'deviation',
  'distinct',
  'estimate',
  'estimated',
  'excluding',
  'except',
  'expected',
  'fewest',
  'forecast',
  'forecasted',
  'gross',
  'growth',
  'least',
  'lowest',
  'max',
  'maximum',
  'mean',
  'median',
  'min',
  'minimum',
  'minus',
  'mom',
  'moving',
  'net',
  'normalised',
  'normalized',
  'percentile',
  'predicted',
  'projected',
  'projection',
  'qoq',
  'ratio',
  'rolling',
  'running',
  'share',
  'std',
  'target',
  'unique',
  'variance',
  'weighted',
  'without',
  'worst',
  'wow',
  'yoy',
]);

/**
 * Other ways of saying "excluding" ("revenue other than the biggest hotel", "sales excl. VAT",
 * "claims not counting fraud"): each leaves rows or amounts out, which no block does unless its
 * own words say so. One or two words as written.
 */
export const EXCLUSION_PHRASES: ReadonlySet<string> = new Set([
  'apart from',
  'aside from',
  'disregarding',
  'excl',
  'ignoring',
  'leaving out',
  'not counting',
  'not including',
  'omitting',
  'other than',
  // "w/o returns": the slash splits it into two letters.
  'w o',
]);

/**
 * Words asking how something moves over time: a time series gives that, nothing else does. "time"
 * alone is not one ("resolution time" is a duration); "over time" is (question-shape.ts).
 */
export const TIME_WORDS: readonly string[] = ['trend', 'trends', 'history', 'timeline', 'evolution'];

/** Calendar grain: a routing term -> the grain terms a time series of that grain answers to. */
export const GRAIN_TERMS: ReadonlyMap<string, readonly string[]> = new Map([
  ['day', ['day', 'date']],
  ['date', ['day', 'date']],
  ['week', ['week']],
  ['month', ['month']],
  ['quarter', ['quarter']],
  ['year', ['year']],
]);
