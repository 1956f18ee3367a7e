/**
 * What an Ask works out from its question alone over one router (the manifest, config and data
 * values the router was built over): whether its wording is sensitive, the terms it names. A
 * router is pure over those, as its own decisions are (route-tier1.ts), so a question asked again
 * (popular ones are) reads them back instead of working them out again. Kept per router, so a
 * reload or a captured draft (a new router) starts afresh; bounded, the oldest going first.
 */

/** Results kept per router. */
const KEPT = 1024;

export type QuestionMemo = <T>(router: object, key: string, work: () => T) => T;

/** A memo of per-question results, each router's apart. */
export function questionMemo(): QuestionMemo {
  const byRouter = new WeakMap<object, Map<string, { value: unknown }>>();
  return <T>(router: object, key: string, work: () => T): T => {
    let kept = byRouter.get(router);
    if (kept === undefined) {
      kept = new Map();
      byRouter.set(router, kept);
    }
    const hit = kept.get(key);
    if (hit !== undefined) return hit.value as T;
    const value = work();
    if (kept.size >= KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, { value });
    return value;
  };
}

/** The memo the Ask path shares (every service's routers, each apart). */
export const askMemo: QuestionMemo = questionMemo();
