/**
 * The names an owner gives coded values in a block's description: "plant_code: SHF Sheffield, TEL
 * Telford or LIV Livingston", "the Glasgow clinic (GLA)", "region = NE North East". A person asks
 * "at Livingston", and the data holds LIV; without the owner's label the word is no value at all
 * and the block would answer for its default plant. A label is the capitalised words right after
 * a code (or right before it in brackets), for codes the field is known to hold; a label two
 * codes of one field share says neither.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { policyValues } from '../rules/parameter-policy.js';
import { monthNumber, STOP_WORDS } from './vocabulary.js';

/** A label: the field, the words as the owner wrote them, the code the data holds, and whether it is a leading run of a longer label ("App" of "App Store"). */
export type ValueLabel = readonly [field: string, label: string, value: string, shorter?: true];

/**
 * A capitalised name of one to six words ("Livingston", "North East", "Mersey & Cheshire", "Arts,
 * Humanities and Social Sciences"); a list of labels runs on into the next code, where it is cut.
 */
const NAME = "\\p{Lu}[\\p{L}'’.-]*(?:,?\\s+(?:&\\s+|and\\s+|of\\s+)?\\p{Lu}[\\p{L}'’.-]*){0,5}";

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A code worth labelling: two or more characters, no lower-case letter ("SHF", "NE", "LON01"), or
 * a number code of two to six digits ("110 Trauma and Orthopaedics", a treatment function).
 */
const isCode = (v: string): boolean => (v.length >= 2 && v.length <= 12 && !/\p{Ll}/u.test(v) && /\p{Lu}/u.test(v)) || /^\d{2,6}$/.test(v);

