/**
 * A question a certified block would answer but for a value nobody holds: "marine claims by
 * cause" when the lines are motor, home and commercial, "AOV in Puerto Rico", "on-time delivery
 * for Acme Widgets by month". Words no block knows would otherwise sink the question below the
 * threshold and hand it to written SQL, which answers a value the data lacks with nothing. Here
 * the unknown words are read as the value of the one string parameter a fitting certified block
 * takes, and the block says it does not hold it (VALUE_NOT_ACCEPTED), with the values it does.
 *
 * Only a refusal comes out of this step, never an answer: no reading here can put a certified
 * label on anything. The words count as a value only where the question puts a value: after
 * "for", "in", "at" or "from", or bare where the block's own examples put one bare ("Home claims
 * by cause"). Words that change what is measured (a median, a forecast, a net figure) are never
 * read as a value: that question is another measure, not a missing row.
 */

import type { CompiledBlock, CompiledParam } from '../compiler/types.js';
import type { Unmet } from './bind-question.js';
import { paramForField } from './block-facts.js';
import type { QuestionAsks } from './question-asks.js';
import { valueNotAccepted } from './refusals.js';
import { type Asked, asksOf, type Fit, fitOf, MATCH_THRESHOLD, type Prepared, refused } from './route-core.js';
import type { Scored } from './route-score.js';
import { isNeutralWord, isNumberWord, type WordSpan, words } from './tokens.js';
import type { RouteOptions, Tier1Decision } from './types.js';
import { closestValues, matchValue } from './value-match.js';
import { GROUP_CUES, MEASURE_MODIFIERS, STOP_WORDS } from './vocabulary.js';
import { yearParamOf } from './year-param.js';

/** Words that put a value after them ("for Acme", "in Puerto Rico", "at the depot X"). */
const CUES: ReadonlySet<string> = new Set(['for', 'in', 'at', 'from']);
/** Words allowed between a cue and its value. */
const ARTICLES: ReadonlySet<string> = new Set(['the', 'our', 'a', 'an']);
/** The longest value read, in words. */
const LONGEST = 4;

interface Run {
  start: number;
  end: number;
  /** Whether a cue word puts it where a value goes. */
  cued: boolean;
}

const inside = (spans: ReadonlyArray<readonly [number, number]>, s: number, e: number): boolean => spans.some(([a, b]) => s < b && e > a);

/** Spans of the question already read as something else: a period, a top-N, a known value. */
function takenSpans(asks: QuestionAsks): Array<[number, number]> {
  const out: Array<[number, number]> = [...(asks.period?.spans ?? [])];
  if (asks.limit !== undefined) out.push([asks.limit.start, asks.limit.end]);
  for (const f of asks.filters) if (!f.loose) out.push([f.start, f.end]);
  return out;
}

/** Codes written as codes ("TEAM-M", "EU-WEST"): capitals joined by hyphens, a value whatever its words mean. */
const CODE = /(?<![\p{L}\p{N}-])\p{Lu}[\p{Lu}\p{N}]*(?:-[\p{Lu}\p{N}]+)+(?![\p{L}\p{N}-])/gu;

function codeSpans(question: string, p: Prepared): Array<[number, number]> {
  return [...question.matchAll(CODE)].filter((m) => p.lexicon.fieldsOf(m[0]).length === 0).map((m) => [m.index, m.index + m[0].length]);
}

function unknownWord(p: Prepared, w: WordSpan, taken: ReadonlyArray<readonly [number, number]>, codes: ReadonlyArray<readonly [number, number]>): boolean {
  if (inside(codes, w.start, w.end) && !inside(taken, w.start, w.end)) return true;
  if (STOP_WORDS.has(w.word) || isNeutralWord(w.word) || isNumberWord(w.word) || /^\d/.test(w.word)) return false;
  if (inside(taken, w.start, w.end) || MEASURE_MODIFIERS.has(w.word)) return false;
  return !p.isKnown(w.word) && p.lexicon.fieldsOf(w.word).length === 0;
}

/** Whether the word before `i` (an article aside) is a cue. */
function cuedAt(ws: readonly WordSpan[], i: number): boolean {
  let j = i - 1;
  if (j >= 0 && ARTICLES.has((ws[j] as WordSpan).word)) j--;
  return j >= 0 && CUES.has((ws[j] as WordSpan).word);
}

