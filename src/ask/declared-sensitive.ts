/**
 * The columns a project declares sensitive, as words the wording guard reads (spec 02
 * `sensitiveQuestions`): a block's `columns { passport_no = { sensitive = "identifier" } }` and the
 * config's `sensitive.columns { "guests.date_of_birth": "protected" }`. A question about an
 * individual that names one of them (by its name or a declared synonym) is refused like "salary"
 * or "home address"; a count or an average over it stays allowed.
 */
import type { SvcConfig } from '../compiler/project/config.js';
import type { Manifest } from '../compiler/types.js';
import type { DeclaredCues, SensitiveCategory } from './sensitive-wording.js';
import { words } from './tokens.js';

const CATEGORIES: ReadonlySet<string> = new Set(['contact', 'pay', 'health', 'protected', 'identifier']);

/** A column name or synonym as the guard's folded phrase: `passport_no` -> "passport no". */
const phrase = (text: string): string =>
  words(text.slice(text.lastIndexOf('.') + 1))
    .map((w) => w.word)
    .join(' ');

/** Last words that say how a column stores a thing, not what it is ("dbs_check_level", "wealth_screening_band", "salary_gbp"). */
const STORAGE_WORDS: ReadonlySet<string> = new Set([
  'level',
  'band',
  'flag',
  'notes',
  'note',
  'code',
  'gbp',
  'usd',
  'eur',
  'on',
  'at',
  'date',
  'id',
  'value',
  'amount',
  'status',
  'type',
  'category',
  'text',
  'doc',
  'document',
]);

/** Last words for free text about the rest ("will_notes", "case_notes"): one word left alone ("will", "case") is a topic of everything, not the record. */
const TEXT_WORDS: ReadonlySet<string> = new Set(['notes', 'note', 'text']);

/** "dbs check" of "dbs check level": a column's phrase without its storage words, as people say it; undefined where only a topic word would be left. */
function head(p: string): string | undefined {
  const ws = p.split(' ');
  let text = false;
  while (ws.length > 1 && STORAGE_WORDS.has(ws.at(-1) ?? '')) text = TEXT_WORDS.has(ws.pop() ?? '') || text;
  return text && ws.length === 1 ? undefined : ws.join(' ');
}

/**
 * The cues of one declared column. A one-word name the certified blocks also use for their own
 * figures ("days" of sickness_absence.days where debtor_days is reported, "delivery" of
 * customer_notes.delivery_note where delivery times are) is said with its table
 * ("sickness absence days"); alone it would make every question about those figures personal.
 */
function cuesOf(qualified: string, business: ReadonlySet<string>): string[] {
  const dot = qualified.lastIndexOf('.');
  const table = dot > 0 ? phrase(qualified.slice(0, dot)) : '';
  const whole = phrase(qualified);
  // "Eleanor Hartley's will" of will_notes: a lone topic word no figure uses is still the record after a possessive.
  const topic = whole.split(' ')[0] ?? '';
  const out: string[] = head(whole) === undefined && !business.has(topic) ? [`s ${topic}`] : [];
  for (const p of [whole, head(whole)]) {
    if (p === undefined || p === '') continue;
    out.push(!p.includes(' ') && business.has(p) ? (table === '' ? '' : `${table} ${p}`) : p);
  }
  return out.filter((p) => p !== '');
}

function add(out: Map<SensitiveCategory, Set<string>>, category: string, cues: readonly string[]): void {
  if (!CATEGORIES.has(category)) return;
  const set = out.get(category as SensitiveCategory) ?? new Set<string>();
  for (const c of cues) set.add(c);
  out.set(category as SensitiveCategory, set);
}

const NO_WORDS: ReadonlySet<string> = new Set();

/** Words of certified blocks' names and result columns: what the organisation reports. */
function reportedWords(manifest: Manifest): string[] {
  return Object.values(manifest.blocks)
    .filter((block) => block.status === 'certified')
    .flatMap((block) => [block.name, ...block.outputs].flatMap((text) => phrase(text).split(' ')))
    .filter((w) => w !== '');
}

/** The reported words in both numbers ("customer" and "customers"). */
const businessWords = (manifest: Manifest): Set<string> => new Set(reportedWords(manifest).flatMap(bothNumbers));

const cache = new WeakMap<Manifest, { config: string; cues: DeclaredCues }>();

/** The declared sensitive words of a project, read once per manifest and config. */
export function declaredSensitive(manifest: Manifest, config: SvcConfig | undefined): DeclaredCues {
  const key = JSON.stringify(config?.sensitive ?? null);
  const hit = cache.get(manifest);
  if (hit !== undefined && hit.config === key) return hit.cues;
  const out = new Map<SensitiveCategory, Set<string>>();
  const business = businessWords(manifest);
  for (const block of Object.values(manifest.blocks)) {
    for (const [name, meaning] of Object.entries(block.columns ?? {}))
      if (meaning.sensitive !== undefined)
        add(
          out,
          meaning.sensitive,
          [name, ...(meaning.synonyms ?? [])].flatMap((t) => cuesOf(t, NO_WORDS)),
        );
  }
  for (const [name, category] of Object.entries(config?.sensitive?.columns ?? {})) add(out, category, cuesOf(name, business));
  // A record table's own name is said whole: "customer notes" is no "customer".
  for (const [table, category] of recordTables(config)) add(out, category, bothNumbers(phrase(table)));
  const cues: DeclaredCues = new Map([...out].map(([c, set]) => [c, [...set]]));
  cache.set(manifest, { config: key, cues });
  return cues;
}

