/**
 * A host's conversation store (`stores.conversations`), read defensively (spec 02 "Rules every
 * hook follows", spec 03 "Conversations, stores and failures"). Every call runs under the hook
 * time limit. A store that throws or is late is a StoreUnavailableError with a reference (the
 * person is told saved answers could not be reached). A wrong-shaped answer is a failure where
 * the record is required (a created thread's id) and nothing elsewhere (a lookup finds no
 * thread, a non-list of runs is none, a malformed run is left out). A thread
 * whose owner is not text or absent is not found: ownership decides who may read it.
 */
import { callHook } from './call-hook.js';
import { found, StoreUnavailableError } from './store-failure.js';
import type { Thread, ThreadRun, ThreadStore } from './stores/thread-store.js';

export interface GuardOptions {
  timeoutMs: number;
  log: (line: string) => void;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function isRun(v: unknown): v is ThreadRun {
  return (
    isObject(v) &&
    isText(v['runId']) &&
    isText(v['threadId']) &&
    typeof v['question'] === 'string' &&
    [1, 2, 3].includes(v['tier'] as number) &&
    ['certified', 'review_required', 'refused'].includes(v['trust'] as string) &&
    Array.isArray(v['columns']) &&
    typeof v['traceId'] === 'string'
  );
}

/** A thread as svc reads it, or undefined when the answer is not one. */
function threadOf(v: unknown): Thread | undefined {
  if (!isObject(v) || !isText(v['id']) || (v['owner'] !== undefined && typeof v['owner'] !== 'string')) return undefined;
  const runs = Array.isArray(v['runs']) ? v['runs'].filter(isRun).map((r) => ({ ...r, rowCount: typeof r.rowCount === 'number' ? r.rowCount : 0 })) : [];
  return {
    id: v['id'],
    ...(typeof v['owner'] === 'string' ? { owner: v['owner'] } : {}),
    createdAt: typeof v['createdAt'] === 'string' ? v['createdAt'] : '',
    runs,
  };
}

const any = (v: unknown): v is unknown => true;

/** `store` behind the rules above. */
export function guardedThreadStore(store: ThreadStore, options: GuardOptions): ThreadStore {
  const call = <T>(name: string, invoke: () => unknown, accept: (v: unknown) => v is T) =>
    callHook<T>({ name: `stores.conversations.${name}`, invoke, accept, ...options });
  return {
    async create(owner, at) {
      const outcome = await call('create', () => store.create(owner, at), isText);
      if (outcome.kind !== 'ok') throw new StoreUnavailableError(outcome.reference);
      return outcome.value;
    },
    async get(threadId) {
      return threadOf(found(await call('get', () => store.get(threadId), any)));
    },
    async append(run) {
      const outcome = await call('append', () => store.append(run), any);
      if (outcome.kind !== 'ok') throw new StoreUnavailableError(outcome.reference);
    },
    async threadOf(runId) {
      const value = found(await call('threadOf', () => store.threadOf(runId), any));
      return isText(value) ? value : undefined;
    },
    async close() {
      await call('close', () => store.close(), any);
    },
  };
}
