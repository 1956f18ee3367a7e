/**
 * A person's Home state (spec 03 "Home state"): which Apps they opened and when, when they last
 * looked at each page, and the single figures of their own last page runs, kept as their memory
 * items (`.svc/local/private/home/<hash>.json`, a hash of the person's id, or the host's
 * `stores.memory`). Only figures a person's own run gave are kept under their id, so Home can
 * never read another person's. A run made under a schedule pass is marked `scheduled` and is not
 * a look: the person has not seen it yet.
 */
import { createHash } from 'node:crypto';
import type { MemoryStore, MemoryValue } from '../../hooks/stores/memory-store.js';
import type { PageFigure } from './page-figures.js';

const OPENED = 'home-opened';
const LOOKED = 'home-look';
const RUNS = 'home-runs';
/** Runs kept per page: enough to find the last two complete ones under one scope. */
export const RUNS_KEPT = 8;

export interface KeptRun {
  at: string;
  /** A hash of the filter values the page ran with: runs compare only under one scope. */
  scope: string;
  complete: boolean;
  scheduled?: true;
  scheduleId?: string;
  figures: PageFigure[];
}

export interface HomeState {
  /** ISO time each App was last opened, by App id. */
  opened: Map<string, string>;
  /** ISO time of the person's last look at each page, by `<appId>/<pageId>`. */
  looked: Map<string, string>;
  /** The person's own kept runs of each page, newest last, by `<appId>/<pageId>`. */
  runs: Map<string, KeptRun[]>;
}

/** The scope of a run: its filter values, in key order. */
export function scopeOf(filters: Record<string, unknown> | undefined): string {
  const entries = Object.entries(filters ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);
}

const isRun = (v: unknown): v is KeptRun =>
  v !== null &&
  typeof v === 'object' &&
  typeof (v as KeptRun).at === 'string' &&
  typeof (v as KeptRun).scope === 'string' &&
  Array.isArray((v as KeptRun).figures);

/** The person's Home state; an unreadable item reads as absent. */
export async function readHomeState(memory: MemoryStore, owner: string): Promise<HomeState> {
  const [opened, looked, runs] = await Promise.all([memory.list(owner, OPENED), memory.list(owner, LOOKED), memory.list(owner, RUNS)]);
  const times = (items: typeof opened) => new Map(items.filter((i) => typeof i.value === 'string').map((i) => [i.key, i.value as string]));
  return {
    opened: times(opened),
    looked: times(looked),
    runs: new Map(runs.map((i) => [i.key, Array.isArray(i.value) ? (i.value as unknown[]).filter(isRun) : []])),
  };
}

export interface PageRunRecord {
  appId: string;
  pageId: string;
  at: Date;
  run: Omit<KeptRun, 'at'>;
}

/** Keeps one of the person's page runs; a run they made themselves also opens the App and is a look at the page. */
export async function recordPageRun(memory: MemoryStore, owner: string, record: PageRunRecord): Promise<void> {
  const key = `${record.appId}/${record.pageId}`;
  const at = record.at.toISOString();
  const kept = (await readHomeState(memory, owner)).runs.get(key) ?? [];
  const runs = [...kept, { ...record.run, at }].slice(-RUNS_KEPT);
  await memory.set(owner, { kind: RUNS, key, value: runs as unknown as MemoryValue, at });
  if (record.run.scheduled === true) return;
  await memory.set(owner, { kind: OPENED, key: record.appId, value: at, at });
  await memory.set(owner, { kind: LOOKED, key, value: at, at });
}
