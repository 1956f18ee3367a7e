/**
 * Figure withholding (spec 03 "Answers, figures and sources" 1; spec 02 `answerFigures`): for a
 * person the host withholds from, an Ask answer that needs review keeps its trust, SQL, sources,
 * tables, column names and row count, and loses every value: rows and written text. The run is
 * stored in that form from the first write (answer facts, thread) and the decision is taken
 * again on every read. Certified answers and refusals are unchanged.
 *
 * Without a host, or a host without the hook, figures are shown; with the hook only a clear
 * `show` shows: a throw, a time-out or any other answer withholds.
 */
import { askHost } from './ask-host.js';
import type { Asker } from './context/request-context.js';

/** The hook's answers. */
export type AnswerFigures = 'show' | 'withhold_review';

const isText = (v: unknown): v is string => typeof v === 'string';

/** Whether the asker is shown the figures of answers that need review. */
export async function reviewFiguresShown(asker: Asker): Promise<boolean> {
  const answer = await askHost(asker, 'answerFigures', [], isText);
  return answer.kind === 'absent' || (answer.kind === 'ok' && answer.value === 'show');
}

/** Whether an answer of `trust` loses its figures for a person who is not shown them. */
export function figuresAtStake(trust: string): boolean {
  return trust === 'review_required';
}

/** The fields of an answer that carry values; what a withheld answer is without. */
export interface FigureFields {
  rows: Array<Record<string, unknown>>;
  answer?: { heading: string; text: string };
}

/** `run` without its values, marked `figuresWithheld`; everything else (trust, SQL, columns, row count) kept. */
export function withoutFigures<T extends FigureFields>(run: T): Omit<T, 'answer'> & { figuresWithheld: true } {
  const { answer: _words, ...rest } = run;
  return { ...rest, rows: [], figuresWithheld: true };
}
