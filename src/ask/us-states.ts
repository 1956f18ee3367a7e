/**
 * US states and DC as data: blocks store states as two-letter USPS codes (orders.state), while
 * people ask with either the code or the name. A state is a filter value, never a routing word.
 */

const STATES: ReadonlyArray<readonly [string, string]> = [
  ['AL', 'alabama'],
  ['AK', 'alaska'],
  ['AZ', 'arizona'],
  ['AR', 'arkansas'],
  ['CA', 'california'],
  ['CO', 'colorado'],
  ['CT', 'connecticut'],
  ['DE', 'delaware'],
  ['DC', 'district of columbia'],
  ['FL', 'florida'],
  ['GA', 'georgia'],
  ['HI', 'hawaii'],
  ['ID', 'idaho'],
  ['IL', 'illinois'],
  ['IN', 'indiana'],
  ['IA', 'iowa'],
  ['KS', 'kansas'],
  ['KY', 'kentucky'],
  ['LA', 'louisiana'],
  ['ME', 'maine'],
  ['MD', 'maryland'],
  ['MA', 'massachusetts'],
  ['MI', 'michigan'],
  ['MN', 'minnesota'],
  ['MS', 'mississippi'],
  ['MO', 'missouri'],
  ['MT', 'montana'],
  ['NE', 'nebraska'],
  ['NV', 'nevada'],
  ['NH', 'new hampshire'],
  ['NJ', 'new jersey'],
  ['NM', 'new mexico'],
  ['NY', 'new york'],
  ['NC', 'north carolina'],
  ['ND', 'north dakota'],
  ['OH', 'ohio'],
  ['OK', 'oklahoma'],
  ['OR', 'oregon'],
  ['PA', 'pennsylvania'],
  ['RI', 'rhode island'],
  ['SC', 'south carolina'],
  ['SD', 'south dakota'],
  ['TN', 'tennessee'],
  ['TX', 'texas'],
  ['UT', 'utah'],
  ['VT', 'vermont'],
  ['VA', 'virginia'],
  ['WA', 'washington'],
  ['WV', 'west virginia'],
  ['WI', 'wisconsin'],
  ['WY', 'wyoming'],
];

/**
 * Codes that are also everyday English words when a question is typed in capitals ("cancelled OR
 * refunded"); they count as states only right after "in", "for", "from" or "state".
 */
const AMBIGUOUS_CODES: ReadonlySet<string> = new Set(['IN', 'OR', 'ME', 'OK', 'HI', 'ID', 'OH', 'DE', 'LA', 'MA', 'AL']);
const CUE_WORDS: ReadonlySet<string> = new Set(['in', 'for', 'from', 'state', 'states', 'of']);

export interface StateHit {
  code: string;
  /** Character span in the question. */
  start: number;
  end: number;
}

const NAME_PATTERN = new RegExp(
  `\\b(${STATES.map(([, n]) => n.replace(/ /g, '\\s+'))
    .sort((a, b) => b.length - a.length)
    .join('|')})\\b`,
  'gi',
);
const CODE_OF_NAME = new Map(STATES.map(([c, n]) => [n, c]));
const CODES: ReadonlySet<string> = new Set(STATES.map(([c]) => c));

function previousWord(text: string, at: number): string {
  const m = /([A-Za-z]+)\W*$/.exec(text.slice(0, at));
  return (m?.[1] ?? '').toLowerCase();
}

/** Every state named in the question, by full name (any case) or by upper-case USPS code. */
export function findStates(question: string): StateHit[] {
  const hits: StateHit[] = [];
  for (const m of question.matchAll(NAME_PATTERN)) {
    const code = CODE_OF_NAME.get(m[0].toLowerCase().replace(/\s+/g, ' '));
    if (code !== undefined) hits.push({ code, start: m.index, end: m.index + m[0].length });
  }
  for (const m of question.matchAll(/\b([A-Za-z]{2})\b/g)) {
    const raw = m[1] ?? '';
    const cue = previousWord(question, m.index);
    const upper = raw.toUpperCase();
    if (!CODES.has(upper)) continue;
    // Lower-case codes only after "state" ("for state tx"), and never a word ("by state in 2025",
    // "by state or region"); capitals need a cue when ambiguous.
    const capital = raw === upper;
    const ok = (cue === 'state' && (capital || !AMBIGUOUS_CODES.has(upper))) || (capital && (!AMBIGUOUS_CODES.has(upper) || CUE_WORDS.has(cue)));
    if (ok && !hits.some((h) => m.index >= h.start && m.index < h.end)) hits.push({ code: upper, start: m.index, end: m.index + 2 });
  }
  return hits.sort((a, b) => a.start - b.start);
}
