/**
 * One way to call a host hook (spec 02, "Rules every hook follows"): a throw, an answer after
 * the time limit, or an answer of the wrong shape is a failure, never a value. A failure gets
 * an eight-letter reference; what the hook said goes only to the server log under it, since a
 * wrong answer could be SQL or a token and must never be echoed to the caller.
 */
import { errorReference } from './context/error-reference.js';

export type HookOutcome<T> = { kind: 'ok'; value: T } | { kind: 'throw' | 'timeout' | 'shape'; reference: string };

export interface HookCall<T> {
  /** The hook's name, for the log. */
  name: string;
  invoke: () => unknown;
  /** True when the answer has the hook's shape. */
  accept: (value: unknown) => value is T;
  timeoutMs: number;
  log: (line: string) => void;
}

const TIMED_OUT = Symbol('timed out');

function failure<T>(call: HookCall<T>, kind: 'throw' | 'timeout' | 'shape', detail: string): HookOutcome<T> {
  const reference = errorReference();
  call.log(
    `[${reference}] host hook ${call.name}: ${kind === 'timeout' ? `no answer within ${call.timeoutMs} ms` : kind === 'shape' ? `answer not of the hook's shape (${detail})` : `threw: ${detail}`}`,
  );
  return { kind, reference };
}

/** Calls the hook under its time limit and checks the answer. Never throws. */
export async function callHook<T>(call: HookCall<T>): Promise<HookOutcome<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), call.timeoutMs);
  });
  try {
    // The hook may throw synchronously; Promise.resolve().then keeps that inside the race.
    const answer = await Promise.race([Promise.resolve().then(call.invoke), late]);
    if (answer === TIMED_OUT) return failure(call, 'timeout', '');
    return call.accept(answer) ? { kind: 'ok', value: answer } : failure(call, 'shape', describe(answer));
  } catch (error) {
    return failure(call, 'throw', error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    clearTimeout(timer);
  }
}

/** The kind of a wrong answer, for the log: its type, never its content. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value;
}
