/**
 * The host's `delivery` hook (spec 02 rule 3): a message counts as delivered only when the hook
 * answers `{ delivered: true }` within six times the hook time limit; a throw, a late answer or
 * any other answer is not delivered, with a reference (what it said goes only to the log).
 */
import { callHook } from './call-hook.js';
import type { ContextHooks } from './context/request-context.js';
import { type DeliveryMessage, SLOW_HOOK_FACTOR } from './hooks.js';

export interface DeliveryOutcome {
  delivered: boolean;
  /** Eight letters, when it was not delivered: the cause is in the server log under it. */
  reference?: string;
}

const isDelivered = (v: unknown): v is { delivered: true } => v !== null && typeof v === 'object' && (v as { delivered?: unknown }).delivered === true;

/** Hands `message` to the host's delivery hook (the caller checked there is one). */
export async function deliverThroughHost(host: ContextHooks, message: DeliveryMessage): Promise<DeliveryOutcome> {
  const hook = host.hooks.delivery;
  if (hook === undefined) return { delivered: false };
  const outcome = await callHook({
    name: 'delivery.send',
    invoke: () => hook.send.call(hook, structuredClone(message)),
    accept: isDelivered,
    timeoutMs: host.timeoutMs * SLOW_HOOK_FACTOR,
    log: host.log,
  });
  return outcome.kind === 'ok' ? { delivered: true } : { delivered: false, reference: outcome.reference };
}
