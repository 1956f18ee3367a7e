/**
 * Page follows (spec 02 `follows`, spec 03 "Follow"): `{ pageId, following }` per App page,
 * `pageId` being `<appId>/<pageId>`. With the hook the host keeps them (`list(principal)`,
 * `set(principal, follow, following)`), under the hook time limit: a list that is not a list
 * is none, a malformed entry is left out, and a throw or a late answer is a
 * StoreUnavailableError with a reference (never another person's list, never a guess). Without
 * the hook they are the person's memory items (kind `follow`).
 */

import { callHook } from './call-hook.js';
import { errorReference } from './context/error-reference.js';
import type { Asker, Principal } from './context/request-context.js';
import { found, StoreUnavailableError } from './store-failure.js';
import type { MemoryStore } from './stores/memory-store.js';

export interface Follow {
  pageId: string;
  following: boolean;
}

/** What a host keeps follows with. */
export interface FollowsHook {
  list(principal: Principal): unknown;
  set(principal: Principal, follow: { pageId: string }, following: boolean): unknown;
}

const KIND = 'follow';
const any = (v: unknown): v is unknown => true;
const isFollow = (v: unknown): v is Follow =>
  v !== null &&
  typeof v === 'object' &&
  typeof (v as Follow).pageId === 'string' &&
  (v as Follow).pageId !== '' &&
  typeof (v as Follow).following === 'boolean';

function hostOf(context: Asker) {
  const hook = context?.host?.hooks.follows;
  return context?.host !== undefined && hook !== undefined && context.principal !== undefined
    ? { host: context.host, hook, principal: context.principal }
    : undefined;
}

/** The asker's follows. */
export async function listFollows(asker: Asker, memory: MemoryStore | undefined): Promise<Follow[]> {
  const hosted = hostOf(asker);
  if (hosted !== undefined) {
    const { host, hook, principal } = hosted;
    const value = found(
      await callHook({ name: 'follows.list', invoke: () => hook.list.call(hook, principal), accept: any, timeoutMs: host.timeoutMs, log: host.log }),
    );
    return Array.isArray(value) ? value.filter(isFollow).map((f) => ({ pageId: f.pageId, following: f.following })) : [];
  }
  const owner = asker?.principal?.id;
  if (memory === undefined || owner === undefined) return [];
  return (await memory.list(owner, KIND)).map((i) => ({ pageId: i.key, following: i.value === true }));
}

/** Follows or unfollows `pageId` for the asker; throws StoreUnavailableError when it could not be kept. */
export async function setFollow(
  asker: Asker,
  memory: MemoryStore | undefined,
  pageId: string,
  following: boolean,
  now: () => Date = () => new Date(),
): Promise<Follow> {
  const hosted = hostOf(asker);
  if (hosted !== undefined) {
    const { host, hook, principal } = hosted;
    const outcome = await callHook({
      name: 'follows.set',
      invoke: () => hook.set.call(hook, principal, { pageId }, following),
      accept: any,
      timeoutMs: host.timeoutMs,
      log: host.log,
    });
    if (outcome.kind !== 'ok') throw new StoreUnavailableError(outcome.reference);
    return { pageId, following };
  }
  const owner = asker?.principal?.id;
  if (memory === undefined || owner === undefined) throw new StoreUnavailableError(errorReference());
  await memory.set(owner, { kind: KIND, key: pageId, value: following ? true : undefined, at: now().toISOString() });
  return { pageId, following };
}
