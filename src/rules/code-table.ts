/**
 * The shape every layer's table of stable UPPER_SNAKE codes shares (diagnostic codes have their
 * own registry, grammar/codes.ts): a sorted `as const` record keyed by code, each entry saying
 * what the code means and what to do about it. A code that several layers answer with is
 * declared once, in the lowest layer's table; a table above takes that entry by reference with
 * `reuse`, so test/meta/codes.test.ts can tell a re-use from a second declaration.
 */

export interface CodeMeaning {
  /** What happened, in one sentence. */
  readonly meaning: string;
  /** What the person (or program) can do next. */
  readonly hint: string;
}

/** An entry re-using a lower table's entry: its meaning and hint, the entry itself, and this table's own fields. */
export type Reused<E extends CodeMeaning, X extends object> = CodeMeaning & { readonly reuses: E } & X;

/** The lower table's `entry`, taken by reference, with this table's own fields (`extra`). */
export function reuse<E extends CodeMeaning, const X extends object>(entry: E, extra: X): Reused<E, X> {
  return { meaning: entry.meaning, hint: entry.hint, reuses: entry, ...extra };
}

/** The codes of `T` whose entry has the shape `S` (a kind, a status), as a union of keys. */
export type CodesWhere<T, S> = { [C in keyof T]: T[C] extends S ? C : never }[keyof T] & string;
