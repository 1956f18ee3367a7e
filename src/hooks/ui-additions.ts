/**
 * The host's UI additions (`ui(principal)`), kept to spec 03's shapes and limits: a field of
 * the wrong shape is left out and never fails the route. Shapes svc accepts (spec 03 leaves the
 * exact fields open; these are documented in the README):
 * - `links`: `[{ label, href, where: 'nav' | 'menu', badge?, icon? }]`, 12 per place, in order;
 * - `answerActions`: `[{ label, href, on?: 'review' | 'unanswered' | 'answered' }]`, at most 4;
 * - `banner`: `{ text (200 characters), tone: 'info' | 'caution', links?: [{ label, href }] (3) }`;
 * - `environment`: text; `audience`: `'reader'`; `signOutUrl`: a path;
 * - `appNotFound`: `{ message (200 characters), next?: { label, href } }`.
 * Every href must be a same-origin path; an entry with another is left out.
 */
import { isSameOriginPath } from './shapes.js';

export interface UiLink {
  label: string;
  href: string;
}

export interface HostUiAdditions {
  signOutUrl?: string;
  links?: { nav: Array<UiLink & { badge?: number; icon?: string }>; menu: Array<UiLink & { badge?: number; icon?: string }> };
  answerActions?: Array<UiLink & { on: 'review' | 'unanswered' | 'answered' }>;
  environment?: string;
  banner?: { text: string; tone: 'info' | 'caution'; links: UiLink[] };
  audience?: 'reader';
  appNotFound?: { message: string; next?: UiLink };
}

type Raw = Record<string, unknown>;
const isRaw = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.slice(0, max) : undefined);

function link(v: unknown): UiLink | undefined {
  if (!isRaw(v) || !isSameOriginPath(v['href'])) return undefined;
  const label = text(v['label'], 80);
  return label === undefined ? undefined : { label, href: v['href'] };
}

function links(v: unknown): HostUiAdditions['links'] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: NonNullable<HostUiAdditions['links']> = { nav: [], menu: [] };
  for (const entry of v) {
    const base = link(entry);
    const where = isRaw(entry) ? entry['where'] : undefined;
    if (base === undefined || (where !== 'nav' && where !== 'menu') || out[where].length >= 12) continue;
    const e = entry as Raw;
    const badge = typeof e['badge'] === 'number' && Number.isInteger(e['badge']) && e['badge'] >= 0 ? e['badge'] : undefined;
    const icon = text(e['icon'], 40);
    out[where].push({ ...base, ...(badge !== undefined ? { badge } : {}), ...(icon !== undefined ? { icon } : {}) });
  }
  return out;
}

function answerActions(v: unknown): HostUiAdditions['answerActions'] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: NonNullable<HostUiAdditions['answerActions']> = [];
  for (const entry of v) {
    const base = link(entry);
    const on = isRaw(entry) ? (entry['on'] ?? 'review') : undefined;
    if (base !== undefined && (on === 'review' || on === 'unanswered' || on === 'answered') && out.length < 4) out.push({ ...base, on });
  }
  return out;
}

function banner(v: unknown): HostUiAdditions['banner'] | undefined {
  if (!isRaw(v)) return undefined;
  const body = text(v['text'], 200);
  const tone = v['tone'] ?? 'info';
  if (body === undefined || (tone !== 'info' && tone !== 'caution')) return undefined;
  const list = Array.isArray(v['links'])
    ? v['links']
        .map(link)
        .filter((l): l is UiLink => l !== undefined)
        .slice(0, 3)
    : [];
  return { text: body, tone, links: list };
}

function appNotFound(v: unknown): HostUiAdditions['appNotFound'] | undefined {
  if (!isRaw(v)) return undefined;
  const message = text(v['message'], 200);
  if (message === undefined) return undefined;
  const next = link(v['next']);
  return { message, ...(next !== undefined ? { next } : {}) };
}

/** The additions with every wrong-shaped field left out. */
export function sanitiseUi(raw: unknown): HostUiAdditions {
  if (!isRaw(raw)) return {};
  const parts: HostUiAdditions = {
    ...(isSameOriginPath(raw['signOutUrl']) ? { signOutUrl: raw['signOutUrl'] } : {}),
    ...(raw['audience'] === 'reader' ? { audience: 'reader' as const } : {}),
  };
  const environment = text(raw['environment'], 40);
  const fields = {
    links: links(raw['links']),
    answerActions: answerActions(raw['answerActions']),
    environment,
    banner: banner(raw['banner']),
    appNotFound: appNotFound(raw['appNotFound']),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (parts as Raw)[key] = value;
  return parts;
}
