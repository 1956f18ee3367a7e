/**
 * The host's `statements` observer (spec 02): told of every statement's engine, kind of read,
 * outcome and duration, never its SQL, parameters, rows or who asked. It is not waited for: a
 * throw or a rejected promise is logged without the event and changes nothing, and a promise
 * that never settles holds nothing up.
 */
import type { HostHooks, HostStatementEvent } from './hooks.js';

/** What the observer reads of the executor's statement event (its `read` defaults to data). */
type ObservedStatement = Omit<HostStatementEvent, 'read'> & { read?: HostStatementEvent['read'] };

/** The executor's `onStatement` for a host's observer, or undefined without one. */
export function statementObserver(hooks: HostHooks | undefined, log: (line: string) => void): ((event: ObservedStatement) => void) | undefined {
  const observe = hooks?.statements;
  if (hooks === undefined || observe === undefined) return undefined;
  const failed = (error: unknown) => log(`host hook statements failed: ${error instanceof Error ? error.message : String(error)}`);
  return (event) => {
    const told = { engine: event.engine, read: event.read ?? 'data', outcome: event.outcome, durationMs: Math.round(event.durationMs * 10) / 10 };
    try {
      const answer = observe.call(hooks, told);
      if (answer !== null && typeof answer === 'object' && typeof (answer as Promise<void>).then === 'function')
        (answer as Promise<void>).then(undefined, failed);
    } catch (error) {
      failed(error);
    }
  };
}
