/**
 * The knowledge loop of one Ask (spec 03 "Knowledge sources" 3 and 4): after a governed answer,
 * at most three calls in all (`search_knowledge`, then `fetch_knowledge_page`), each through the
 * host's tool gate as the asking person and each told to the audit sink (never the words
 * searched for or a document's text). A page is fetched only when a search in this answer
 * returned it. What comes back is context only: a note with every sentence stating a figure
 * removed, and the pages read as citations; the answer's trust, status and sources stay the
 * governed answer's alone.
 */

import { audit } from '../../hooks/audit.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { gateToolCall, ToolRefusedError } from '../../hooks/tool-call-hook.js';
import { type KnowledgeClient, type KnowledgeHit, type KnowledgePage, KnowledgeServerRefused, openKnowledgeClient } from './knowledge-client.js';
import type { KnowledgePlan } from './knowledge-plan.js';
import type { KnowledgeServer, LeftOut } from './servers.js';

/** Calls per Ask, searches and fetches together (spec 03 limits). */
export const KNOWLEDGE_CALLS = 3;
const PAGES = 2;
const NOTE_CHARS = 600;

export interface Citation {
  sourceId: string;
  source: string;
  pageId: string;
  title: string;
  url?: string;
}

export interface KnowledgeContext {
  note?: string;
  citations: Citation[];
  contextOnly: true;
}

/** A story step the run shows beside its answer. */
export interface KnowledgeStep {
  kind: 'knowledge' | 'documents_not_read';
  title: string;
  detail: string;
}

/** `text` without any sentence that states a figure (a digit anywhere in it). */
export function withoutFigureSentences(text: string): string {
  const sentences = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+/);
  return sentences.filter((s) => s !== '' && !/\d/.test(s)).join(' ');
}

interface Found {
  server: KnowledgeServer;
  client: KnowledgeClient;
  hit: KnowledgeHit;
}

/** The Ask a knowledge read belongs to: who asks (their host's gate and audit decide) and its run. */
interface Turn {
  asker: Asker;
  runId: string;
}

function told(
  turn: Turn,
  server: KnowledgeServer,
  operation: 'search' | 'fetch',
  outcome: 'ok' | 'error' | 'refused',
  resultCount: number,
  page?: KnowledgeHit,
): void {
  audit(
    'knowledge',
    {
      runId: turn.runId,
      sourceId: server.id,
      operation,
      outcome,
      resultCount,
      ...(page !== undefined ? { pageId: page.id, ...(page.url !== undefined ? { link: page.url } : {}) } : {}),
    },
    turn.asker,
  );
}

const outcomeOf = (error: unknown): 'refused' | 'error' => (error instanceof ToolRefusedError ? 'refused' : 'error');

/** Searches the plan's servers while calls remain, keeping one for a fetch once something is found. */
async function searchAll(
  question: string,
  plan: KnowledgePlan,
  turn: Turn,
  state: { left: number; clients: KnowledgeClient[]; notRead: LeftOut[] },
  open: (s: KnowledgeServer) => Promise<KnowledgeClient>,
): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  for (const server of plan.servers) {
    if (state.left === 0 || (state.left === 1 && found.size > 0)) break;
    let client: KnowledgeClient;
    try {
      client = await open(server);
      state.clients.push(client);
    } catch (error) {
      state.notRead.push({ id: server.id, label: server.label, reason: error instanceof KnowledgeServerRefused ? error.reason : 'it could not be reached' });
      continue;
    }
    state.left -= 1;
    try {
      const hits = await gateToolCall(turn.asker, 'search_knowledge', { source: server.id, query: question }, () => client.search(question));
      told(turn, server, 'search', 'ok', hits.length);
      for (const hit of hits) if (!found.has(`${server.id}\u0000${hit.id}`)) found.set(`${server.id}\u0000${hit.id}`, { server, client, hit });
    } catch (error) {
      told(turn, server, 'search', outcomeOf(error), 0);
    }
  }
  return found;
}

/** Reads a page only when this answer's search returned it. */
async function fetchFound(found: Map<string, Found>, key: string, turn: Turn): Promise<KnowledgePage | undefined> {
  const entry = found.get(key);
  if (entry === undefined) return undefined;
  try {
    const page = await gateToolCall(turn.asker, 'fetch_knowledge_page', { source: entry.server.id, pageId: entry.hit.id }, () =>
      entry.client.fetch(entry.hit.id),
    );
    told(turn, entry.server, 'fetch', 'ok', 1, { ...entry.hit, ...(page.url !== undefined ? { url: page.url } : {}) });
    return page;
  } catch (error) {
    told(turn, entry.server, 'fetch', outcomeOf(error), 0, entry.hit);
    return undefined;
  }
}

function stepsOf(citations: Citation[], notRead: LeftOut[]): KnowledgeStep[] {
  const steps: KnowledgeStep[] = [];
  if (citations.length > 0) {
    const sources = [...new Set(citations.map((c) => c.source))].join(', ');
    steps.push({
      kind: 'knowledge',
      title: 'Team documents',
      detail: `Read ${citations.length} page${citations.length === 1 ? '' : 's'} from ${sources} as context; the answer, its trust and its sources come from the governed answer alone.`,
    });
  }
  if (notRead.length > 0)
    steps.push({ kind: 'documents_not_read', title: 'Team documents not read', detail: notRead.map((s) => `${s.label}: ${s.reason}`).join('; ') });
  return steps;
}

/** Runs the loop for `question`; `open` connects to a server (tests give their own). */
export async function readKnowledge(
  asker: Asker,
  question: string,
  plan: KnowledgePlan,
  runId: string,
  open: (s: KnowledgeServer) => Promise<KnowledgeClient> = openKnowledgeClient,
): Promise<{ knowledge?: KnowledgeContext; steps: KnowledgeStep[] }> {
  const state = { left: KNOWLEDGE_CALLS, clients: [] as KnowledgeClient[], notRead: [...plan.notRead] };
  const citations: Citation[] = [];
  const notes: string[] = [];
  try {
    const turn: Turn = { asker, runId };
    const found = await searchAll(question, plan, turn, state, open);
    for (const key of found.keys()) {
      if (state.left === 0 || citations.length === PAGES) break;
      state.left -= 1;
      const page = await fetchFound(found, key, turn);
      const entry = found.get(key);
      if (page === undefined || entry === undefined) continue;
      citations.push({
        sourceId: entry.server.id,
        source: entry.server.label,
        pageId: page.id,
        title: page.title,
        ...(page.url !== undefined ? { url: page.url } : {}),
      });
      const note = withoutFigureSentences(page.text);
      if (note !== '') notes.push(note);
    }
  } finally {
    await Promise.all(state.clients.map((c) => c.close().catch(() => undefined)));
  }
  const note = notes.join(' ').slice(0, NOTE_CHARS).trim();
  const knowledge: KnowledgeContext | undefined = citations.length > 0 ? { ...(note !== '' ? { note } : {}), citations, contextOnly: true } : undefined;
  return { ...(knowledge !== undefined ? { knowledge } : {}), steps: stepsOf(citations, state.notRead) };
}
