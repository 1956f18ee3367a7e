/**
 * An App's audience groups (spec 03 "Audience groups": `audienceGroups` in `svc.app.json`,
 * identity-provider group names, with an optional note `audienceText`). Read from the App's own
 * file at each decision, so a change made by `PUT /api/apps/:app/audience` holds at once; kept
 * per file and modification time, so reading it costs a stat. Without a host the groups are a
 * note that carries over; with one they decide who opens the App (src/hooks/app-access.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { atomicWrite } from '../../compiler/write-file.js';

export interface AppAudience {
  groups: string[];
  text?: string;
}

const known = new Map<string, { mtimeMs: number; audience: AppAudience }>();

const asGroups = (value: unknown): string[] => (Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string' && g !== '') : []);

/** The audience `svc.app.json` at `file` (project-relative) declares; none when it cannot be read. */
export function readAppAudience(root: string, file: string): AppAudience {
  const path = join(root, file);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(path).mtimeMs;
  } catch {
    return { groups: [] };
  }
  const kept = known.get(path);
  if (kept !== undefined && kept.mtimeMs === mtimeMs) return kept.audience;
  let doc: Record<string, unknown> = {};
  try {
    doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    // An unreadable file is the compiler's to report; it declares no audience here.
  }
  const text = typeof doc['audienceText'] === 'string' ? doc['audienceText'] : undefined;
  const audience: AppAudience = { groups: asGroups(doc['audienceGroups']), ...(text !== undefined ? { text } : {}) };
  known.set(path, { mtimeMs, audience });
  return audience;
}

/** Writes the audience into the App's `svc.app.json`, keeping every other field as it was. */
export function writeAppAudience(root: string, file: string, audience: AppAudience): AppAudience {
  const path = join(root, file);
  const doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  doc['audienceGroups'] = [...new Set(audience.groups)];
  if (audience.text !== undefined) doc['audienceText'] = audience.text;
  else delete doc['audienceText'];
  atomicWrite(path, `${JSON.stringify(doc, null, 2)}\n`);
  known.delete(path);
  return readAppAudience(root, file);
}
