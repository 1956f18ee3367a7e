/**
 * The written answer of an Ask run: a heading that says where the answer came from and a few
 * plain sentences written from the run itself, never by a model (so the words cannot claim
 * more than the run holds). `audience` (spec 02) chooses who it is written for: a stakeholder
 * reads the figures in words; an analyst also reads the block, its parameters and the SQL's
 * origin.
 *
 * Headings: `Certified answer` (a certified block gave it), `Governed answer` (a certified
 * business term's definition or a certified view's contents: governed words, not a block's figures), `Needs review` (SQL written
 * for the question) and `No answer` (refused). A needs-review answer's words carry its values, so
 * they go with its rows when figures are withheld (host/answer-figures.ts).
 */
import type { Audience } from '../../hooks/audience.js';
import type { AskRun } from './types.js';

/** Headings, in one place: the web app and hosts match on them. */
export const ANSWER_HEADINGS = { certified: 'Certified answer', governed: 'Governed answer', review: 'Needs review', refused: 'No answer' } as const;

const CELLS = 4;
// One formatter each, made once: toLocaleString builds a new one on every call.
const WHOLE = new Intl.NumberFormat('en-US');
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/**
 * Numbers as last written, by value (-0 apart, which writes as -0): an answer asked again writes
 * the same few figures, and a formatter call costs far more than a lookup. Bounded, oldest out.
 */
const written = new Map<number, string>();
const WRITTEN_KEPT = 4096;

function numberText(value: number): string {
  if (Object.is(value, -0)) return WHOLE.format(value);
  const known = written.get(value);
  if (known !== undefined) return known;
  const text = Number.isInteger(value) ? WHOLE.format(value) : DECIMAL.format(value);
  if (written.size >= WRITTEN_KEPT) written.delete(written.keys().next().value as number);
  written.set(value, text);
  return text;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (typeof value === 'number') return numberText(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** "3 rows; the first: state CA, revenue 12,345." */
function figures(run: AskRun): string {
  const count = `${numberText(run.rowCount)} row${run.rowCount === 1 ? '' : 's'}${run.truncated ? ' (more not shown)' : ''}`;
  const first = run.rows[0];
  if (first === undefined) return `${count}.`;
  const cells = run.columns.slice(0, CELLS).map((c) => `${c} ${cellText(first[c])}`);
  const more = run.columns.length > CELLS ? ', …' : '';
  return `${count}; ${run.rowCount === 1 ? 'it reads' : 'the first'}: ${cells.join(', ')}${more}.`;
}

function certifiedText(run: AskRun, audience: Audience): string {
  const text = figures(run);
  if (audience === 'stakeholder') return text;
  // Every value the block ran with: the defaults define the period and filters as much as the question's values.
  const params =
    run.paramsApplied !== undefined
      ? run.paramsApplied.map((p) => `${p.name} = ${String(p.value)}${p.default ? ' (default)' : ''}`)
      : Object.entries(run.params ?? {}).map(([k, v]) => `${k} = ${String(v)}`);
  return `${text} From certified block ${run.block ?? ''}${run.contract !== undefined ? ` (contract ${run.contract})` : ''}${params.length > 0 ? ` with ${params.join(', ')}` : ''}${keptText(run)}.`;
}

/** Which of the block's rows the answer shows, when it shows some: its period, its asked values. */
function keptText(run: AskRun): string {
  const parts = [
    ...(run.within !== undefined ? [`${run.within.column} ${run.within.start !== undefined ? `from ${run.within.start} ` : ''}before ${run.within.end}`] : []),
    ...(run.keep ?? []).map((k) => `${k.column} ${k.values.join(' or ')}`),
  ];
  return parts.length > 0 ? `, rows of ${parts.join(' and ')}` : '';
}

function reviewText(run: AskRun, audience: Audience): string {
  const text = `${figures(run)} No certified block answers this question; the SQL was written for it and has not been reviewed.`;
  if (audience === 'stakeholder') return text;
  return `${text}${run.reviewDraft !== undefined ? ` It is saved as draft ${run.reviewDraft.path} for review.` : ''}`;
}

/** What a certified view is for and which of its blocks answer: "revenue reporting: ... Its blocks: a, b." */
function viewText(view: NonNullable<AskRun['view']>): string {
  const blocks =
    view.blocks.length > 0 ? ` Its certified blocks: ${view.blocks.map((b) => b.id).join(', ')}.` : ' None of its blocks answers as certified now.';
  return `${view.name}: ${view.description}${blocks}`;
}

/** The heading and text of `run` for `audience`. */
export function answerWords(run: AskRun, audience: Audience): { heading: string; text: string } {
  if (run.definition !== undefined) return { heading: ANSWER_HEADINGS.governed, text: `${run.definition.name}: ${run.definition.definition}` };
  if (run.view !== undefined) return { heading: ANSWER_HEADINGS.governed, text: viewText(run.view) };
  if (run.trust === 'certified') return { heading: ANSWER_HEADINGS.certified, text: certifiedText(run, audience) };
  if (run.trust === 'review_required') return { heading: ANSWER_HEADINGS.review, text: reviewText(run, audience) };
  const next = run.next !== undefined ? ` ${run.next}` : '';
  return { heading: ANSWER_HEADINGS.refused, text: `${run.refusal?.reason ?? 'This question could not be answered.'}${next}` };
}
