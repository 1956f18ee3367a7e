/**
 * The host's review status of answers (spec 02 `answerStatus`, spec 03 "Answer status"): asked
 * with the person and their own run ids, it answers a map from run id to a status. Only
 * well-formed statuses pass: a known state, a label, an optional detail and a same-origin page;
 * any other entry, an id that was not asked about, or a failing hook gives no status beside
 * that answer (never a guessed one).
 */
import { askHost } from './ask-host.js';
import type { Asker } from './context/request-context.js';
import { isSameOriginPath } from './shapes.js';

export const ANSWER_STATES = ['requested', 'in_progress', 'checked', 'certified', 'declined'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];

export interface AnswerStatus {
  state: AnswerState;
  label: string;
  detail?: string;
  href: string;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const plain = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max && !/[\u0000-\u001f\u007f<>]/.test(v);

/** The status an entry states, or undefined when it is not well formed. */
export function wellFormedStatus(v: unknown): AnswerStatus | undefined {
  if (!isMap(v) || !ANSWER_STATES.includes(v['state'] as AnswerState) || !plain(v['label'], 80) || !isSameOriginPath(v['href'])) return undefined;
  if (v['detail'] !== undefined && !plain(v['detail'], 400)) return undefined;
  return { state: v['state'] as AnswerState, label: v['label'], href: v['href'], ...(v['detail'] !== undefined ? { detail: v['detail'] as string } : {}) };
}

/** The statuses of `runIds` (the person's own) as the host states them; `available` false when the hook failed. */
export async function answerStatuses(asker: Asker, runIds: string[]): Promise<{ available: boolean; statuses: Record<string, AnswerStatus> }> {
  if (runIds.length === 0) return { available: true, statuses: {} };
  const answer = await askHost(asker, 'answerStatus', [[...runIds]], isMap);
  if (answer.kind === 'absent') return { available: true, statuses: {} };
  if (answer.kind !== 'ok') return { available: false, statuses: {} };
  const statuses: Record<string, AnswerStatus> = {};
  for (const id of runIds) {
    const status = Object.hasOwn(answer.value, id) ? wellFormedStatus(answer.value[id]) : undefined;
    if (status !== undefined) statuses[id] = status;
  }
  return { available: true, statuses };
}
