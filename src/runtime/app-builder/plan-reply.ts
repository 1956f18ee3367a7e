/**
 * Reading a planner's reply (spec 01 Build with AI rule 3): one JSON object, optionally inside
 * a fenced block, of the shape
 *
 *   { "title": "...", "pages": [{ "title": "...", "tiles": [{ "sourceId": "...", "title": "...", "kind": "chart" }] }],
 *     "clarifications": ["..."] }
 *
 * Anything else, and any source id that was not among the candidate cards sent, is
 * APP_BUILD_PLANNER_MALFORMED: the reply is refused whole, never repaired or partly used.
 */
import { BuildError } from './build-error.js';

export interface PlannedTile {
  sourceId: string;
  title?: string;
  kind?: string;
}

export interface Plan {
  title: string;
  pages: Array<{ title: string; tiles: PlannedTile[] }>;
  clarifications: string[];
}

const KINDS = new Set(['table', 'chart', 'kpi']);
const MAX_PAGES = 8;
const MAX_TILES = 24;

const malformed = (why: string, extra: Record<string, unknown> = {}) =>
  new BuildError('APP_BUILD_PLANNER_MALFORMED', `The planner's answer cannot be used: ${why}. The draft is unchanged.`, extra);

function jsonOf(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(reply);
  try {
    return JSON.parse((fenced?.[1] ?? reply).trim());
  } catch {
    throw malformed('it is not JSON');
  }
}

const isText = (v: unknown, max = 200): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max;

function tileOf(value: unknown, supplied: ReadonlySet<string>): PlannedTile {
  const t = (value ?? {}) as Record<string, unknown>;
  if (!isText(t['sourceId'], 600)) throw malformed('a tile names no sourceId');
  if (!supplied.has(t['sourceId']))
    throw malformed(`it names the source ${t['sourceId']}, which was not among the candidates sent`, { sourceId: t['sourceId'] });
  if (t['kind'] !== undefined && !(typeof t['kind'] === 'string' && KINDS.has(t['kind']))) throw malformed('a tile kind is not table, chart or kpi');
  if (t['title'] !== undefined && !isText(t['title'])) throw malformed('a tile title is not text');
  return {
    sourceId: t['sourceId'],
    ...(typeof t['title'] === 'string' ? { title: t['title'] } : {}),
    ...(typeof t['kind'] === 'string' ? { kind: t['kind'] } : {}),
  };
}

function pagesOf(value: unknown, supplied: ReadonlySet<string>): Plan['pages'] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PAGES) throw malformed(`pages is not a list of 1 to ${MAX_PAGES}`);
  const pages = value.map((p) => {
    const page = (p ?? {}) as Record<string, unknown>;
    if (!isText(page['title'])) throw malformed('a page has no title');
    if (!Array.isArray(page['tiles'])) throw malformed('a page has no tiles list');
    return { title: page['title'], tiles: page['tiles'].map((t) => tileOf(t, supplied)) };
  });
  if (pages.reduce((n, p) => n + p.tiles.length, 0) > MAX_TILES) throw malformed(`it proposes more than ${MAX_TILES} tiles`);
  return pages;
}

/** The plan in `reply`, every source id among `supplied`; throws APP_BUILD_PLANNER_MALFORMED. */
export function readPlan(reply: string, supplied: ReadonlySet<string>): Plan {
  const body = jsonOf(reply);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw malformed('it is not one JSON object');
  const b = body as Record<string, unknown>;
  if (!isText(b['title'])) throw malformed('it has no title');
  const clarifications = b['clarifications'] ?? [];
  if (!Array.isArray(clarifications) || !clarifications.every((c) => isText(c, 500))) throw malformed('clarifications is not a list of questions');
  return { title: b['title'], pages: pagesOf(b['pages'], supplied), clarifications };
}
