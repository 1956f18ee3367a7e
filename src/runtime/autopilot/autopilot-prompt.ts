/**
 * The Autopilot's provider prompt (spec 01 App Autopilot rules 2 and 5): the bounded intents
 * with their shapes, the person's request, an outline of the saved draft (ids, titles, kinds,
 * each tile's source fields and parameter names, the filters), the target, the candidate sources
 * a new tile or a drill may use, and at most one piece of evidence: a bounded governed summary
 * (safe-summary.ts) or a failed tile's diagnostic with every quoted literal masked. Never SQL,
 * never result rows, never anything the browser sent but opaque ids and the request's words;
 * whether the summary carries values was decided before it was built (run-autopilot.ts).
 */
import type { ChatMessage } from '../agent-runs/model-provider.js';
import type { CandidateCard } from '../app-builder/candidate-cards.js';
import type { SafeSummary } from './safe-summary.js';

export interface DraftOutline {
  title: string;
  pages: Array<{
    id: string;
    title: string;
    tiles: Array<{ id: string; title: string; kind: string; sourceId?: string; groupBy?: string; fields?: string[]; parameters?: string[] }>;
    filters: Array<{ id: string; bindings: Record<string, string> }>;
  }>;
}

export interface PromptInput {
  request: string;
  outline: DraftOutline;
  target: { pageId?: string; tileId?: string };
  candidates: CandidateCard[];
  summary?: SafeSummary;
  /** A failed tile's diagnostic, already masked and bounded. */
  diagnostic?: string;
}

const INSTRUCTIONS = [
  'You are the App Autopilot of svc, editing one saved App draft.',
  'Answer with exactly one JSON object, one of these intents, and nothing else:',
  '{"intent":"change_visualization","pageId","tileId","kind":"table"|"chart"|"kpi"}',
  '{"intent":"change_grouping","pageId","tileId","field"}',
  '{"intent":"add_page","title"} | {"intent":"remove_page","pageId"}',
  '{"intent":"add_tile","pageId","sourceId","kind"?,"title"?} | {"intent":"remove_tile","pageId","tileId"}',
  '{"intent":"map_filter","pageId","filterId","tileId","parameter"}',
  '{"intent":"cross_filter","pageId","fromTileId","field","targets":{"<tileId>":"<parameter>"}}',
  '{"intent":"navigation","pageId","tileId","toPageId"}',
  '{"intent":"detail_drill","pageId","tileId","sourceId","parameter"}',
  '{"intent":"arrange_layout","pageId","order":["<tileId>", ...]}',
  '{"intent":"explain","answer"} | {"intent":"repair_guidance","pageId","tileId","guidance"}',
  'Use only ids from the draft outline and source ids from the candidates. Never write SQL or rows.',
  'Explain results only from the evidence given; without evidence, say what the draft is built to show.',
].join('\n');

/** Masks quoted literals of a failure message and bounds it. */
export function maskedDiagnostic(message: string): string {
  return message
    .replace(/'(?:[^']|'')*'|"(?:[^"\\]|\\.)*"/g, '[value]')
    .replace(/\b\d[\d.,]*\b/g, '[n]')
    .slice(0, 300);
}

export function autopilotMessages(input: PromptInput): ChatMessage[] {
  const parts = [
    `Request: ${input.request}`,
    `Target: ${JSON.stringify(input.target)}`,
    `Draft outline:\n${JSON.stringify(input.outline)}`,
    `Candidate sources:\n${JSON.stringify(input.candidates)}`,
  ];
  if (input.summary !== undefined) parts.push(`Governed summary of the target tile's settled preview:\n${JSON.stringify(input.summary)}`);
  if (input.diagnostic !== undefined) parts.push(`The target tile's settled preview failed: ${input.diagnostic}`);
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
