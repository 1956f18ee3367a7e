/**
 * App state that lives outside the App's files: whether an App draft revision is pending and
 * which review items are open. The App builder keeps it in the git-ignored local store,
 * `.svc/local/apps/<app-id>.json`:
 *
 *   { "draftPending": true, "openReviews": [{ "page": "overview", "tile": "revenue" }] }
 *
 * No file means no pending draft and no open review. An unreadable file fails closed: it
 * counts as a pending draft, since what it would say cannot be checked.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tileKey } from '../../rules/app-check/index.js';

export interface AppLocalState {
  draftPending: boolean;
  /** Open review items per `<page>/<tile>`. */
  openReviews: Map<string, number>;
}

export function appStatePath(appId: string): string {
  return `.svc/local/apps/${appId}.json`;
}

function reviewsOf(value: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (!Array.isArray(value)) return out;
  for (const item of value) {
    if (item === null || typeof item !== 'object') continue;
    const { page, tile, status } = item as Record<string, unknown>;
    if (typeof page !== 'string' || typeof tile !== 'string' || (status !== undefined && status !== 'open')) continue;
    const key = tileKey(page, tile);
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** Reads the App's local state from the project at `root`. */
export function readAppState(root: string, appId: string): AppLocalState {
  let text: string;
  try {
    text = readFileSync(join(root, appStatePath(appId)), 'utf8');
  } catch {
    return { draftPending: false, openReviews: new Map() };
  }
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    return { draftPending: data['draftPending'] === true, openReviews: reviewsOf(data['openReviews']) };
  } catch {
    return { draftPending: true, openReviews: new Map() };
  }
}
