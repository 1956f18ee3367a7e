/**
 * Asks one of the current server's decision hooks for the person of the current request, under
 * the hook time limit (call-hook.ts). `absent` means there is nothing to ask (no host, no such
 * hook, or no person placed): each caller keeps the spec 02 default then. Any other outcome is
 * the hook's answer or its failure, which each caller reads as its hook's safe side.
 */
import { currentContext, type Principal } from './context/request-context.js';
import { callHook, type HookOutcome } from './call-hook.js';
import type { HostHooks } from './hooks.js';

export type HostAnswer<T> = { kind: 'absent' } | HookOutcome<T>;

type HookName = { [K in keyof HostHooks]-?: NonNullable<HostHooks[K]> extends (...args: never[]) => unknown ? K : never }[keyof HostHooks];

/** Calls `name(principal, ...args)` of the current host; `accept` decides the shape. Never throws. */
export async function askHost<T>(name: HookName, args: unknown[], accept: (value: unknown) => value is T): Promise<HostAnswer<T>> {
  const context = currentContext();
  const host = context?.host;
  const hook = host?.hooks[name] as ((principal: Principal, ...rest: unknown[]) => unknown) | undefined;
  const principal = context?.principal;
  if (host === undefined || hook === undefined || principal === undefined) return { kind: 'absent' };
  return callHook({ name, invoke: () => hook.call(host.hooks, principal, ...args), accept, timeoutMs: host.timeoutMs, log: host.log });
}
