/**
 * Model calls per caller (issue 27, fair work): one person holds at most CALLER_MODEL_CALLS
 * model calls at once, so their many asks queue behind their own and never fill the model for
 * everyone else; another person's first call never waits behind them. Kept per server (the
 * asker's hooks), per person a host placed; the single-user owner and svc's own work are not
 * limited (there is no one else to be fair to).
 */
import type { Asker } from '../../hooks/context/request-context.js';

/** Model calls one person runs at once. */
export const CALLER_MODEL_CALLS = 2;

interface Slots {
  running: number;
  waiting: Array<() => void>;
  /** Forgets this person's entry once they hold nothing, so the map stays as large as the work. */
  forget: () => void;
}

const byServer = new WeakMap<object, Map<string, Slots>>();

function slotsOf(asker: Asker): Slots | undefined {
  const host = asker?.host?.hooks;
  const principal = asker?.principal;
  if (host === undefined || principal === undefined || principal.source === 'local') return undefined;
  let callers = byServer.get(host);
  if (callers === undefined) {
    callers = new Map();
    byServer.set(host, callers);
  }
  const known = callers;
  let slots = known.get(principal.id);
  if (slots === undefined) {
    slots = { running: 0, waiting: [], forget: () => known.delete(principal.id) };
    known.set(principal.id, slots);
  }
  return slots;
}

/** Runs `call` once the asker holds fewer than CALLER_MODEL_CALLS model calls; a finished call hands its place on. */
export async function withModelSlot<T>(asker: Asker, call: () => Promise<T>): Promise<T> {
  const slots = slotsOf(asker);
  if (slots === undefined) return call();
  if (slots.running < CALLER_MODEL_CALLS) slots.running += 1;
  else await new Promise<void>((resolve) => slots.waiting.push(resolve));
  try {
    return await call();
  } finally {
    const next = slots.waiting.shift();
    if (next !== undefined) next();
    else slots.running -= 1;
    if (slots.running === 0) slots.forget();
  }
}
