/**
 * A small shared lexicon of business words that mean one thing, for words a project's own blocks
 * do not use: "accounts" finds a block about customers only when no block speaks of accounts, and
 * "resolution time" finds an output in hours only when no block says "time". The project's own
 * vocabulary always wins (a word its blocks use is read as written), so the lexicon can only lead
 * a question to a block; the fit check (coverage, parameters) still decides whether it answers.
 *
 * Each group lists interchangeable words; the first one a project uses is the one read. Groups are
 * about meaning in analytics questions, never about one project's names.
 */
import { stem } from './tokens.js';

const GROUPS: ReadonlyArray<readonly string[]> = [
  // Who buys.
  ['customer', 'client', 'account', 'buyer', 'shopper', 'purchaser', 'patron', 'consumer'],
  // How many.
  ['quantity', 'unit', 'volume', 'qty', 'pieces', 'pallet'],
  // Money not yet paid.
  ['outstanding', 'unpaid', 'open', 'owed', 'due'],
  // Money in.
  ['revenue', 'sales', 'turnover', 'income', 'takings', 'proceeds', 'billings'],
  // Losing customers.
  ['churn', 'attrition', 'churned', 'defection', 'leaving', 'leavers'],
  // What lies behind it: "why are customers leaving" asks for the reasons.
  ['reason', 'why', 'cause'],
  // How a balance moved from one period to the next.
  ['bridge', 'waterfall', 'walk', 'movement'],
  // Who sells.
  ['rep', 'representative', 'salesperson', 'seller'],
  // How long something takes, in any unit.
  ['time', 'duration', 'hour', 'minute', 'day', 'days', 'elapsed', 'turnaround'],
  // Where a business operates.
  ['property', 'hotel', 'site', 'location', 'store', 'branch', 'venue', 'facility'],
  // Per day.
  ['daily', 'nightly', 'night', 'day'],
  // What people give it.
  ['rating', 'score', 'stars', 'grade'],
  ['review', 'feedback', 'survey', 'comment'],
  // Closing work.
  ['resolve', 'fix', 'close', 'solve', 'repair'],
  // Holding a place ahead.
  ['booking', 'reservation'],
  // People who work there.
  // ("Headcount" is how many of them there are, a figure, not who they are.)
  ['employee', 'staff', 'worker', 'personnel', 'colleague'],
  // What is sold.
  ['product', 'item', 'sku', 'article', 'merchandise'],
  // Where, broadly.
  ['region', 'area', 'territory', 'zone'],
  ['country', 'nation', 'market'],
  ['city', 'town', 'metro'],
  // Who supplies.
  ['supplier', 'vendor', 'provider'],
  // Work to be done.
  ['ticket', 'case', 'incident', 'request', 'issue'],
  // New customers.
  ['signup', 'registration', 'enrollment', 'onboarding'],
  // Moving goods.
  ['shipment', 'delivery', 'consignment', 'parcel', 'package', 'load', 'drop'],
  // Where goods travel.
  ['lane', 'route', 'corridor'],
  // What carries them.
  ['vehicle', 'truck', 'lorry', 'van'],
  ['late', 'delayed', 'overdue', 'tardy'],
  ['distance', 'mileage', 'miles', 'kilometers', 'kilometres', 'kilometre', 'km'],
  // Channels and sources.
  ['channel', 'source', 'medium'],
  // Cost words.
  ['cost', 'expense', 'outlay', 'expensive', 'costly'],
  // What is left after costs.
  ['margin', 'profit', 'profitability'],
  // What a partner takes.
  ['commission', 'fee', 'charge'],
  ['price', 'tariff', 'fare'],
  // Sizes of a share.
  ['share', 'proportion', 'percentage', 'pct', 'percent', 'ratio', 'mix', 'split'],
  // Speed and how long ahead.
  ['lead', 'advance', 'ahead', 'window'],
  // Money customers owe the business.
  ['debt', 'debtor', 'receivable', 'arrears'],
];

const groupsOf = new Map<string, string[]>();
for (const group of GROUPS) {
  const stems = [...new Set(group.map(stem))];
  for (const s of stems) groupsOf.set(s, [...new Set([...(groupsOf.get(s) ?? []), ...stems.filter((o) => o !== s)])]);
}

/** Other terms (stemmed) that may stand for `term` in a project that does not use it. */
export function alternativesOf(term: string): readonly string[] {
  return groupsOf.get(term) ?? [];
}

/**
 * Reads `term` in the project's own words: itself when the project uses it, else the first word
 * of its group the project uses, else itself.
 */
export function inProjectWords(term: string, isKnown: (t: string) => boolean): string {
  if (isKnown(term)) return term;
  for (const alt of alternativesOf(term)) if (isKnown(alt)) return alt;
  return term;
}
