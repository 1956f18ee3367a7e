/**
 * Shared setup of the App Builder tests: a commerce copy (with its warehouse) served by the
 * local server on loopback, the loopback fake model as its planner when asked, and JSON calls
 * over real HTTP.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalServer } from '../../../src/index.js';
import { BUILDS_DIR } from '../../../src/runtime/app-builder/index.js';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { error?: { code: string; message: string; blockers?: Array<{ rule: string; message: string; tile?: string }> } };
}

export async function call<T = Record<string, unknown>>(server: LocalServer, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const init: RequestInit = { method, ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) };
  const response = await fetch(`${server.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

/** The revision files of build `id`, by name. */
export function revisionFiles(root: string, id: string): string[] {
  try {
    return readdirSync(join(root, BUILDS_DIR, id, 'revisions')).sort();
  } catch {
    return [];
  }
}

export const WEEKLY = 'domains/finance/blocks/weekly_revenue.svc#weekly_revenue';
export const CHANNELS = 'domains/sales/blocks/channel_mix.svc#channel_mix';
export const TOP_STATES = 'domains/sales/blocks/top_states_by_revenue.svc#top_states_by_revenue';
export const DRAFT_SOURCE = 'domains/sales/blocks/_drafts/orders_by_state.svc#orders_by_state';
