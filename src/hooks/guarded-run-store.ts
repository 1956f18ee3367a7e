/**
 * A host's run store (`stores.runs`), read defensively like the conversation store: a lookup
 * that throws or is late is a StoreUnavailableError with a reference; a wrong-shaped record is
 * no record (its owner decides who may read it, so an unreadable one is never shown); writing a
 * run's facts that fails is logged and costs the person nothing but the facts.
 */
import { callHook } from './call-hook.js';
import type { GuardOptions } from './guarded-thread-store.js';
import { found } from './store-failure.js';
import type { RunRecord, RunStore } from './stores/run-store.js';

const any = (v: unknown): v is unknown => true;

function recordOf(v: unknown): RunRecord | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const r = v as Record<string, unknown>;
  if (
    typeof r['runId'] !== 'string' ||
    (r['owner'] !== undefined && typeof r['owner'] !== 'string') ||
    typeof r['question'] !== 'string' ||
    typeof r['traceId'] !== 'string'
  )
    return undefined;
  return {
    ...(r as unknown as RunRecord),
    tables: Array.isArray(r['tables']) ? (r['tables'] as unknown[]).filter((t): t is string => typeof t === 'string') : [],
    sources: Array.isArray(r['sources']) ? (r['sources'] as unknown[]).filter((t): t is string => typeof t === 'string') : [],
  };
}

/** `store` behind the rules above. */
export function guardedRunStore(store: RunStore, options: GuardOptions): RunStore {
  const call = (name: string, invoke: () => unknown) => callHook({ name: `stores.runs.${name}`, invoke, accept: any, ...options });
  return {
    async put(record) {
      await call('put', () => store.put(record));
    },
    async get(runId) {
      return recordOf(found(await call('get', () => store.get(runId))));
    },
    async close() {
      await call('close', () => store.close());
    },
  };
}