/** The one run of unknown words in the question (a hyphenated code stays whole), if exactly one. */
function unknownRun(p: Prepared, question: string, asks: QuestionAsks): Run | undefined {
  const ws = words(question);
  const taken = takenSpans(asks);
  const codes = codeSpans(question, p);
  const runs: Run[] = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i] as WordSpan;
    const last = runs[runs.length - 1];
    const joined = last !== undefined && last.end === (ws[i - 1] as WordSpan | undefined)?.end && /^-$/.test(question.slice(last.end, w.start));
    if (joined) last.end = w.end;
    else if (unknownWord(p, w, taken, codes)) {
      if (last !== undefined && last.end === (ws[i - 1] as WordSpan | undefined)?.end && /^\s+$/.test(question.slice(last.end, w.start))) last.end = w.end;
      else runs.push({ start: w.start, end: w.end, cued: cuedAt(ws, i) });
    }
  }
  const run = runs.length === 1 ? runs[0] : undefined;
  if (run === undefined || words(question.slice(run.start, run.end)).length > LONGEST) return undefined;
  // "headcount by ethnicity": words after "by" or "per" ask for a breakdown, never name a value.
  const before = ws.filter((w) => w.end <= run.start).pop();
  return before !== undefined && GROUP_CUES.has(before.word) ? undefined : run;
}

/** Whether an owner's example of the block puts a value of `param` bare, with no cue before it. */
function bareInExamples(p: Prepared, block: CompiledBlock, param: CompiledParam): boolean {
  return block.examples.some((e) => {
    const asks = asksOf(p, e.question, {});
    const ws = words(e.question);
    return asks.filters.some((f) => {
      if (!f.fields.some((field) => paramForField(block, field)?.name === param.name)) return false;
      const i = ws.findIndex((w) => w.start === f.start);
      return i >= 0 && !cuedAt(ws, i);
    });
  });
}

/** The block's one string parameter the question leaves unset and whose values are known. */
function freeClosedParam(p: Prepared, block: CompiledBlock, asked: Asked): { param: CompiledParam; values: readonly string[] } | undefined {
  const set = new Set(asked.asks.filters.flatMap((f) => f.fields.map((field) => paramForField(block, field)?.name)));
  // A parameter taking a year or a month ("2026-10", "FY27") takes periods, never the unknown words.
  const period = yearParamOf(block)?.param.name;
  const free = block.params.filter((x) => x.type === 'string' && !set.has(x.name) && x.name !== period);
  const only = free.length === 1 ? free[0] : undefined;
  const values = only === undefined ? undefined : p.lexicon.closed(only.name);
  return only === undefined || values === undefined || values.length === 0 ? undefined : { param: only, values };
}

function notHeld(block: CompiledBlock, param: CompiledParam, asked: string, values: readonly string[]): Unmet {
  const near = closestValues(asked, values);
  const hint = near.length > 0 ? ` Closest: ${near.join(', ')}.` : ` It holds ${values.length} values, such as ${values.slice(0, 5).join(', ')}.`;
  return { kind: 'value', message: `"${asked}" is not a ${param.name} value that ${block.id} knows.${hint}` };
}

export interface Ranking {
  asked: Asked;
  ranked: Scored[];
}

/**
 * After no block matched: the block that would answer were the one run of unknown words a value
 * of its free string parameter, refusing that value. `rank` scores a question as the router does.
 */
export function unknownValue(p: Prepared, question: string, options: RouteOptions, rank: (text: string) => Ranking): Tier1Decision | undefined {
  const run = unknownRun(p, question, asksOf(p, question, options));
  if (run === undefined) return undefined;
  const value = question.slice(run.start, run.end);
  const { asked, ranked } = rank(`${question.slice(0, run.start)}${' '.repeat(run.end - run.start)}${question.slice(run.end)}`);
  for (const r of ranked) {
    if (r.score < MATCH_THRESHOLD) break;
    const block = p.index.blocks[r.doc] as CompiledBlock;
    if (block.status === 'draft' || p.gateOf(r.doc) !== undefined) continue;
    const fit: Fit = fitOf(block, asked, options, false, p);
    // The default the unknown words stand in for is no reason to pass the block over.
    const free = fit.unmet.every((u) => u.kind === 'default') ? freeClosedParam(p, block, asked) : undefined;
    if (free === undefined || matchValue(value, free.values) !== undefined) continue;
    if (!run.cued && !bareInExamples(p, block, free.param)) continue;
    return refused(valueNotAccepted(block, [notHeld(block, free.param, value, free.values)]), false, [{ id: block.id, score: r.score, role: 'cannot-answer' }]);
  }
  return undefined;
}