/** The words of a matched name before any code of the field, without trailing punctuation. */
function untilCode(name: string, known: ReadonlySet<string>): string {
  const ws = name.split(/\s+/);
  const at = ws.findIndex((w) => known.has(w.replace(/[,.]+$/, '')));
  return (at < 0 ? ws : ws.slice(0, at)).join(' ').replace(/[,.’'-]+$/, '');
}

/**
 * "in Mersey" for "Mersey & Cheshire", "at Wrenfield General" for "Wrenfield General Hospital":
 * each leading run of a label's words names its code too (one that names two codes is dropped
 * later), never one ending on a joining word.
 */
function shorterNames(field: string, label: string, code: string): ValueLabel[] {
  const all = label.split(/\s+/);
  // Runs stay inside the name's first part: "Sheffield, Rotherham and Doncaster" gives "Sheffield".
  const comma = all.findIndex((w) => w.endsWith(','));
  const ws = (comma < 0 ? all : all.slice(0, comma + 1)).map((w) => w.replace(/[,.]+$/, ''));
  const out: ValueLabel[] = [];
  for (let k = 1; k < Math.min(ws.length + (comma < 0 ? 0 : 1), all.length); k++) {
    const last = (ws[k - 1] ?? '').toLowerCase();
    if (last === 'and' || last === 'of' || last === '&' || (k === 1 && last.length <= 2)) continue;
    out.push([field, ws.slice(0, k).join(' '), code, true]);
  }
  // "Credit Card" for "Harrowgate Credit Card": a trailing run of two or more words, not opened by a joining word.
  const words = all.map((w) => w.replace(/[,.]+$/, ''));
  for (let k = 1; k + 2 <= words.length; k++) {
    const first = (words[k] ?? '').toLowerCase();
    if (first === 'and' || first === 'of' || first === '&' || all[k - 1]?.endsWith(',')) continue;
    out.push([field, words.slice(k).join(' '), code]);
  }
  return out;
}

/** "emotional support" of "ESS emotional support sessions": a lower-case label's leading runs of two words or more name its code too. */
function lowerRuns(field: string, label: string, code: string): ValueLabel[] {
  const ws = label.split(/\s+/);
  const out: ValueLabel[] = [];
  for (let k = 2; k < ws.length; k++) if (!['and', 'of', '&'].includes(ws[k - 1] ?? '')) out.push([field, ws.slice(0, k).join(' '), code, true]);
  return out;
}

/**
 * "RET Retail stores, DIS ...", "DRV Drivers and transport)": a label in sentence case runs on over
 * up to three lower-case words when the list's punctuation (or its "or") ends it right there; a
 * label followed by other words ("SHF Sheffield per week") keeps its capitalised words only.
 */
function sentenceCase(rest: string): string {
  const m = /^((?:\s+[\p{Ll}&][\p{L}'’-]*){1,3})(?=\s*(?:[,;:)]|\s+or\s|$))/u.exec(rest);
  if (m === null) return '';
  const ws = (m[1] ?? '').trim().split(/\s+/);
  return ws.every((w) => w === 'and' || w === '&' || w === 'of' || !STOP_WORDS.has(w)) ? (m[1] ?? '') : '';
}

/** The labels one text gives the codes of one field. */
function labelsIn(text: string, field: string, codes: readonly string[]): ValueLabel[] {
  const out: ValueLabel[] = [];
  const known = new Set(codes);
  for (const code of codes) {
    // Every pattern below holds the code as written: a text without it gives it no label.
    if (!text.includes(code)) continue;
    const c = escape(code);
    const after = new RegExp(`(?<![\\p{L}\\p{N}_])${c}\\s*(?:[=:–-]\\s*|\\(\\s*)?(${NAME})`, 'gu');
    // "the Glasgow clinic (GLA)": one lower-case noun may stand between the name and its code.
    const before = new RegExp(`(${NAME})(?:\\s+\\p{Ll}+)?\\s*\\(\\s*${c}\\s*\\)`, 'gu');
    // "PSO paid social, SRA search ads": a label all in lower case runs to the list's punctuation, as one in sentence case does.
    // A remark in brackets may follow it: "JUN junior (under 16), CON concession (60+ or disabled)".
    const lower = new RegExp(`(?<![\\p{L}\\p{N}_])${c}(?=((?:\\s+[\\p{Ll}&][\\p{L}'’-]*){1,3})(?:\\s*\\([^()]{1,40}\\))?\\s*(?:[,;:)]|\\s+or\\s))`, 'gu');
    for (const m of text.matchAll(lower)) {
      const label = sentenceCase(m[1] ?? '').trim();
      if (label === '' || STOP_WORDS.has(label.split(/\s+/)[0] ?? '')) continue;
      out.push([field, label, code], ...lowerRuns(field, label, code));
    }
    for (const m of [...text.matchAll(after), ...text.matchAll(before)]) {
      const tail = m[0].startsWith(code) ? sentenceCase(text.slice((m.index ?? 0) + m[0].length)) : '';
      // A label ends where another code of the field starts ("Sheffield, TEL Telford"): a label names one code only.
      const label = untilCode((m[1] ?? '') + tail, known);
      // "FY25 (September 2024 to August 2025)": a month after a code dates it, it does not name it.
      if (label === '' || monthNumber((label.split(/\s+/)[0] ?? '').toLowerCase()) !== undefined) continue;
      out.push([field, label, code], ...shorterNames(field, label, code));
      // "110 Trauma and Orthopaedics (T&O)": the initials in brackets after the label name it too.
      const initials = text.slice((m.index ?? 0) + m[0].length).match(/^\s*\(\s*([\p{Lu}&/]{2,8})\s*\)/u)?.[1];
      if (initials !== undefined && !known.has(initials)) out.push([field, initials, code]);
    }
  }
  return out;
}

/** The labels a block's description gives the codes its own parameter policy lists ("ESS emotional support sessions"), as written. */
export function ownLabels(block: CompiledBlock): string[] {
  const out: string[] = [];
  for (const param of Object.keys(block.parameterPolicy ?? {})) {
    const codes = (policyValues(block, param) ?? []).filter(isCode);
    if (codes.length >= 2) out.push(...labelsIn(block.description ?? '', param, codes).map((l) => l[1]));
  }
  return out;
}

/** A value's bracket pattern, built once per field rather than once per block. */
type BracketMatcher = readonly [value: string, pattern: RegExp];

/** A field's bracket patterns by the last two characters of their value, looked up where a bracket opens. */
function bracketMatchers(values: readonly string[]): Map<string, BracketMatcher[]> {
  const out = new Map<string, BracketMatcher[]>();
  for (const v of values) {
    if (v.length < 2) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escape(v)}\\s*\\(\\s*([\\p{L}&/' -]{2,30}?)\\s*\\)`, 'gu');
    const key = v.slice(-2);
    const list = out.get(key);
    if (list === undefined) out.set(key, [[v, pattern]]);
    else list.push([v, pattern]);
  }
  return out;
}

/**
 * "authorised_push_payment (APP scams)", "CCD (cards)": a short name in brackets right after a value
 * of the field names that value, whatever the value looks like; initials alone do not.
 */
function bracketNames(text: string, field: string, values: readonly string[], matchers: ReadonlyMap<string, BracketMatcher[]>): ValueLabel[] {
  const out: ValueLabel[] = [];
  // Only values ending where a bracket's run of spaces starts can be named by it.
  const near = new Set<BracketMatcher>();
  for (const m of text.matchAll(/\s*\(/g)) {
    for (const c of matchers.get(text.slice(m.index - 2, m.index)) ?? [])
      if (m.index >= c[0].length && text.startsWith(c[0], m.index - c[0].length)) near.add(c);
  }
  // In the field's own order of values, as every value was once tried in turn.
  for (const [value, after] of [...near].sort((a, b) => values.indexOf(a[0]) - values.indexOf(b[0]))) {
    for (const m of text.matchAll(after)) {
      // "1, 5, 12 or 42 (bus)": a bracket after a list's last item ("or", "and") says what the whole list is.
      if (/(?:^|\s)(?:or|and)\s+$/.test(text.slice(0, m.index))) continue;
      const name = (m[1] ?? '').trim();
      // Initials alone abbreviate the words before them ("Fibre broadband (FTTP)"), not the value they end on.
      if (name.split(/\s+/).length <= 3 && /\p{Ll}/u.test(name) && !values.includes(name)) out.push([field, name, value]);
    }
  }
  return out;
}

/**
 * Every label the blocks' descriptions give a code of a field with a known value set; a label
 * given to two codes of one field is dropped.
 */
export function labelledValues(blocks: readonly CompiledBlock[], known: ReadonlyMap<string, readonly string[]>): ValueLabel[] {
  const found = new Map<string, ValueLabel>();
  const clash = new Set<string>();
  const named = namedWords(blocks);
  for (const [field, values] of known) {
    const codes = values.filter(isCode);
    if (values.length < 2) continue;
    const matchers = bracketMatchers(values);
    for (const b of blocks) {
      const text = b.description ?? '';
      for (const l of [...(codes.length < 2 ? [] : labelsIn(text, field, codes)), ...bracketNames(text, field, values, matchers)]) {
        // "App" of "IOS App Store" is no name of iOS where the project names its own things with the word (app_version).
        if (l[3] === true && named.has(l[1].toLowerCase())) continue;
        const key = `${field}\u0000${l[1].toLowerCase()}`;
        if (found.has(key) && found.get(key)?.[2] !== l[2]) clash.add(key);
        found.set(key, l);
      }
    }
  }
  return [...found].filter(([k]) => !clash.has(k)).map(([, [f, label, code]]) => [f, label, code]);
}

/** The words of the names the owners give their own things: result columns, their synonyms and parameters. */
function namedWords(blocks: readonly CompiledBlock[]): Set<string> {
  const names = blocks.flatMap((b) => [
    ...b.outputs,
    ...Object.entries(b.columns ?? {}).flatMap(([n, c]) => [n, ...(c.synonyms ?? [])]),
    ...b.params.map((p) => p.name),
  ]);
  return new Set(names.flatMap((n) => n.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w !== ''));
}
