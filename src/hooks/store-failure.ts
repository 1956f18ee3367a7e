/**
 * A host store that failed on a record svc needs (a created thread, an appended turn): the
 * caller is told that saved answers could not be reached, with the reference the store's own
 * words were logged under (spec 03 "Conversations, stores and failures").
 */
import type { HookOutcome } from './call-hook.js';
import type { HookFailureCode } from './codes.js';

export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE' satisfies HookFailureCode;
  constructor(readonly reference: string) {
    super(`Saved answers could not be reached; the administrator can find it under reference ${reference}.`);
    this.name = 'StoreUnavailableError';
  }
}

/** A lookup's answer: a throw or a late answer fails; anything else (a wrong shape too) is read by the caller. */
export function found(outcome: HookOutcome<unknown>): unknown {
  if (outcome.kind === 'throw' || outcome.kind === 'timeout') throw new StoreUnavailableError(outcome.reference);
  return outcome.kind === 'ok' ? outcome.value : undefined;
}
