/**
 * "tickets resolved in October" of a block counting tickets opened in October, "articles published
 * last week" of a block counting last week's pageviews: the question puts its period on an event
 * the block's rows record on another date. The block's query says both: the date its period
 * parameters are compared with, and the other dates it reads (`resolved_on`, `published_on`). A
 * verb said right before the period that names one of those other dates asks a period the block
 * cannot bind.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { queryCode } from './query-code.js';

/** A date column's event: the name before its date ending (`resolved_on`, `opened_at`, `ship_date`). */
const DATE_COLUMN = /\b([a-z][a-z0-9]*?)_(?:at|on|date|time|ts|dt|day)\b/gi;
/** Where a condition starts: the words before a period parameter back to this are its column. */
const CONDITION = /\b(?:where|and|or|on|when|having|select)\b/gi;
const PERIOD_PARAM = /year|month|quarter|week|since|until|start|end|from|date|day/i;

/**
 * Events that are one stage of a case's life under several verbs (a ticket "closed" is
 * "resolved"; a complaint "received" is "opened"), so a verb meets the column of its stage.
 */
const STAGES: ReadonlyArray<readonly string[]> = [
  ['clos', 'resolv', 'solv', 'settl', 'complet', 'finish'],
  ['open', 'receiv', 'rais', 'log', 'creat', 'submit', 'lodg'],
];

/** A verb's or a column's event, spelled one way: "closed", "close", "closing" are "clos". */
function eventKey(word: string): string {
  let w = word.toLowerCase().replace(/(?:ed|ing|es|s)$/, '');
  if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  w = w.replace(/e$/, '');
  const stage = STAGES.findIndex((s) => s.includes(w));
  return stage < 0 ? w : `stage:${stage}`;
}

/** The text of the conditions comparing each period parameter, or none where the query shows none. */
function periodConditions(block: CompiledBlock): string[] {
  const out: string[] = [];
  const query = queryCode(block);
  for (const p of block.params) {
    if (p.type !== 'date' && !PERIOD_PARAM.test(p.name)) continue;
    for (const m of query.matchAll(new RegExp(`\\$\\{\\s*${p.name}\\s*\\}`, 'g'))) {
      const before = query.slice(Math.max(0, m.index - 120), m.index);
      const starts = [...before.matchAll(CONDITION)];
      const from = starts.length === 0 ? 0 : (starts[starts.length - 1]?.index ?? 0) + (starts[starts.length - 1]?.[0].length ?? 0);
      out.push(before.slice(from));
    }
  }
  return out;
}

/** The select item ending at `end`: back to a comma outside brackets or the SELECT that opens it. */
function selectItemBefore(query: string, end: number): string {
  let depth = 0;
  for (let i = end - 1; i >= Math.max(0, end - 240); i--) {
    const c = query[i];
    if (c === ')') depth++;
    else if (c === '(' && --depth < 0) return query.slice(i + 1, end);
    else if (c === ',' && depth === 0) return query.slice(i + 1, end);
    else if (depth === 0 && /\bselect\s$/i.test(query.slice(Math.max(0, i - 6), i + 1))) return query.slice(i + 1, end);
  }
  return '';
}

/**
 * The names a period condition compares, with what each is made of where the query makes it
 * (`substr(notified_on, 1, 7) AS month`): a derived month is the date it is cut from.
 */
function periodNames(block: CompiledBlock): Set<string> {
  const names = new Set(periodConditions(block).flatMap((c) => c.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []));
  const query = queryCode(block);
  for (const name of [...names]) {
    for (const m of query.matchAll(new RegExp(`\\bas\\s+${name}\\b`, 'gi'))) {
      for (const x of selectItemBefore(query, m.index)
        .toLowerCase()
        .match(/[a-z_][a-z0-9_]*/g) ?? [])
        names.add(x);
    }
  }
  return names;
}

/** Each block's date columns by event, and the names its period conditions compare, read once. */
const READ = new WeakMap<CompiledBlock, { dates: Map<string, string>; period: Set<string> }>();
function readOf(block: CompiledBlock): { dates: Map<string, string>; period: Set<string> } {
  let read = READ.get(block);
  if (read === undefined) {
    const dates = new Map<string, string>();
    for (const m of queryCode(block).matchAll(DATE_COLUMN)) dates.set(m[0].toLowerCase(), eventKey(m[1] ?? ''));
    read = { dates, period: periodNames(block) };
    READ.set(block, read);
  }
  return read;
}

/** A word said as an event: a past form ("resolved"), or a verb a do-question asks ("did we close"). */
function saidAsEvent(before: readonly string[], i: number): boolean {
  const w = before[i] ?? '';
  return /(?:ed|en)$/.test(w) || before.slice(i + 1, i + 3).some((x) => x === 'did' || x === 'do' || x === 'does');
}

/**
 * The date column the words said right before the period name, when it is not the one the
 * block's period is on (`resolved_on` for "resolved in October"); undefined otherwise.
 */
export function periodOnAnotherDate(block: CompiledBlock, before: readonly string[]): { said: string; column: string } | undefined {
  const { dates, period } = readOf(block);
  if (period.size === 0 || dates.size === 0) return undefined;
  // The nearest word naming one of the block's dates decides: "opened and closed in May" is the closing.
  for (const [i, said] of before.slice(0, 3).entries()) {
    if (!saidAsEvent(before, i)) continue;
    const key = eventKey(said);
    const named = [...dates].filter(([, k]) => k === key).map(([c]) => c);
    if (named.length === 0) continue;
    if (named.some((c) => period.has(c))) return undefined;
    return { said, column: named[0] as string };
  }
  return undefined;
}

/** The block's period date that `said` names by its event ("raised" of `opened_on`), if any. */
export function periodDateNamed(block: CompiledBlock, said: string): string | undefined {
  const { dates, period } = readOf(block);
  const key = eventKey(said);
  return [...dates].find(([c, k]) => k === key && period.has(c))?.[0];
}