/** Categories whose columns make their table a record of one person ("transactions", "sickness_episodes"). */
const RECORD_CATEGORIES: ReadonlySet<string> = new Set(['pay', 'health', 'protected']);

/**
 * Tables the config declares only pay, health or protected columns of: their rows are records
 * about people ("Ewan Murray's last five card transactions"), so the table's own name asks for
 * them. A table of the people themselves (a name, contact detail or identifier among them) is not
 * one: "customers" and "drivers" stay words a count or a ranking may use.
 */
function recordTables(config: SvcConfig | undefined): Array<[string, string]> {
  const byTable = new Map<string, string[]>();
  for (const [qualified, category] of Object.entries(config?.sensitive?.columns ?? {})) {
    const dot = qualified.lastIndexOf('.');
    if (dot <= 0) continue;
    const table = qualified.slice(0, dot);
    byTable.set(table, [...(byTable.get(table) ?? []), `${qualified}\u0000${category}`]);
  }
  const out: Array<[string, string]> = [];
  for (const [table, entries] of byTable) {
    const columns = entries.map((e) => e.split('\u0000') as [string, string]);
    // A contact detail or name makes it a table of the people themselves ("drivers").
    if (columns.some(([c, k]) => whoseName(c).length > 0 || k === 'contact')) continue;
    // A log of what someone did, keyed by their identifier alone ("reading_history.reader_id"), is
    // records of that person; a table of things with their own number ("pets.microchip_no") is not.
    if (columns.every(([, k]) => k === 'identifier')) {
      if (ACTIVITY_LOG.test(table)) out.push([table, 'identifier']);
    } else if (columns.every(([, k]) => RECORD_CATEGORIES.has(k))) out.push([table, (columns[0] as [string, string])[1]]);
  }
  return out;
}

/** Table names of a log of what people did: "reading_history", "login_events", "search_log", "page_views". */
const ACTIVITY_LOG = /(?:^|[._])(?:history|histories|log|logs|events|activity|activities|searches|sessions|views|clicks|locations|movements)$/i;

/** Words of a name column that say it is a name, not whose ("full_name", "first_name"). */
const NAME_WORDS: ReadonlySet<string> = new Set(['name', 'names', 'full', 'first', 'last', 'given', 'family', 'display', 'sur', 'surname']);

/** "accounts.holder_name" -> ["holder"]; "engineers.full_name" -> ["engineers"]: whose name a column holds. */
function whoseName(qualified: string): string[] {
  const dot = qualified.lastIndexOf('.');
  const column = phrase(qualified).split(' ');
  if (!column.some((w) => w === 'name' || w === 'surname')) return [];
  const own = column.filter((w) => !NAME_WORDS.has(w));
  const whose = own.length > 0 ? own : dot > 0 ? phrase(qualified.slice(0, dot)).split(' ') : [];
  // The last word is the person ("third party" -> party): "third" alone names no one.
  return whose.slice(-1);
}

/** A person word in both numbers: "holder"/"holders", "party"/"parties", "engineers"/"engineer". */
function bothNumbers(w: string): string[] {
  if (w.endsWith('ies')) return [w, `${w.slice(0, -3)}y`];
  if (w.endsWith('s')) return [w, w.slice(0, -1)];
  return w.endsWith('y') ? [w, `${w.slice(0, -1)}ies`] : [w, `${w}s`];
}

const peopleCache = new WeakMap<Manifest, { config: string; people: ReadonlySet<string> }>();

/**
 * The people whose names the project declares sensitive, as words, singular and plural ("holder",
 * "holders", "engineer", "engineers"): a question listing them ("who are the account holders
 * whose direct debits failed") asks for their names.
 */
export function declaredPeople(manifest: Manifest, config: SvcConfig | undefined): ReadonlySet<string> {
  const key = JSON.stringify(config?.sensitive ?? null);
  const hit = peopleCache.get(manifest);
  if (hit !== undefined && hit.config === key) return hit.people;
  const names: string[] = [];
  for (const block of Object.values(manifest.blocks))
    for (const [name, meaning] of Object.entries(block.columns ?? {})) if (meaning.sensitive !== undefined) names.push(...whoseName(name));
  for (const name of Object.keys(config?.sensitive?.columns ?? {})) names.push(...whoseName(name));
  const people = new Set(names.flatMap(bothNumbers).filter((w) => w.length > 2));
  peopleCache.set(manifest, { config: key, people });
  return people;
}

const measureCache = new WeakMap<Manifest, { config: string; words: ReadonlySet<string> }>();

/**
 * The words certified blocks name their own figures with ("income" of income_by_stream_monthly,
 * income_gbp), less any word of a column declared sensitive: where the organisation reports its
 * income, "monthly income against budget" is its own, not a person's.
 */
export function declaredMeasureWords(manifest: Manifest, config: SvcConfig | undefined): ReadonlySet<string> {
  const key = JSON.stringify(config?.sensitive ?? null);
  const hit = measureCache.get(manifest);
  if (hit !== undefined && hit.config === key) return hit.words;
  const sensitive = new Set([...declaredSensitive(manifest, config).values()].flat().flatMap((p) => p.split(' ')));
  const words = new Set(reportedWords(manifest).filter((w) => !sensitive.has(w)));
  measureCache.set(manifest, { config: key, words });
  return words;
}
