/**
 * Shorthand typed in a hurry ("room rev by mnth", "occ by hotel", "maint tickets", "hw many"): a
 * lower-case word no block uses is read as the word it clips. Question words are read whatever the
 * project holds; any other clipped word only as the one long word of its list the project uses
 * ("subs" is substitutions in a grocer's project, subscriptions in a publisher's, and neither
 * where both are said). A start of any project word is not read as shorthand by itself: "main",
 * "under" and "inter" are words of their own.
 */

/** Clipped forms -> the words they may clip, in no order (the trade's own shorthand, "qtr", "wks", is in vocabulary.ts). */
const CLIPPED: Readonly<Record<string, readonly string[]>> = {
  hw: ['how'],
  wat: ['what'],
  mnth: ['month'],
  mnths: ['months'],
  mth: ['month'],
  mths: ['months'],
  wk: ['week'],
  yr: ['year'],
  yrs: ['years'],
  qtrs: ['quarters'],
  occ: ['occupancy'],
  mkt: ['market'],
  mkts: ['markets'],
  mgmt: ['management'],
  maint: ['maintenance'],
  avail: ['availability'],
  perf: ['performance'],
  subs: ['substitutions', 'subscriptions', 'subscribers'],
  resv: ['reservations'],
  res: ['reservations'],
  bkgs: ['bookings'],
  bkg: ['booking'],
};
const QUESTION_WORDS: ReadonlySet<string> = new Set(['how', 'what']);

/** The word `written` clips, where `isKnown` (the project's words) leaves exactly one; else undefined. */
export function expandShorthand(written: string, isKnown: (word: string) => boolean): string | undefined {
  const long = CLIPPED[written];
  if (long === undefined) return undefined;
  const known = long.filter((w) => QUESTION_WORDS.has(w) || isKnown(w));
  return known.length === 1 ? known[0] : undefined;
}
