/**
 * Asks one of the asker's server's decision hooks for the person who asks, under
 * the hook time limit (call-hook.ts). `absent` means there is nothing to ask (no host, no such
 * hook, or no person placed): each caller keeps the spec 02 default then. Any other outcome is
 * the hook's answer or its failure, which each caller reads as its hook's safe side.
 */

import { callHook, type HookOutcome } from './call-hook.js';
import type { Asker, Principal } from './context/request-context.js';
import type { HostHooks } from './hooks.js';

export type HostAnswer<T> = { kind: 'absent' } | HookOutcome<T>;

type HookName = { [K in keyof HostHooks]-?: NonNullable<HostHooks[K]> extends (...args: never[]) => unknown ? K : never }[keyof HostHooks];

/** Calls `name(principal, ...args)` of the asker's host; `accept` decides the shape. Never throws. */
export async function askHost<T>(asker: Asker, name: HookName, args: unknown[], accept: (value: unknown) => value is T): Promise<HostAnswer<T>> {
  const context = asker;
  const host = context?.host;
  const hook = host?.hooks[name] as ((principal: Principal, ...rest: unknown[]) => unknown) | undefined;
  const principal = context?.principal;
  if (host === undefined || hook === undefined || principal === undefined) return { kind: 'absent' };
  return callHook({ name, invoke: () => hook.call(host.hooks, principal, ...args), accept, timeoutMs: host.timeoutMs, log: host.log });
}
