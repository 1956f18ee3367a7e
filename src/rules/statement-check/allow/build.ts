/**
 * How a dialect's allow list is put together: named families of names, each from one vendor
 * reference page, joined into one sorted list without repeats.
 */

/** The names of every list, once each, sorted. */
export function sortedUnique(...lists: readonly (readonly string[])[]): readonly string[] {
  return [...new Set(lists.flat())].sort();
}
