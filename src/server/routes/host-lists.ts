/**
 * The host's lists for the app (spec 02 `homeCards`, `directoryGroups`):
 * - GET /api/host/home-cards: at most 8 cards `{ id?, title, text?, href?, items }`, each with at
 *   most 8 items `{ label, status?, href? }` (plain text; links same-origin paths), asked only
 *   when Home opens; none when the hook fails or takes over 5 seconds.
 * - GET /api/host/groups: the directory groups an author may pick, `{ groups, available }`;
 *   when the hook fails `available` is false and no group may be saved (an author types none).
 * Without a host, or without the hook, no cards and no directory.
 */

import type { FastifyPluginAsync } from 'fastify';
import { callHook } from '../../hooks/call-hook.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { isSameOriginPath } from '../../hooks/shapes.js';
import { plainText } from '../../hooks/ui-additions.js';
import { GROUPS_ROUTE, type Groups, HOME_CARDS_ROUTE, type HomeCards } from '../contract/host.js';
import type { RouteOptions } from '../deps.js';

const HOME_CARDS_MS = 5_000;
const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const textOf = plainText;

type Card = HomeCards['cards'][number];

/** A card's item: plain text with a status and a same-origin link (a foreign link is left off). */
function item(v: unknown): Card['items'][number] | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const raw = v as Record<string, unknown>;
  const label = textOf(raw['label'] ?? raw['text'], 200);
  if (label === undefined) return undefined;
  const status = textOf(raw['status'], 40);
  return { label, ...(status !== undefined ? { status } : {}), ...(isSameOriginPath(raw['href']) ? { href: raw['href'] } : {}) };
}

function card(v: unknown): Card | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const raw = v as Record<string, unknown>;
  const title = textOf(raw['title'], 120);
  if (title === undefined) return undefined;
  const id = textOf(raw['id'], 80);
  const text = textOf(raw['text'], 400);
  const items = (Array.isArray(raw['items']) ? raw['items'] : [])
    .map(item)
    .filter((i) => i !== undefined)
    .slice(0, 8);
  return {
    ...(id !== undefined ? { id } : {}),
    title,
    ...(text !== undefined ? { text } : {}),
    ...(isSameOriginPath(raw['href']) ? { href: raw['href'] } : {}),
    items,
  };
}

function group(v: unknown): { id: string; name: string } | undefined {
  if (typeof v === 'string' && v.trim() !== '') return { id: v.slice(0, 200), name: v.slice(0, 200) };
  if (v === null || typeof v !== 'object') return undefined;
  const id = textOf((v as Record<string, unknown>)['id'], 200);
  return id === undefined ? undefined : { id, name: textOf((v as Record<string, unknown>)['name'], 200) ?? id };
}

/** Asks `name(principal)` of the asker's host; undefined without the hook, the principal or an answer list. */
async function askList(context: Asker, name: 'homeCards' | 'directoryGroups', timeoutMs?: number): Promise<unknown[] | undefined> {
  const host = context?.host;
  const hook = host?.hooks[name];
  if (host === undefined || hook === undefined || context?.principal === undefined) return undefined;
  const principal = context.principal;
  const outcome = await callHook({
    name,
    invoke: () => hook.call(host.hooks, principal),
    accept: isList,
    timeoutMs: timeoutMs ?? host.timeoutMs,
    log: host.log,
  });
  return outcome.kind === 'ok' ? outcome.value : undefined;
}

export const hostListsRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  app.get<{ Reply: HomeCards }>('/api/host/home-cards', { schema: HOME_CARDS_ROUTE }, async (request) => {
    const listed = await askList(request.asker, 'homeCards', Math.min(HOME_CARDS_MS, request.asker?.host?.timeoutMs ?? HOME_CARDS_MS));
    return {
      cards: (listed ?? [])
        .map(card)
        .filter((c) => c !== undefined)
        .slice(0, 8),
    };
  });
  app.get<{ Reply: Groups }>('/api/host/groups', { schema: GROUPS_ROUTE }, async (request) => {
    const hasHook = request.asker?.host?.hooks.directoryGroups !== undefined;
    const listed = hasHook ? await askList(request.asker, 'directoryGroups') : undefined;
    return { available: listed !== undefined, groups: (listed ?? []).map(group).filter((g) => g !== undefined) };
  });
};
