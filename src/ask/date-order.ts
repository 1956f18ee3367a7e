/**
 * The way the owners write a day in numbers: day first ("30/09/2026") or month first
 * ("09/30/2026"), read from every text they wrote (descriptions, parameter and column notes,
 * terms) and their own example questions, as the financial year and the week start are. Only
 * days that say their order themselves count (a number over 12); a project whose owners write
 * both ways, or only days any way could read, declares none, so its ambiguous days bind nothing.
 */
import type { Manifest } from '../compiler/types.js';
import { ownersTexts } from './financial-year.js';
import { dayFirst, writtenDays } from './numeric-dates.js';

/** true when the owners write days day first, false month first, undefined when they do not say or disagree. */
export function dayFirstOf(manifest: Manifest): boolean | undefined {
  const examples = Object.values(manifest.blocks).flatMap((b) => (b.status === 'deprecated' ? [] : (b.examples ?? []).map((e) => e.question)));
  const texts = [...ownersTexts(manifest).map((t) => t.text), ...examples];
  const orders = new Set<boolean>();
  for (const text of texts) {
    for (const days of writtenDays(text)) {
      const first = dayFirst(days);
      if (first !== undefined) orders.add(first);
    }
  }
  return orders.size === 1 ? [...orders][0] : undefined;
}
