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

function add(out: Map<SensitiveCategory, Set<string>>, category: string, texts: readonly string[]): void {
  if (!CATEGORIES.has(category)) return;
  const set = out.get(category as SensitiveCategory) ?? new Set<string>();
  for (const t of texts) {
    const p = phrase(t);
    if (p !== '') set.add(p);
  }
  out.set(category as SensitiveCategory, set);
}

const cache = new WeakMap<Manifest, { config: string; cues: DeclaredCues }>();

/** The declared sensitive words of a project, read once per manifest and config. */
export function declaredSensitive(manifest: Manifest, config: SvcConfig | undefined): DeclaredCues {
  const key = JSON.stringify(config?.sensitive ?? null);
  const hit = cache.get(manifest);
  if (hit !== undefined && hit.config === key) return hit.cues;
  const out = new Map<SensitiveCategory, Set<string>>();
  for (const block of Object.values(manifest.blocks)) {
    for (const [name, meaning] of Object.entries(block.columns ?? {}))
      if (meaning.sensitive !== undefined) add(out, meaning.sensitive, [name, ...(meaning.synonyms ?? [])]);
  }
  for (const [name, category] of Object.entries(config?.sensitive?.columns ?? {})) add(out, category, [name]);
  const cues: DeclaredCues = new Map([...out].map(([c, set]) => [c, [...set]]));
  cache.set(manifest, { config: key, cues });
  return cues;
}
