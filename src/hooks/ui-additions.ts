/**
 * The host's UI additions (`ui(principal)`), kept to the shapes and limits of spec 02 "ui" and
 * spec 03: a field of the wrong shape is left out and never fails the route.
 * - `links`: `[{ id?, label, href, placement: 'nav' | 'menu', badge?, icon? }]`, 12 per place, in
 *   order; `icon` one of the fixed set (inbox, requests, review, work, health, admin, people, git,
 *   link), another is left out; `badge` a count. (`where` is read as `placement`.)
 * - `answerActions`: `[{ id?, label, url, description?, on?: ['review' | 'unanswered' | 'answered'] }]`,
 *   at most 4; `on` defaults to `['review']` (a single word is read as a list of one; `href` as `url`).
 * - `banner`: `{ text (200 characters), tone: 'info' | 'caution', links?: [{ label, href }] (3) }`;
 * - `environment`: text; `audience`: `'reader'`; `signOutUrl`: a path;
 * - `appNotFound`: `{ message (200 characters), next?: { label, href } }`.
 * Every link must be a same-origin path; an entry with another is left out. Text is plain:
 * control characters are removed.
 */
import { isSameOriginPath } from './shapes.js';

export interface UiLink {
  label: string;
  href: string;
}

/** The icons a host link may name (spec 02). */
export const HOST_ICONS = ['inbox', 'requests', 'review', 'work', 'health', 'admin', 'people', 'git', 'link'] as const;
export type HostIcon = (typeof HOST_ICONS)[number];

export type AnswerPlace = 'review' | 'unanswered' | 'answered';
export type HostLinkEntry = UiLink & { id?: string; badge?: number; icon?: HostIcon };
export interface AnswerAction {
  id?: string;
  label: string;
  url: string;
  description?: string;
  on: AnswerPlace[];
}

export interface HostUiAdditions {
  signOutUrl?: string;
  links?: { nav: HostLinkEntry[]; menu: HostLinkEntry[] };
  answerActions?: AnswerAction[];
  environment?: string;
  banner?: { text: string; tone: 'info' | 'caution'; links: UiLink[] };
  audience?: 'reader';
  appNotFound?: { message: string; next?: UiLink };
}

type Raw = Record<string, unknown>;
const isRaw = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);
// Plain text: C0 and C1 control characters and bidirectional overrides are removed.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Plain text of at most `max` characters, or undefined when there is none. */
export function plainText(v: unknown, max: number): string | undefined {
  if (typeof v !== 'string') return undefined;
  const clean = v.replace(CONTROL, ' ').trim();
  return clean === '' ? undefined : clean.slice(0, max);
}
const text = plainText;

function link(v: unknown): UiLink | undefined {
  if (!isRaw(v) || !isSameOriginPath(v['href'])) return undefined;
  const label = text(v['label'], 80);
  return label === undefined ? undefined : { label, href: v['href'] };
}

const isIcon = (v: unknown): v is HostIcon => typeof v === 'string' && (HOST_ICONS as readonly string[]).includes(v);

/** One host link with its place, or undefined when it has none or is not a same-origin link. */
function placedLink(entry: unknown): { where: 'nav' | 'menu'; link: HostLinkEntry } | undefined {
  const base = link(entry);
  if (base === undefined) return undefined;
  const e = entry as Raw;
  const where = e['placement'] ?? e['where'];
  if (where !== 'nav' && where !== 'menu') return undefined;
  const id = text(e['id'], 80);
  const badge = typeof e['badge'] === 'number' && Number.isInteger(e['badge']) && e['badge'] >= 0 ? e['badge'] : undefined;
  const icon = isIcon(e['icon']) ? e['icon'] : undefined;
  return { where, link: { ...(id !== undefined ? { id } : {}), ...base, ...(badge !== undefined ? { badge } : {}), ...(icon !== undefined ? { icon } : {}) } };
}

function links(v: unknown): HostUiAdditions['links'] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: NonNullable<HostUiAdditions['links']> = { nav: [], menu: [] };
  for (const entry of v) {
    const placed = placedLink(entry);
    if (placed !== undefined && out[placed.where].length < 12) out[placed.where].push(placed.link);
  }
  return out;
}

const PLACES: readonly AnswerPlace[] = ['review', 'unanswered', 'answered'];

/** Where an action applies: a list of known places (a single word is a list of one); undefined when any is unknown. */
function placesOf(v: unknown): AnswerPlace[] | undefined {
  const list = v === undefined ? ['review'] : typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || list.length === 0 || !list.every((p) => PLACES.includes(p as AnswerPlace))) return undefined;
  return [...new Set(list as AnswerPlace[])];
}

function answerAction(entry: unknown): AnswerAction | undefined {
  if (!isRaw(entry)) return undefined;
  const url = entry['url'] ?? entry['href'];
  const label = text(entry['label'], 80);
  const on = placesOf(entry['on']);
  if (!isSameOriginPath(url) || label === undefined || on === undefined) return undefined;
  const id = text(entry['id'], 80);
  const description = text(entry['description'], 200);
  return { ...(id !== undefined ? { id } : {}), label, url, ...(description !== undefined ? { description } : {}), on };
}

function answerActions(v: unknown): HostUiAdditions['answerActions'] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v
    .map(answerAction)
    .filter((a): a is AnswerAction => a !== undefined)
    .slice(0, 4);
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
