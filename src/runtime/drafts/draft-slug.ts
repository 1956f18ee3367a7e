/**
 * The name of a captured draft, from the question that produced it: ASCII, lower snake case
 * (kebab and every other separator become `_`), at most 48 characters cut at a word boundary,
 * starting with a letter. The same question always gives the same slug, which is how "the
 * same question asked again" finds its draft; a slug another block already uses gets `_2`,
 * `_3`, ... so the draft never collides with a block id.
 */

export const MAX_SLUG_LENGTH = 48;

/** Folds accents away and keeps ASCII letters and digits, words joined by `_`. */
function words(question: string): string[] {
  const ascii = question.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return ascii
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** The slug of `question` (no uniqueness applied). */
export function questionSlug(question: string): string {
  let slug = '';
  for (const word of words(question)) {
    const next = slug === '' ? word : `${slug}_${word}`;
    if (next.length > MAX_SLUG_LENGTH) {
      // One very long first word is cut rather than dropped.
      if (slug === '') slug = word.slice(0, MAX_SLUG_LENGTH);
      break;
    }
    slug = next;
  }
  if (slug === '') return 'question';
  return /^[a-z]/.test(slug) ? slug : `q_${slug}`.slice(0, MAX_SLUG_LENGTH).replace(/_+$/, '');
}

/** `base`, else `base_2`, `base_3`, ... : the first that `taken` does not hold, still within the limit. */
export function uniqueSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
